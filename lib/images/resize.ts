import type { Sharp } from 'sharp';
import type { OutputFormat } from './formats.js';
import { ImageRefusal, MAX_INPUT_PIXELS, type ImageProbe } from './probe.js';
import { loadSharp } from './sharp.js';

// Decoding and encoding, bounded: never more pixels than the limit, EXIF orientation applied, never enlarged past
// the original (SVG is drawn at the asked width, being vector), metadata dropped (sharp keeps none unless asked).

/** The placeholder's longer side: a few hundred bytes that the page blurs while the photo loads. */
export const PLACEHOLDER_SIZE = 16;

// AVIF and WebP at qualities that look like the original on a product photo; AVIF at a low effort, which costs
// about as much CPU as WebP (effort 4, its default, takes three times as long for a few per cent fewer bytes).
const ENCODERS: Readonly<Record<OutputFormat, (image: Sharp) => Sharp>> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
  jpeg: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 75, mozjpeg: true }),
};

/** SVG is drawn at the density that makes it `width` pixels wide (72 dpi is its size as written). */
function densityFor(probe: ImageProbe, width: number): number {
  return Math.min(2400, Math.max(1, (72 * width) / probe.width));
}

async function decoder(bytes: Buffer, probe: ImageProbe, width: number, maxPixels: number): Promise<Sharp> {
  const sharp = await loadSharp();
  return sharp(bytes, {
    limitInputPixels: maxPixels,
    // A warning (a few bytes missing at the end of a JPEG) still shows the photo; an error refuses it.
    failOn: 'error',
    sequentialRead: true,
    ...(probe.format === 'svg' ? { density: densityFor(probe, width) } : {}),
  }).rotate();
}

/** sharp's failures as refusals: what the bytes were, not a fault of the server. */
function refusalOf(error: unknown): ImageRefusal {
  const message = error instanceof Error ? error.message : String(error);
  return /pixel limit/i.test(message)
    ? new ImageRefusal('too-many-pixels', 'The image has more pixels than are taken')
    : new ImageRefusal('undecodable', 'The image could not be decoded');
}

export interface ResizedImage {
  bytes: Buffer;
  format: OutputFormat;
  width: number;
  height: number;
}

export interface ResizeOptions {
  /** The width to make: the original's when it is narrower (a photo is never enlarged). */
  width: number;
  format: OutputFormat;
  maxPixels?: number;
}

/** The image at the width (keeping its aspect) in the format; throws ImageRefusal when it does not decode. */
export async function resizeImage(
  bytes: Buffer,
  probe: ImageProbe,
  { width, format, maxPixels = MAX_INPUT_PIXELS }: ResizeOptions,
): Promise<ResizedImage> {
  const image = (await decoder(bytes, probe, width, maxPixels)).resize({
    width,
    fit: 'inside',
    withoutEnlargement: true,
  });
  try {
    const { data, info } = await ENCODERS[format](image).toBuffer({ resolveWithObject: true });
    return { bytes: data, format, width: info.width, height: info.height };
  } catch (error) {
    throw refusalOf(error);
  }
}

/** A tiny WebP of the image as a data: URL (a hundred or two bytes), for the page to show blurred while it loads. */
export async function placeholderOf(
  bytes: Buffer,
  probe: ImageProbe,
  maxPixels = MAX_INPUT_PIXELS,
): Promise<string> {
  const image = (await decoder(bytes, probe, PLACEHOLDER_SIZE, maxPixels)).resize(
    PLACEHOLDER_SIZE,
    PLACEHOLDER_SIZE,
    { fit: 'inside' },
  );
  try {
    const data = await image.webp({ quality: 40 }).toBuffer();
    return `data:image/webp;base64,${data.toString('base64')}`;
  } catch (error) {
    throw refusalOf(error);
  }
}
