/**
 * Writes a realistic catalogue of N products for load and scale work:
 *
 *   npm run catalog:generate -- <count> <out.json> [--stock] [--photos <n>]
 *
 * Names come from brand × line × model × colour words, descriptions are a few sentences built from per-type
 * phrases, images reuse the store's own artwork (api/public/images/<shoe>-<view>.svg, a shoe of the product's type,
 * of its colour when the artwork has one). The output is
 * deterministic: a fixed-seed PRNG, and product i depends only on the products before it, so the first 1,000
 * products of a 100,000 catalogue are the 1,000 catalogue.
 *
 * With --stock, rows also carry counts per size (the import's `stock` field), drawn from a PRNG of their own so the
 * products are the same with or without: about 60% of products counted in every size (some sizes with 3 pairs or
 * fewer), 5% sold out in every size, the rest not counted.
 *
 * With --photos <n>, n real-size JPEG photos (2,400–4,000 px, 1–3.5 MB, scripts/catalog-photos.ts) are written to
 * photos/ beside the catalogue, views of n/3 shoes spread over the types, and each product shows the three views of
 * a shoe of its type by relative path (photos/<shoe>-<view>.jpg), which `npm run catalog:import` stores as a shop's
 * photo folder. The products are otherwise the same as without.
 */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SUB_CATEGORIES, type Category, type SubCategory } from '#domain/store-rules';
import { prng } from './catalog-art/geometry.js';
import { artShoes, photoFolder, photoSide, renderPhoto, type ArtShoe } from './catalog-photos.js';

const random = prng(0x5eed_2026);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const between = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

const BRANDS = [
  'Aurex',
  'Kavi',
  'Northwind',
  'Solace',
  'Tarang',
  'Veloce',
  'Marlow',
  'Indigo Row',
  'Saffron',
  'Kestrel',
  'Bayline',
  'Copperfield',
  'Drift',
  'Everlane',
  'Fenwick',
  'Gully',
  'Harbour',
  'Ivory Lane',
  'Juno',
  'Kora',
  'Lumen',
  'Monsoon',
  'Nimbus',
  'Orchard',
  'Pavilion',
  'Quill',
  'Rover',
  'Sable',
  'Tundra',
  'Umber',
  'Vireo',
  'Wander',
  'Yatra',
  'Zephyr',
  'Café Noir',
  'Élan',
  'Crème',
  'Mövenpick Walk',
  'Señora',
  'Naïve',
] as const;

const LINES = [
  'Pro',
  'Max',
  'Lite',
  'Classic',
  'Air',
  'Flex',
  'Cloud',
  'Prime',
  'Edge',
  'Motion',
  'Heritage',
  'Urban',
  'Studio',
  'Metro',
  'Coast',
  'Summit',
  'Everyday',
  'Weekend',
  'Tempo',
  'Halo',
  'Aero',
  'Nova',
  'Terra',
  'Luxe',
] as const;

const MODELS: Record<SubCategory, readonly string[]> = {
  'Sports Shoes': [
    'Running Shoe',
    'Trainer',
    'Trail Runner',
    'Racer',
    'Cushion Runner',
    'Training Shoe',
    'Court Shoe',
    'Road Runner',
  ],
  Sneakers: [
    'Court Sneaker',
    'Low Sneaker',
    'High-Top',
    'Canvas Low',
    'Suede Sneaker',
    'Platform Sneaker',
    'Slip-On',
    'Retro Sneaker',
  ],
  'Leather Shoes': [
    'Oxford',
    'Derby',
    'Brogue',
    'Loafer',
    'Monk Strap',
    'Chelsea Boot',
    'Penny Loafer',
    'Cap-Toe Oxford',
  ],
  Slippers: [
    'House Slipper',
    'Mule',
    'Slide',
    'Moccasin Slipper',
    'Fleece Mule',
    'Quilted Slipper',
    'Felt Slipper',
  ],
  Sandals: [
    'Strap Sandal',
    'Floater',
    'Slide Sandal',
    'Sport Sandal',
    'Kolhapuri',
    'Gladiator Sandal',
    'Flip-Flop',
    'Wedge Sandal',
  ],
};

// The artwork's colourways, each with the words a name may use for it.
const COLOURS: Record<string, readonly string[]> = {
  blush: ['Blush', 'Rose', 'Petal'],
  chalk: ['Chalk', 'Ivory', 'White'],
  cognac: ['Cognac', 'Chestnut', 'Brown'],
  crimson: ['Crimson', 'Red', 'Ruby'],
  navy: ['Navy', 'Indigo', 'Blue'],
  olive: ['Olive', 'Moss', 'Green'],
  onyx: ['Onyx', 'Black', 'Charcoal'],
  sand: ['Sand', 'Beige', 'Khaki'],
  slate: ['Slate', 'Grey', 'Ash'],
  tan: ['Tan', 'Camel', 'Caramel'],
};
const COLOUR_KEYS = Object.keys(COLOURS);

const TYPE_SLUG: Record<SubCategory, string> = {
  'Sports Shoes': 'sports-shoes',
  Sneakers: 'sneakers',
  'Leather Shoes': 'leather-shoes',
  Slippers: 'slippers',
  Sandals: 'sandals',
};

const OPENERS: Record<SubCategory, readonly string[]> = {
  'Sports Shoes': [
    'A lightweight engineered-mesh runner built on a responsive foam midsole.',
    'A stable trainer for gym sessions, court drills and easy 5Ks.',
    'A lugged rubber outsole and a reinforced toe bumper make this a shoe for gravel paths and hill loops.',
    'Our most cushioned road shoe, with a rocker-shaped midsole that rolls you from heel to toe.',
  ],
  Sneakers: [
    'A clean low-top with a cupsole that pairs with jeans, chinos and everything in between.',
    'A court classic reworked with a padded collar and a softer footbed.',
    'A canvas everyday sneaker with a vulcanised sole and a relaxed fit.',
    'A retro terrace silhouette in soft suede with a gum rubber sole.',
  ],
  'Leather Shoes': [
    'A polished full-grain leather shoe with a Goodyear-welted sole that can be resoled for years.',
    'A soft calf leather shoe with a cushioned insole for long office days.',
    'Hand-burnished leather and a leather-lined interior give this pair a quiet shine.',
    'A formal silhouette with a slim profile and a stacked leather heel.',
  ],
  Slippers: [
    'A cosy house slipper lined with plush fleece and a memory-foam footbed.',
    'A quilted mule with an open back that slips on and off in a second.',
    'A wool felt slipper that keeps toes warm on cold floors.',
    'A soft slide with a cloud-like footbed for lazy mornings.',
  ],
  Sandals: [
    'An adjustable strap sandal with a contoured footbed for long summer walks.',
    'A braided leather sandal inspired by traditional craftsmanship.',
    'A sporty floater with quick-dry straps for monsoon days and beach trips.',
    'A minimal ankle-strap sandal that dresses up or down.',
  ],
};

const MIDDLES = [
  'The breathable lining keeps feet fresh through the day.',
  'A removable insole makes room for your own orthotics.',
  'Flex grooves under the forefoot move naturally with every step.',
  'The grippy rubber outsole holds on wet roads and polished floors alike.',
  'A padded heel counter locks the foot in without rubbing.',
  'Recycled materials make up most of the upper.',
  'Reflective details keep you visible after dark.',
  'The stitched sole is built to last season after season.',
  'A moulded heel cup adds support on uneven ground.',
  'It weighs barely more than a pair of socks.',
] as const;

const CLOSERS = [
  'Fits true to size.',
  'Runs slightly small; consider half a size up.',
  'Wipe clean with a damp cloth.',
  'Comes in a recyclable box.',
  'Pairs well with our everyday socks.',
  'Made to be worn from morning to night.',
] as const;

const VIEWS = ['side', 'top', 'detail'] as const;
// Dates spread over the two years before a fixed day, so the file does not depend on when it was made.
const LAST_DATE = Date.UTC(2026, 4, 31, 18, 0, 0);
const TWO_YEARS = 730 * 24 * 60 * 60 * 1000;

// The stock's own stream: the products' draws are the same with or without --stock.
const stockRandom = prng(0x570c_2028);

interface GeneratedProduct {
  _id: string;
  name: string;
  description: string;
  price: number;
  image: string[];
  category: Category;
  subCategory: SubCategory;
  sizes: string[];
  bestseller: boolean;
  date: number;
  stock?: Record<string, number>;
}

/** `count` distinct items of `list`, in random order. */
function sample<T>(list: readonly T[], count: number): T[] {
  const pool = [...list];
  for (let i = 0; i < count; i += 1) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function price(): number {
  // More shoes at everyday prices than at the top of the range.
  const rupees = Math.round(499 + (14_999 - 499) * random() ** 2);
  const paise = random() < 0.2 ? pick([0.5, 0.99, 0.25, 0.75]) : 0;
  return Math.min(14_999, rupees + paise);
}

function sizes(category: Category): string[] {
  const [low, high] = category === 'Men' ? [5, 12] : [2, 9];
  const count = between(3, 8);
  const first = between(low, high - count + 1);
  return Array.from({ length: count }, (_, i) => `UK ${first + i}`);
}

/** Artwork names carry the type's slug as a word: `sneakers-navy`, `men-sneakers-court-classic-low-chalk`. */
const isOfType = (shoe: ArtShoe, type: SubCategory) => new RegExp(`(^|-)${TYPE_SLUG[type]}-`).test(shoe.name);

const viewRank = (file: string) => {
  const rank = VIEWS.findIndex((view) => file.endsWith(`-${view}.svg`));
  return rank < 0 ? VIEWS.length : rank;
};
/** The artwork's shoes, each with its side view first (the one cards show). */
const ART = artShoes().map((shoe) => ({
  ...shoe,
  views: [...shoe.views].sort((a, b) => viewRank(a) - viewRank(b)),
}));

/** A shoe of the type, of the colour when there is one (chosen from the draws made already, so none is added). */
function artFor(subCategory: SubCategory, colour: string): ArtShoe | undefined {
  const ofType = ART.filter((shoe) => isOfType(shoe, subCategory));
  return (
    ofType.find((shoe) => shoe.name.endsWith(`-${colour}`)) ??
    ofType[COLOUR_KEYS.indexOf(colour) % Math.max(ofType.length, 1)]
  );
}

function generateProduct(index: number): GeneratedProduct {
  const category: Category = random() < 0.5 ? 'Men' : 'Women';
  const subCategory = pick(SUB_CATEGORIES);
  const colour = pick(COLOUR_KEYS);
  const name = `${pick(BRANDS)} ${pick(LINES)} ${pick(MODELS[subCategory])} ${pick(COLOURS[colour]!)}`;
  const middle = sample(MIDDLES, between(1, 3));
  const description = [pick(OPENERS[subCategory]), ...middle, pick(CLOSERS)].join(' ');
  const viewCount = between(1, 3);
  const art = artFor(subCategory, colour);
  return {
    _id: `${slug(name).slice(0, 56)}-${index.toString(36)}`,
    name,
    description,
    price: price(),
    image: art
      ? art.views.slice(0, viewCount).map((file) => `/images/${path.basename(file)}`)
      : VIEWS.slice(0, viewCount).map((view) => `/images/${TYPE_SLUG[subCategory]}-${colour}-${view}.svg`),
    category,
    subCategory,
    sizes: sizes(category),
    bestseller: random() < 0.1,
    date: LAST_DATE - Math.floor(random() * TWO_YEARS),
  };
}

/** Pairs on hand per size, or undefined for a product whose stock is not counted. */
function stockOf(productSizes: readonly string[]): Record<string, number> | undefined {
  const draw = stockRandom();
  if (draw < 0.35) return undefined;
  if (draw < 0.4) return Object.fromEntries(productSizes.map((size) => [size, 0]));
  const counts = Object.fromEntries(productSizes.map((size) => [size, 4 + Math.floor(stockRandom() * 37)]));
  // A quarter of the counted products run low in a size or two.
  if (stockRandom() < 0.25) {
    for (let i = 0; i < 1 + Math.floor(stockRandom() * 2); i += 1) {
      counts[productSizes[Math.floor(stockRandom() * productSizes.length)]!] = Math.floor(stockRandom() * 4);
    }
  }
  return counts;
}

/**
 * The shoes the photos show: n/3 of the artwork's, taken in turn from each type so every type has some, each with
 * its side view first (the one cards show).
 */
function photoShoes(count: number): ArtShoe[] {
  const shoes = ART;
  const byType = SUB_CATEGORIES.map((type) => shoes.filter((shoe) => isOfType(shoe, type)));
  const chosen: ArtShoe[] = [];
  for (let round = 0; chosen.length < count && round < shoes.length; round += 1) {
    for (const list of byType) if (chosen.length < count && list[round]) chosen.push(list[round]!);
  }
  for (const shoe of shoes) if (chosen.length < count && !chosen.includes(shoe)) chosen.push(shoe);
  return chosen.map((shoe) => ({ ...shoe, views: shoe.views.slice(0, 3) }));
}

/** Renders the shoes' views into the photos folder (a photo already there is kept); answers the folder's bytes. */
async function writePhotos(shoes: readonly ArtShoe[], folder: string): Promise<number> {
  let bytes = 0;
  let n = 0;
  for (const shoe of shoes) {
    for (const view of shoe.views) {
      const out = path.join(folder, `${path.basename(view, '.svg')}.jpg`);
      bytes += existsSync(out) ? statSync(out).size : await renderPhoto(view, photoSide(n), out);
      n += 1;
    }
  }
  return bytes;
}

const args = process.argv.slice(2);
const withStock = args.includes('--stock');
const photosAt = args.indexOf('--photos');
const photoCount = photosAt < 0 ? 0 : Number(args[photosAt + 1]);
const [countArg, out] = args.filter(
  (arg, i) => arg !== '--stock' && (photosAt < 0 || (i !== photosAt && i !== photosAt + 1)),
);
const count = Number(countArg);
if (!out || !Number.isInteger(count) || count < 1 || !Number.isInteger(photoCount) || photoCount < 0) {
  console.error('Usage: npm run catalog:generate -- <count> <out.json> [--stock] [--photos <n>]');
  process.exit(2);
}
const shoes = photoCount > 0 ? photoShoes(Math.ceil(photoCount / 3)) : [];
const products = Array.from({ length: count }, (_, i) => {
  const product = generateProduct(i + 1);
  const stock = withStock ? stockOf(product.sizes) : undefined;
  if (shoes.length > 0) {
    // A shoe of the product's type, in turn; any shoe when the artwork has none of that type.
    const ofType = shoes.filter((shoe) => isOfType(shoe, product.subCategory));
    const pool = ofType.length > 0 ? ofType : shoes;
    product.image = pool[i % pool.length]!.views.map((view) => `photos/${path.basename(view, '.svg')}.jpg`);
  }
  return stock ? { ...product, stock } : product;
});
writeFileSync(out, JSON.stringify(products));
console.log(`wrote ${count} products to ${out}`);
if (shoes.length > 0) {
  const folder = photoFolder(out);
  const bytes = await writePhotos(shoes, folder);
  const photos = shoes.reduce((sum, shoe) => sum + shoe.views.length, 0);
  console.log(`wrote ${photos} photos (${(bytes / 1024 / 1024).toFixed(1)} MiB) to ${folder}`);
}
