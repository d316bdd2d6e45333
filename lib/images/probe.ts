import type { Metadata } from 'sharp';
import { loadSharp } from './sharp.js';
import { externalReferenceIn } from './svg-references.js';

// What an image is, read from its header only (no pixels decoded), and the refusals every later step relies on: a
// format the pipeline does not take, more pixels than it will decode (a decompression bomb declares 30000 × 30000
// in a few bytes), bytes that are not an image, an SVG that refers outside itself.

/** The most pixels decoded from one image: a 4000 × 6000 photo is 24 megapixels, twice that is still a photo. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** The inputs taken: photos (JPEG, PNG, WebP, AVIF) and vector art (SVG). GIF, TIFF and the rest are refused. */
export const INPUT_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'svg'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

export type RefusalReason = 'unsupported' | 'too-many-pixels' | 'undecodable' | 'unsafe-svg';

export class ImageRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'ImageRefusal';
  }
}

export interface ImageProbe {
  format: InputFormat;
  /** Pixels as decoded, before any EXIF rotation; for SVG, its size at 72 dpi. */
  width: number;
  height: number;
}

export interface ProbeOptions {
  maxPixels?: number;
}

/** sharp names AVIF input `heif` (its container), with the AV1 compression. */
function inputFormatOf(metadata: Metadata): InputFormat | undefined {
  if (metadata.format === 'heif') return metadata.compression === 'av1' ? 'avif' : undefined;
  return (INPUT_FORMATS as readonly string[]).includes(metadata.format)
    ? (metadata.format as InputFormat)
    : undefined;
}

const GZIP = [0x1f, 0x8b];

/** The image's format and size from its header; throws ImageRefusal for anything the pipeline will not decode. */
export async function probeImage(
  bytes: Buffer,
  { maxPixels = MAX_INPUT_PIXELS }: ProbeOptions = {},
): Promise<ImageProbe> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // No pixel limit here: the header is all that is read, and the size is checked below with a clearer message.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefusal('undecodable', 'The file is not an image that can be read');
  }
  const format = inputFormatOf(metadata);
  if (format === undefined)
    throw new ImageRefusal(
      'unsupported',
      `${metadata.format.toUpperCase()} images are not taken (JPEG, PNG, WebP, AVIF or SVG)`,
    );
  const { width, height } = metadata;
  if (!(width > 0 && height > 0)) throw new ImageRefusal('undecodable', 'The image has no size');
  if (width * height > maxPixels)
    throw new ImageRefusal(
      'too-many-pixels',
      `The image is ${String(width)} × ${String(height)} pixels; at most ${String(Math.floor(maxPixels / 1e6))} megapixels are taken`,
    );
  if (format === 'svg') {
    // A compressed SVG (svgz) cannot be read for references without inflating it: art is sent plain.
    if (GZIP.every((byte, i) => bytes[i] === byte))
      throw new ImageRefusal('unsupported', 'Compressed SVG (svgz) is not taken');
    const reference = externalReferenceIn(bytes.toString('utf8'));
    if (reference !== undefined)
      throw new ImageRefusal('unsafe-svg', `The SVG refers outside itself: ${reference}`);
  }
  return { format, width, height };
}
