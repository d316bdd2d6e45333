// Photos the size a shop's camera makes them, for measuring the image pipeline: the store's product artwork
// (api/public/images) rendered with sharp and enlarged to 2,400–4,000 px, with film grain so the JPEGs weigh what
// photos weigh (1–3.5 MB at quality 90; flat vector colour alone would compress to a few hundred KB).
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const ART_DIR = path.resolve(import.meta.dirname, '../api/public/images');
const ART_SIZE = 800;
// The artwork's blur filters make librsvg slow at photo sizes (a minute a photo on a busy machine): it is drawn at
// this size and enlarged, which the grain hides and the pipeline cannot tell apart.
const RENDER_SIDE = 1200;
const SIDES = [2400, 2800, 3200, 3600, 4000] as const;
// Grain strong enough to be seen at 100 %, as a phone camera's is in indoor light.
const GRAIN_SIGMA = 44;

/** One shoe of the artwork: its views (side, top, detail, …) as SVG files, and the name they share. */
export interface ArtShoe {
  name: string;
  views: string[];
}

/** The artwork's shoes (files `<shoe>-<view>.svg`), in name order. */
export function artShoes(): ArtShoe[] {
  const shoes = new Map<string, string[]>();
  for (const file of readdirSync(ART_DIR).sort()) {
    const match = /^(.+)-[a-z0-9]+\.svg$/.exec(file);
    if (!match?.[1]) continue;
    shoes.set(match[1], [...(shoes.get(match[1]) ?? []), path.join(ART_DIR, file)]);
  }
  return [...shoes].map(([name, views]) => ({ name, views }));
}

/** Renders one artwork file as a `side`×`side` grainy JPEG at `out`; answers its size in bytes. */
export async function renderPhoto(svgFile: string, side: number, out: string): Promise<number> {
  const drawn = await sharp(svgFile, { density: (72 * RENDER_SIDE) / ART_SIZE })
    .resize(RENDER_SIDE, RENDER_SIDE)
    .png()
    .toBuffer();
  const art = await sharp(drawn)
    .resize(side, side, { kernel: 'lanczos3' })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grain = await sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: GRAIN_SIGMA },
    },
  })
    .raw()
    .toBuffer();
  const info = await sharp(art.data, { raw: art.info })
    .composite([{ input: grain, raw: { width: side, height: side, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toFile(out);
  return info.size;
}

/** The side of the n-th photo: spread over the range, so a catalogue has small and large photos. */
export function photoSide(n: number): number {
  return SIDES[n % SIDES.length]!;
}

/** Makes the folder for the photos; answers it. */
export function photoFolder(catalogFile: string): string {
  const folder = path.join(path.dirname(path.resolve(catalogFile)), 'photos');
  mkdirSync(folder, { recursive: true });
  return folder;
}
