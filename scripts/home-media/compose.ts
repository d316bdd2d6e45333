// Places one view of a product's square artwork in a frame of any shape: the shoe scaled and moved into a given
// box, the artwork's studio backdrop carried out to the frame's edges, so a 16:9 or 9:16 frame shows the whole
// shoe instead of a crop of the square.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

/** A box in fractions of the frame: its centre and its largest size. */
export interface Box {
  cx: number;
  cy: number;
  w: number;
  h: number;
}

export interface Frame {
  width: number;
  height: number;
  /** Where the shoe goes: it is scaled to fit this box and centred in it. */
  box: Box;
}

interface Sweep {
  /** The centre and radius in fractions of the artboard (the SVG default, objectBoundingBox). */
  cx: number;
  cy: number;
  r: number;
  /** The gradient's <stop> elements as they are written. */
  stops: string;
}

interface Art {
  svg: Buffer;
  /** The artboard's width in SVG pixels (its height is the same). */
  size: number;
  /** The shoe and its shadow, in fractions of the artboard. */
  subject: { x: number; y: number; w: number; h: number };
  /** The studio sweep the artboard is filled with, when it is a radial gradient; else its mean edge colour. */
  backdrop: Sweep | string;
}

const PROBE = 400;
// Difference from the backdrop's corner that counts as the subject: above the sweep's own gradient, below a
// contact shadow's core.
const TRIM_THRESHOLD = 24;

function render(art: { svg: Buffer; size: number }, pixels: number): sharp.Sharp {
  return sharp(art.svg, { density: (72 * pixels) / art.size }).resize(pixels, pixels, { fit: 'fill' });
}

/**
 * The radial gradient filling the whole artboard (the catalogue art's studio sweep), read from the SVG so the
 * frame around the artboard continues it exactly; undefined for art drawn otherwise.
 */
function sweepOf(svg: string, size: number): Sweep | undefined {
  const fill = new RegExp(
    `<rect width="${String(size)}" height="${String(size)}" fill="url\\(#([\\w-]+)\\)"`,
  ).exec(svg)?.[1];
  if (!fill) return undefined;
  const gradient = new RegExp(`<radialGradient id="${fill}"([^>]*)>(.*?)</radialGradient>`).exec(svg);
  if (!gradient?.[1] || !gradient[2]) return undefined;
  const attribute = (name: string, fallback: number) =>
    Number(new RegExp(` ${name}="([\\d.]+)"`).exec(gradient[1]!)?.[1] ?? fallback);
  return { cx: attribute('cx', 0.5), cy: attribute('cy', 0.5), r: attribute('r', 0.5), stops: gradient[2] };
}

/** The mean colour of the probe's outermost band: the backdrop for art without a sweep. */
function edgeColour(raw: { data: Buffer; width: number; channels: number }): string {
  const band = Math.round(raw.width * 0.02);
  const sum = [0, 0, 0];
  let count = 0;
  for (let y = 0; y < raw.width; y += 1)
    for (let x = 0; x < raw.width; x += 1) {
      if (x >= band && x < raw.width - band && y >= band && y < raw.width - band) continue;
      const i = (y * raw.width + x) * raw.channels;
      for (let c = 0; c < 3; c += 1) sum[c]! += raw.data[i + c]!;
      count += 1;
    }
  return `#${sum
    .map((total) =>
      Math.round(total / count)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const cache = new Map<string, Promise<Art>>();

export function loadArt(file: string): Promise<Art> {
  let art = cache.get(file);
  if (!art) {
    art = readArt(file);
    cache.set(file, art);
  }
  return art;
}

async function readArt(file: string): Promise<Art> {
  const svg = readFileSync(file);
  const size = (await sharp(svg).metadata()).width;
  if (!size) throw new Error(`${file}: no width`);
  // Rendered first: sharp trims before it resizes within one pipeline.
  const probe = await render({ svg, size }, PROBE).png().toBuffer();
  const trimmed = await sharp(probe)
    .trim({ threshold: TRIM_THRESHOLD })
    .toBuffer({ resolveWithObject: true });
  const { width, height, trimOffsetLeft = 0, trimOffsetTop = 0 } = trimmed.info;
  const subject = {
    x: -trimOffsetLeft / PROBE,
    y: -trimOffsetTop / PROBE,
    w: width / PROBE,
    h: height / PROBE,
  };
  const raw = await sharp(probe).raw().toBuffer({ resolveWithObject: true });
  const backdrop =
    sweepOf(svg.toString('utf8'), size) ??
    edgeColour({ data: raw.data, width: PROBE, channels: raw.info.channels });
  return { svg, size, subject, backdrop };
}

/** The frame, as PNG, `scale` times its nominal size (the video's push-in samples a larger still). */
export async function compose(file: string, frame: Frame, scale = 1): Promise<Buffer> {
  const art = await loadArt(file);
  const width = Math.round(frame.width * scale);
  const height = Math.round(frame.height * scale);
  const { box } = frame;
  const { subject } = art;
  const artPixels = Math.round(Math.min((box.w * width) / subject.w, (box.h * height) / subject.h));
  const left = Math.round(box.cx * width - (subject.x + subject.w / 2) * artPixels);
  const top = Math.round(box.cy * height - (subject.y + subject.h / 2) * artPixels);

  // The backdrop continues the artboard's own sweep exactly; art drawn on anything else fades into its edge colour.
  const feather = typeof art.backdrop === 'string' ? Math.round(artPixels * 0.07) : 0;
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${artPixels}" height="${artPixels}">` +
      `<filter id="f" x="-.2" y="-.2" width="1.4" height="1.4"><feGaussianBlur stdDeviation="${feather / 2}"/></filter>` +
      `<rect x="${feather}" y="${feather}" width="${artPixels - 2 * feather}" height="${artPixels - 2 * feather}" rx="${feather}" fill="#fff"${feather > 0 ? ' filter="url(#f)"' : ''}/></svg>`,
  );
  const faded = await render(art, artPixels)
    .ensureAlpha()
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();

  // Only the part of the artboard inside the frame is pasted.
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(width, left + artPixels);
  const y1 = Math.min(height, top + artPixels);
  const visible = await sharp(faded)
    .extract({ left: x0 - left, top: y0 - top, width: x1 - x0, height: y1 - y0 })
    .toBuffer();

  // The artboard's sweep continued over the whole frame, centred where the artboard's own is.
  const { backdrop } = art;
  const paint =
    typeof backdrop === 'string'
      ? { defs: '', fill: backdrop }
      : {
          defs: `<radialGradient id="g" gradientUnits="userSpaceOnUse" cx="${left + backdrop.cx * artPixels}" cy="${top + backdrop.cy * artPixels}" r="${backdrop.r * artPixels}">${backdrop.stops}</radialGradient>`,
          fill: 'url(#g)',
        };
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${paint.defs}<rect width="100%" height="100%" fill="${paint.fill}"/></svg>`,
  );
  return sharp(background)
    .composite([{ input: visible, left: x0, top: y0 }])
    .removeAlpha()
    .png()
    .toBuffer();
}
