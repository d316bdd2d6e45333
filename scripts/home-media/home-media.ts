// The home page's own media, composed from the store's product artwork (api/public/images):
//   npx tsx scripts/home-media/home-media.ts stills <folder>   the hero loops' stills, for make-hero-videos.sh
//   npx tsx scripts/home-media/home-media.ts images            the feature grid's and the about section's pictures
// Run by `npm run videos` (scripts/make-hero-videos.sh); the outputs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT } from '../service-process.js';
import { compose, type Frame } from './compose.js';

const ART = path.join(ROOT, 'api/public/images');
const FEATURES_OUT = path.join(ROOT, 'web/public/features');

const art = (product: string, view: string) => path.join(ART, `${product}-${view}.svg`);

/** The two cuts of every hero loop; the web picks one by the screen's shape (hero-videos.ts). */
export const HERO_FRAMES = {
  // The shoe right of the centred preview, in the upper third: above the copy and the scrim behind it.
  landscape: { width: 1280, height: 720, box: { cx: 0.76, cy: 0.3, w: 0.38, h: 0.34 } },
  // The shoe across the top, above the preview and the copy; a 16:9 band around it is the preview's crop.
  portrait: { width: 720, height: 1280, box: { cx: 0.5, cy: 0.2, w: 0.86, h: 0.26 } },
} as const satisfies Record<string, Frame>;

/** Hero N shows the product HEROES[N - 1], its views in this order (the loop returns to the first). */
const HERO_VIEWS = ['side', 'top', 'sole'] as const;
const HEROES = [
  'men-sports-shoes-stride-pro-running-shoe-navy',
  'women-sneakers-luna-court-sneaker-chalk',
  'men-leather-shoes-hampton-brogue-derby-cognac',
  'women-sandals-riviera-strappy-sandal-tan',
] as const;

/** The stills are made larger than the video so the push-in never samples below the output's resolution. */
const STILL_SCALE = 2;

async function writeStills(folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  // Where the shoe is in each cut, for the video's push-in and the preview's crop.
  const centres = Object.entries(HERO_FRAMES).map(
    ([shape, { box }]) => `${shape}_cx=${String(box.cx)}\n${shape}_cy=${String(box.cy)}\n`,
  );
  writeFileSync(path.join(folder, 'frames.env'), centres.join(''));
  for (const [index, product] of HEROES.entries())
    for (const [shape, frame] of Object.entries(HERO_FRAMES))
      for (const view of HERO_VIEWS)
        writeFileSync(
          path.join(folder, `hero-${String(index + 1)}-${shape}-${view}.png`),
          await compose(art(product, view), frame, STILL_SCALE),
        );
}

interface Picture {
  name: string;
  product: string;
  view: string;
  frame: Frame;
  /** The widths written, each as AVIF and WebP: `<name>-<width>.{avif,webp}`. */
  widths: readonly number[];
}

// Feature cards are 3:2 boxes from 343 px (a phone, one column) down to 290 px (four columns at 1280).
const FEATURE_FRAME: Frame = { width: 1200, height: 800, box: { cx: 0.5, cy: 0.5, w: 0.74, h: 0.7 } };
const FEATURE_WIDTHS = [480, 960] as const;
// The about frame is 16:9 on a phone and grows from about 1.2:1 to the whole viewport on wider screens: the shoe
// stays in the middle third, whole in every one of those crops.
const ABOUT_FRAME: Frame = { width: 1920, height: 1080, box: { cx: 0.5, cy: 0.5, w: 0.4, h: 0.5 } };

const PICTURES: readonly Picture[] = [
  {
    name: 'inspire',
    product: 'women-sneakers-platform-court-sneaker-blush',
    view: 'side',
    frame: FEATURE_FRAME,
    widths: FEATURE_WIDTHS,
  },
  {
    name: 'discover',
    product: 'women-sports-shoes-summit-trail-runner-sand',
    view: 'top',
    frame: FEATURE_FRAME,
    widths: FEATURE_WIDTHS,
  },
  {
    name: 'elevate',
    product: 'men-leather-shoes-windsor-cap-toe-oxford-onyx',
    view: 'side',
    frame: FEATURE_FRAME,
    widths: FEATURE_WIDTHS,
  },
  {
    name: 'empower',
    product: 'men-sneakers-metro-suede-sneaker-tan',
    view: 'top',
    frame: FEATURE_FRAME,
    widths: FEATURE_WIDTHS,
  },
  {
    name: 'about',
    product: 'women-leather-shoes-eleanor-brogue-derby-cognac',
    view: 'side',
    frame: ABOUT_FRAME,
    widths: [640, 1280, 1920],
  },
];

async function writePictures(): Promise<void> {
  mkdirSync(FEATURES_OUT, { recursive: true });
  for (const picture of PICTURES) {
    const still = await compose(art(picture.product, picture.view), picture.frame);
    for (const width of picture.widths) {
      const base = path.join(FEATURES_OUT, `${picture.name}-${String(width)}`);
      const resized = sharp(still).resize({ width });
      await resized.clone().avif({ quality: 55, effort: 9 }).toFile(`${base}.avif`);
      await resized.clone().webp({ quality: 78, effort: 6 }).toFile(`${base}.webp`);
    }
  }
}

const [mode, folder] = process.argv.slice(2);
if (mode === 'stills' && folder) await writeStills(folder);
else if (mode === 'images') await writePictures();
else {
  console.error('usage: home-media.ts stills <folder> | images');
  process.exit(1);
}
