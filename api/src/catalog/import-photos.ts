import { mkdirSync } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Product } from './product.js';
import { detectImage, storeImage, type ImageKind } from './product-images.js';

// An import's `image` entry that is a file path relative to the import file is read from that folder, checked as an
// upload is (by its bytes, within IMAGE_UPLOAD_MAX_BYTES) and stored the same way; URLs are kept as they are.

export interface PhotoFolder {
  /** The folder of the import file: every photo must be inside it. */
  root: string;
  /** DATA_DIR/uploads. */
  uploadsDir: string;
  maxBytes: number;
}

/** A row whose photos could not be taken, with why (naming the file). */
export interface PhotoProblem {
  index: number;
  reason: string;
}

export interface ImportedPhotos {
  /** The rows that could take their photos, their file paths replaced by the stored images' URLs. */
  products: Product[];
  problems: PhotoProblem[];
  /** How many distinct photo files were stored (or found already stored). */
  stored: number;
}

/** An entry that names a file rather than a URL: no leading `/`, no scheme (`http:`, `data:`, …). */
export function isPhotoFile(entry: string): boolean {
  return !entry.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(entry);
}

class PhotoError extends Error {}

async function readPhoto(
  folder: PhotoFolder,
  realRoot: string,
  entry: string,
): Promise<{ bytes: Buffer; kind: ImageKind }> {
  // Checked as written, so the message says what is wrong with the entry rather than where it led.
  if (entry.includes('\\')) throw new PhotoError('use / between folders');
  if (entry.split('/').includes('..'))
    throw new PhotoError(`must stay inside the import file's folder (${folder.root})`);
  let real: string;
  try {
    real = await realpath(path.resolve(folder.root, entry));
  } catch {
    throw new PhotoError(`no such file in ${folder.root}`);
  }
  // A symlink may point anywhere: what counts is where it leads.
  if (!real.startsWith(realRoot + path.sep))
    throw new PhotoError(`leads outside the import file's folder (${folder.root})`);
  let handle;
  try {
    handle = await open(real, 'r');
  } catch (error) {
    throw new PhotoError(`cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new PhotoError('is not a file');
    // Measured before reading, so a huge file is refused without being loaded.
    if (stats.size > folder.maxBytes) {
      throw new PhotoError(
        `is ${stats.size} bytes, over the ${folder.maxBytes} bytes IMAGE_UPLOAD_MAX_BYTES allows`,
      );
    }
    const bytes = await handle.readFile();
    const kind = detectImage(bytes);
    if (!kind) throw new PhotoError('is not a JPEG, PNG or WebP image');
    return { bytes, kind };
  } finally {
    await handle.close();
  }
}

/**
 * A row with a photo that is missing, outside the folder, too large or not an image is left out with the reason and
 * stores none of its photos. A file named by several rows is read once; equal bytes are one stored file.
 */
export async function importPhotos(
  products: readonly Product[],
  folder: PhotoFolder,
): Promise<ImportedPhotos> {
  const taken: Product[] = [];
  const problems: PhotoProblem[] = [];
  const urls = new Map<string, string>();
  if (!products.some((product) => product.image.some(isPhotoFile)))
    return { products: [...products], problems, stored: 0 };

  const realRoot = await realpath(folder.root);
  mkdirSync(folder.uploadsDir, { recursive: true, mode: 0o700 });
  for (const [index, product] of products.entries()) {
    const pending = new Map<string, { bytes: Buffer; kind: ImageKind }>();
    let problem: string | undefined;
    for (const entry of product.image) {
      if (!isPhotoFile(entry) || urls.has(entry) || pending.has(entry)) continue;
      try {
        pending.set(entry, await readPhoto(folder, realRoot, entry));
      } catch (error) {
        if (!(error instanceof PhotoError)) throw error;
        problem = `image ${JSON.stringify(entry)} ${error.message}`;
        break;
      }
    }
    if (problem !== undefined) {
      problems.push({ index, reason: problem });
      continue;
    }
    // Only once every photo of the row is good, so a refused row leaves nothing behind.
    for (const [entry, { bytes, kind }] of pending)
      urls.set(entry, await storeImage(folder.uploadsDir, bytes, kind));
    taken.push({ ...product, image: product.image.map((entry) => urls.get(entry) ?? entry) });
  }
  return { products: taken, problems, stored: new Set(urls.values()).size };
}
