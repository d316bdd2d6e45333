import { randomBytes } from 'node:crypto';

// The lineage backend's data shapes (Mongoose documents as `res.json` writes them), its default catalogue,
// and the generated pictures its image server hands out.

export const LINEAGE_CATEGORIES = ['Men', 'Women'] as const;
export const LINEAGE_SUB_CATEGORIES = [
  'Sports Shoes',
  'Sneakers',
  'Leather Shoes',
  'Slippers',
  'Sandals',
] as const;

export interface LineageProduct {
  _id: string;
  name: string;
  description: string;
  price: number;
  /** Absolute URLs on another origin (the image server), as the original's Cloudinary URLs are. */
  image: string[];
  category: (typeof LINEAGE_CATEGORIES)[number];
  subCategory: (typeof LINEAGE_SUB_CATEGORIES)[number];
  sizes: string[];
  bestseller: boolean;
  /** Milliseconds since the epoch, as the original stores `Date.now()`. */
  date: number;
  /** Mongoose's version key, always written out. */
  __v: 0;
}

// ── ObjectIds ──────────────────────────────────────────────────────────────────────────────────────────
// A Mongo ObjectId is 4 bytes of seconds, 5 random bytes and a 3-byte counter, written as 24 hex digits,
// so ids made later sort after earlier ones, as in a real collection.
const processRandom = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

export function objectId(seconds = Math.floor(Date.now() / 1000)): string {
  counter = (counter + 1) % 0x1000000;
  return hex(seconds, 8) + processRandom + hex(counter, 6);
}

const CATALOGUE_EPOCH_SECONDS = Date.UTC(2024, 6, 1) / 1000;

/** A fixed ObjectId, so the default catalogue has the same ids in every run. */
function catalogueId(index: number): string {
  return hex(CATALOGUE_EPOCH_SECONDS, 8) + 'c0ffee0000' + hex(index, 6);
}

function hex(value: number, digits: number): string {
  return value.toString(16).padStart(digits, '0').slice(-digits);
}

// ── The default catalogue ──────────────────────────────────────────────────────────────────────────────
type Row = [
  name: string,
  category: LineageProduct['category'],
  subCategory: LineageProduct['subCategory'],
  price: number,
  sizes: string[],
  bestseller: boolean,
  pictures: number,
];

// Twelve shoes: both categories, every type, two to four sizes each, a few with several pictures.
const ROWS: Row[] = [
  ['Stride Runner', 'Men', 'Sports Shoes', 2499, ['UK 7', 'UK 8', 'UK 9', 'UK 10'], true, 3],
  ['Pace Trainer', 'Women', 'Sports Shoes', 2199, ['UK 4', 'UK 5', 'UK 6'], false, 2],
  ['Court Classic', 'Men', 'Sneakers', 1899, ['UK 8', 'UK 9'], true, 2],
  ['Canvas Low', 'Women', 'Sneakers', 1499, ['UK 3', 'UK 4', 'UK 5'], true, 1],
  ['City High-Top', 'Men', 'Sneakers', 2299, ['UK 7', 'UK 8', 'UK 11'], false, 1],
  ['Oxford Brogue', 'Men', 'Leather Shoes', 3999, ['UK 7', 'UK 8', 'UK 9'], false, 3],
  ['Ballet Loafer', 'Women', 'Leather Shoes', 3299, ['UK 4', 'UK 5'], true, 2],
  ['Pool Slide', 'Men', 'Slippers', 599, ['UK 8', 'UK 9', 'UK 10'], false, 1],
  ['Cloud Slipper', 'Women', 'Slippers', 749, ['UK 4', 'UK 6'], false, 1],
  ['Trail Sandal', 'Men', 'Sandals', 1299, ['UK 7', 'UK 9'], false, 2],
  ['Strappy Sandal', 'Women', 'Sandals', 1099, ['UK 3', 'UK 4', 'UK 5', 'UK 6'], true, 2],
  ['Kolhapuri Flat', 'Women', 'Sandals', 899.5, ['UK 5', 'UK 6'], false, 1],
];

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** The default catalogue, its pictures served by the image server at `imagesUrl`. */
export function defaultCatalogue(imagesUrl: string): LineageProduct[] {
  return ROWS.map(([name, category, subCategory, price, sizes, bestseller, pictures], index) => ({
    _id: catalogueId(index + 1),
    name,
    description: `${name}: ${subCategory.toLowerCase()} for ${category.toLowerCase()}, made for everyday elegance.`,
    price,
    image: Array.from({ length: pictures }, (_, n) => `${imagesUrl}/images/${slug(name)}-${n + 1}.svg`),
    category,
    subCategory,
    sizes,
    bestseller,
    // A day apart, newest last, as products added one by one through the admin panel would be.
    date: (CATALOGUE_EPOCH_SECONDS + index * 86_400) * 1000,
    __v: 0,
  }));
}

// ── Pictures ───────────────────────────────────────────────────────────────────────────────────────────
/** Picture names the image server answers: a lowercase slug with a picture number. */
export const PICTURE_NAME = /^[a-z0-9-]{1,80}$/;

/** A small shoe outline in a colour derived from the name, so each picture differs and is stable. */
export function pictureSvg(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const label = name.replace(/-\d+$/, '').replace(/-/g, ' ');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">',
    `<rect width="400" height="400" fill="hsl(${hue} 40% 92%)"/>`,
    `<path d="M60 250 Q70 170 150 175 L210 200 Q260 215 330 225 Q350 235 345 260 L60 260 Z" fill="hsl(${hue} 55% 45%)"/>`,
    '<rect x="55" y="260" width="295" height="18" rx="6" fill="#222"/>',
    `<text x="200" y="330" font-family="sans-serif" font-size="20" text-anchor="middle" fill="#333">${label}</text>`,
    '</svg>',
  ].join('');
}
