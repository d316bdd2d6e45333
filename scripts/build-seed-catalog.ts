/**
 * Builds api/seed/catalog.json — the store's own seeded catalogue.
 *
 *   npx tsx scripts/build-seed-catalog.ts
 *
 * Images are each product's own pictures, drawn by scripts/generate-catalog-art.ts
 * (/images/<_id>-{side,top,sole}.svg); the script fails if any is missing.
 * Deterministic output: re-running yields the same file.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { imagePath, VIEWS } from './catalog-art/render.js';

type Category = 'Men' | 'Women';
type SubCategory = 'Sports Shoes' | 'Sneakers' | 'Leather Shoes' | 'Slippers' | 'Sandals';
interface Draft {
  name: string;
  /** The product's id when it no longer follows from its name (a renamed product keeps its id: carts hold it). */
  id?: string;
  colour: string; // colourway slug, part of the id
  price: number;
  desc: string;
  omit?: number[]; // UK sizes not stocked
  best?: boolean;
}

const TYPE_SLUG: Record<SubCategory, string> = {
  'Sports Shoes': 'sports-shoes',
  Sneakers: 'sneakers',
  'Leather Shoes': 'leather-shoes',
  Slippers: 'slippers',
  Sandals: 'sandals',
};

const DATA: Record<Category, Record<SubCategory, Draft[]>> = {
  Men: {
    'Sports Shoes': [
      {
        name: 'Stride Pro Running Shoe',
        colour: 'navy',
        price: 4499,
        best: true,
        desc: 'A lightweight engineered-mesh runner built on a dual-density foam midsole that stays springy over long miles. The padded collar and firm heel counter lock the foot in, while the rubber outsole grips wet roads. Fits true to size with a roomy toe box.',
      },
      {
        name: 'Tempo Trail Runner',
        colour: 'olive',
        price: 5299,
        omit: [6],
        desc: 'A lugged rubber outsole and reinforced toe bumper make this our go-to for gravel paths and weekend hill loops. The ripstop upper shrugs off splashes and dries quickly, and a gusseted tongue keeps grit out.',
      },
      {
        name: 'Aero Knit Trainer',
        colour: 'slate',
        price: 3799,
        desc: 'A breathable, sock-like knit upper paired with a cushioned EVA midsole for gym sessions and easy 5Ks. Flex grooves under the forefoot move naturally with every stride, and the insole is removable and washable.',
      },
      {
        name: 'Velocity Max Cushion Runner',
        colour: 'onyx',
        price: 6999,
        desc: 'Our most cushioned road shoe, with a thick rocker-shaped midsole that rolls you smoothly from heel to toe. Reflective detailing on the heel tab keeps you visible on early-morning runs. Ideal for recovery days and half-marathon training blocks.',
      },
      {
        name: 'Court Sprint Training Shoe',
        colour: 'crimson',
        price: 2999,
        omit: [11],
        desc: 'A stable, low-drop trainer for HIIT, badminton and agility drills. The non-marking herringbone outsole grips indoor courts, and a moulded heel clip adds support for quick side-to-side moves.',
      },
    ],
    Sneakers: [
      {
        name: 'Court Classic Low',
        colour: 'chalk',
        price: 2999,
        best: true,
        desc: 'A clean low-top court sneaker in smooth synthetic leather with a perforated toe cap for airflow. The stitched cupsole is hard-wearing and wipes clean in seconds. Pairs easily with denim, chinos or shorts.',
      },
      {
        name: 'Metro Suede Sneaker',
        colour: 'tan',
        price: 3899,
        desc: 'Soft split-suede upper with tonal stitching and a cushioned footbed made for long days in the city. Sits on a flexible rubber cupsole with a contrast sidewall. Treat with a suede protector before first wear.',
      },
      {
        name: 'Everyday Canvas Low',
        colour: 'navy',
        price: 1999,
        omit: [6],
        desc: 'A washed cotton-canvas sneaker with a breathable cotton lining and a lightweight rubber sole. Easy to pack and made for weekend errands, college and travel.',
      },
      {
        name: 'Heritage Leather Court Sneaker',
        colour: 'onyx',
        price: 4999,
        desc: 'Full-grain leather upper with a padded collar and leather-lined heel for a refined sneaker that is built to last. The memory-foam insole is removable. Runs slightly roomy — if you are between sizes, go down.',
      },
      {
        name: 'Retro Terrace Sneaker',
        colour: 'olive',
        price: 3499,
        omit: [11],
        desc: 'Inspired by vintage terrace trainers, with suede overlays on a lightweight nylon base and a contrast heel tab. A slim profile and grippy outsole make it an easy everyday pair.',
      },
    ],
    'Leather Shoes': [
      {
        name: 'Windsor Cap-Toe Oxford',
        colour: 'onyx',
        price: 5999,
        best: true,
        desc: 'A classic cap-toe oxford in polished calf leather with closed lacing for a sleek, formal line. Full leather lining and a cushioned insole keep it comfortable from the boardroom to the wedding reception. Takes a high shine with regular polishing.',
      },
      {
        name: 'Hampton Brogue Derby',
        colour: 'cognac',
        price: 6499,
        desc: 'Hand-burnished cognac leather with brogue detailing around the toe cap and open derby lacing that suits a wider foot. Finished with a stacked heel and a rubber-inset leather sole for grip.',
      },
      {
        name: 'Camden Everyday Derby',
        colour: 'tan',
        price: 4499,
        omit: [6],
        desc: 'An everyday derby in soft, lightly waxed leather that needs almost no breaking in. The flexible rubber sole handles commutes and long days on your feet, and the padded collar stops heel rub.',
      },
      {
        name: 'Regent Plain-Toe Oxford',
        colour: 'navy',
        price: 7499,
        desc: 'Deep navy leather with a hand-finished patina for formal shoes that stand out just a little. Blake-stitched leather sole, a padded heel and breathable leather lining.',
      },
      {
        name: 'Office Comfort Derby',
        colour: 'slate',
        price: 2999,
        desc: 'Water-resistant coated leather on a cushioned, slip-resistant sole, built for long shifts and rainy commutes. The removable insole makes room for orthotics.',
      },
    ],
    Slippers: [
      {
        name: 'Lounge Quilted Mule',
        colour: 'navy',
        price: 999,
        desc: 'A quilted cotton upper lined with soft faux shearling, on a memory-foam footbed. The open back slips on and off easily, and the rubber sole is fine for a quick step onto the balcony.',
      },
      {
        name: 'Cloud Fleece Mule',
        colour: 'slate',
        price: 799,
        desc: 'A plush fleece upper over a thick, bouncy EVA sole that feels like walking on a pillow. Lightweight and hand-washable.',
      },
      {
        name: 'Corduroy House Mule',
        colour: 'olive',
        price: 1299,
        omit: [6],
        desc: 'Fine-wale corduroy upper with a cosy brushed lining and a suede-feel insole. The stitched rubber sole has a light tread, so it works indoors and out.',
      },
      {
        name: 'Wool Felt House Slipper',
        colour: 'onyx',
        price: 1199,
        desc: 'A wool-blend felt upper that breathes and keeps feet at a comfortable temperature all year. The cushioned footbed moulds to your foot over time.',
      },
    ],
    Sandals: [
      {
        name: 'Trekker Strap Sandal',
        colour: 'olive',
        price: 1899,
        best: true,
        desc: 'Three adjustable webbing straps and a metal buckle hold a contoured, shock-absorbing footbed firmly in place. Quick-drying and built on a lugged rubber outsole, it is made for monsoon walks and travel days.',
      },
      {
        name: 'Coastline Leather Sandal',
        colour: 'tan',
        price: 2299,
        desc: 'Vegetable-tanned leather straps over a cushioned footbed that shapes itself to your foot with wear. A buckled back strap keeps it secure on long walks.',
      },
      {
        name: 'Urban Sport Sandal',
        colour: 'onyx',
        price: 1499,
        omit: [11],
        desc: 'A lightweight sport sandal with padded, soft-lined straps and a grippy, flexible sole. Rinse it off after the beach and it is ready to go again.',
      },
      {
        name: 'Everyday Floater Sandal',
        colour: 'navy',
        price: 999,
        omit: [6],
        desc: 'An easy-going floater with soft straps, a buckled back strap and a textured footbed that stays comfortable in the heat. Lightweight enough for all-day wear.',
      },
    ],
  },
  Women: {
    'Sports Shoes': [
      {
        name: 'Aria Lightweight Runner',
        colour: 'blush',
        price: 3999,
        best: true,
        desc: 'A featherweight mesh runner with a responsive foam midsole and a snug, women-specific heel fit. A smooth inner lining means no rubbing on long runs. Great for daily miles and treadmill sessions.',
      },
      {
        name: 'Pulse Knit Trainer',
        colour: 'chalk',
        price: 3299,
        omit: [3],
        desc: 'A stretchy one-piece knit upper that hugs the foot like a sock, paired with a cushioned, flexible sole for gym classes and brisk walks. Pull tab at the heel for easy on and off.',
      },
      {
        name: 'Summit Trail Runner',
        colour: 'sand',
        price: 4899,
        desc: 'A rugged trail runner with a toe bumper, a lugged outsole and a water-repellent upper. Firm heel support keeps you steady on loose ground and uneven tracks.',
      },
      {
        name: 'Halo Max Cushion Runner',
        colour: 'slate',
        price: 6499,
        desc: 'Max-cushion foam and a gentle rocker shape take the sting out of long runs and long days on your feet. The breathable mesh upper has reflective details for low-light runs.',
      },
      {
        name: 'Studio Flex Training Shoe',
        colour: 'crimson',
        price: 2699,
        omit: [8],
        desc: 'A low-profile trainer with a wide, stable base for strength work, dance fitness and HIIT. The non-marking sole and flexible forefoot handle quick changes of direction.',
      },
    ],
    Sneakers: [
      {
        name: 'Luna Court Sneaker',
        colour: 'chalk',
        price: 2999,
        best: true,
        desc: 'Our best-loved white sneaker: smooth vegan leather, a perforated toe and a padded collar on a stitched cupsole. It goes with everything, from dresses to denim.',
      },
      {
        name: 'Platform Court Sneaker',
        colour: 'blush',
        price: 3499,
        desc: 'A soft-pink court sneaker on a lightweight platform cupsole that adds height without the weight. A cushioned insole and padded tongue keep it comfortable all day.',
      },
      {
        name: 'Canvas Weekender Low',
        colour: 'sand',
        price: 1999,
        omit: [3],
        desc: 'A breathable cotton-canvas low-top with a cushioned footbed and a flexible rubber sole. Light, easy to pack and made for holidays and lazy weekends.',
      },
      {
        name: 'Suede Court Low',
        colour: 'crimson',
        price: 3799,
        desc: 'A rich crimson suede upper with contrast stitching and a cream rubber sole. The leather lining breathes, and the slim shape pairs well with cropped trousers.',
      },
      {
        name: 'Heritage Leather High-Top',
        id: 'women-sneakers-heritage-leather-court-sneaker-navy',
        colour: 'navy',
        price: 4799,
        omit: [8],
        desc: 'A navy full-grain leather high-top with a padded, leather-lined ankle collar and a tan leather heel tab, built on a durable stitched cupsole. A removable memory-foam insole adds all-day comfort.',
      },
    ],
    'Leather Shoes': [
      {
        name: 'Beatrice Leather Oxford',
        colour: 'tan',
        price: 4999,
        desc: 'A slim, feminine oxford in burnished tan leather with a neat cap toe and a low stacked heel. Fully leather-lined, with a cushioned footbed for office days.',
      },
      {
        name: 'Eleanor Brogue Derby',
        colour: 'cognac',
        price: 5499,
        desc: 'Classic brogue detailing on rich cognac leather, with open lacing that adjusts easily over the instep. A rubber-tipped leather sole adds grip on polished floors.',
      },
      {
        name: 'Clara Polished Derby',
        colour: 'onyx',
        price: 3999,
        omit: [3],
        desc: 'A high-shine black derby with a low block heel, made for formal days and smart-casual evenings. A padded insole and soft lining mean no breaking-in blisters.',
      },
      {
        name: 'Soft Leather Work Derby',
        colour: 'blush',
        price: 2999,
        desc: 'Supple blush leather with a cushioned, slip-resistant sole for long days at work. Lightweight and flexible from the first wear.',
      },
    ],
    Slippers: [
      {
        name: 'Sherpa Cosy Mule',
        colour: 'blush',
        price: 899,
        best: true,
        desc: 'A quilted upper trimmed with plush faux sherpa, on a cushioned memory-foam footbed. The open back makes it easy to slip on, and the grippy sole is safe on tiled floors.',
      },
      {
        name: 'Quilted Velvet Mule',
        colour: 'crimson',
        price: 1299,
        desc: 'Diamond-quilted velvet with a satin-soft lining for a little luxury at home. The padded footbed and light rubber sole make it a thoughtful gift.',
      },
      {
        name: 'Cloud Fleece Clog',
        id: 'women-slippers-cloud-fleece-mule-sand',
        colour: 'sand',
        price: 799,
        omit: [3],
        desc: 'A roomy, open-back clog in warm sand-coloured fleece over a thick, springy EVA sole that cushions every step. Lightweight and hand-washable.',
      },
      {
        name: 'Waffle Knit House Slipper',
        colour: 'chalk',
        price: 699,
        desc: 'A breathable waffle-knit upper with a soft terry lining, ideal for warmer months. The slim, flexible sole folds flat for travel.',
      },
      {
        name: 'Felt Wool Mule',
        colour: 'slate',
        price: 1399,
        omit: [8],
        desc: 'A wool-blend felt mule that keeps feet warm without overheating. The cork-latex footbed shapes itself to your foot, and the rubber sole has a light tread.',
      },
    ],
    Sandals: [
      {
        name: 'Riviera Strappy Sandal',
        colour: 'tan',
        price: 1799,
        best: true,
        desc: 'Slim leather-look straps and a buckled ankle strap on a lightly padded footbed. Dress it up for dinner or wear it with shorts on holiday.',
      },
      {
        name: 'Meera Braided Leather Sandal',
        colour: 'cognac',
        price: 2299,
        desc: 'Hand-finished leather straps with a braided texture and an adjustable ankle buckle. The cushioned leather footbed softens and shapes to your foot with wear.',
      },
      {
        name: 'Everyday Comfort Sandal',
        colour: 'blush',
        price: 1299,
        omit: [3],
        desc: 'Soft padded straps and a contoured footbed with arch support make this an easy all-day sandal. The flexible rubber sole cushions every step.',
      },
      {
        name: 'Trail Sport Sandal',
        colour: 'olive',
        price: 1999,
        desc: 'Quick-dry webbing straps with a secure buckle and a grippy lugged outsole, built for waterfalls, treks and travel. The antimicrobial footbed stays fresh in the heat.',
      },
      {
        name: 'Minimal Ankle-Strap Sandal',
        colour: 'onyx',
        price: 1499,
        omit: [8],
        desc: 'Clean black straps and a slim buckled ankle strap on a lightweight, cushioned sole. A versatile pair for work, weekends and evenings out.',
      },
    ],
  },
};

const SIZES: Record<Category, number[]> = { Men: [6, 7, 8, 9, 10, 11], Women: [3, 4, 5, 6, 7, 8] };

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

function main(): void {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = resolve(here, '..');
  const imagesDir = join(root, 'api', 'public', 'images');

  const rows: Array<Record<string, unknown>> = [];
  for (const category of Object.keys(DATA) as Category[]) {
    for (const sub of Object.keys(DATA[category]) as SubCategory[]) {
      for (const d of DATA[category][sub]) {
        const type = TYPE_SLUG[sub];
        let id = d.id ?? slug(`${category}-${type}-${d.name}-${d.colour}`);
        if (id.length > 64) id = id.slice(0, 64).replace(/-+$/, '');
        rows.push({
          _id: id,
          name: d.name,
          description: d.desc,
          price: d.price,
          image: VIEWS.map((view) => imagePath(id, view)),
          category,
          subCategory: sub,
          sizes: SIZES[category].filter((n) => !(d.omit ?? []).includes(n)).map((n) => `UK ${n}`),
          bestseller: d.best === true,
          date: 0,
        });
      }
    }
  }

  // Spread release dates over 2026-01-04 .. ~2026-10-20, in an order unrelated to category.
  const n = rows.length;
  const step = 19; // coprime with n (checked below) → a permutation
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  if (gcd(step, n) !== 1) throw new Error(`step ${step} not coprime with ${n}`);
  const start = Date.UTC(2026, 0, 4, 4, 30); // 10:00 IST
  const span = Date.UTC(2026, 9, 20, 4, 30) - start;
  rows.forEach((r, i) => {
    const slot = (i * step) % n;
    r.date = start + Math.round((span * slot) / (n - 1) / 60000) * 60000 + (i % 7) * 13 * 60000;
  });

  // Validation
  const ids = new Set<string>();
  const dates = new Set<number>();
  for (const r of rows) {
    const id = r._id as string;
    if (!/^[a-z0-9-]{1,64}$/.test(id) || ids.has(id)) throw new Error(`bad/duplicate id ${id}`);
    ids.add(id);
    if (dates.has(r.date as number)) throw new Error(`duplicate date for ${id}`);
    dates.add(r.date as number);
    for (const img of r.image as string[]) {
      if (!existsSync(join(imagesDir, img.replace(/^\/images\//, '')))) {
        throw new Error(`${id}: missing image ${img} — run npm run catalog:art first`);
      }
    }
  }

  const outFile = join(root, 'api', 'seed', 'catalog.json');
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify(rows, null, 2) + '\n');
  console.log(`wrote ${rows.length} products to ${outFile}`);
}

main();
