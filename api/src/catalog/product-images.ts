import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { access, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ImageRefusal, probeImage } from '../../../lib/images/probe.js';
import { serveFilesByName } from '../http/files-by-name.js';

// Back-office uploads: kept in DATA_DIR/uploads, named by the hash of their bytes, served at /images/uploads/.
// Only JPEG, PNG and WebP, recognised by their bytes (never the name or declared type): an SVG can carry script.

export const UPLOADS_URL_PREFIX = '/images/uploads/';

export interface ImageKind {
  extension: 'jpg' | 'png' | 'webp';
  label: string;
}

const startsWith = (bytes: Buffer, signature: readonly number[] | Buffer, at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => Buffer.from(text, 'latin1');

/** The image format the bytes begin with, or undefined for anything that is not JPEG, PNG or WebP. */
export function detectImage(bytes: Buffer): ImageKind | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { extension: 'jpg', label: 'JPEG' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { extension: 'png', label: 'PNG' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { extension: 'webp', label: 'WebP' };
  return undefined;
}

/**
 * Why a photo cannot be shown, from its header alone (cheap, nothing decoded): more pixels than the image pipeline
 * decodes (413), or a header that does not read (415). Undefined when it can; the bytes are kept as they came.
 */
export async function photoRefusal(
  bytes: Buffer,
): Promise<{ status: 413 | 415; message: string } | undefined> {
  try {
    await probeImage(bytes);
    return undefined;
  } catch (error) {
    if (!(error instanceof ImageRefusal)) throw error;
    return { status: error.reason === 'too-many-pixels' ? 413 : 415, message: error.message };
  }
}

export function uploadsDirOf(dataDir: string): string {
  return path.resolve(dataDir, 'uploads');
}

/** Writes the image (once: the same bytes are the same file) and answers its path on the store. */
export async function storeImage(dir: string, bytes: Buffer, kind: ImageKind): Promise<string> {
  const name = `${createHash('sha256').update(bytes).digest('hex')}.${kind.extension}`;
  const file = path.join(dir, name);
  const exists = await access(file).then(
    () => true,
    () => false,
  );
  if (!exists) {
    // Written aside and renamed, so a reader never sees half a file under the final name.
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(partial, bytes, { mode: 0o644 });
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
  }
  return UPLOADS_URL_PREFIX + name;
}

/**
 * Serves the uploaded images at /images/uploads/<name>, by the names this module gives them (a `.partial` being
 * written never matches): a year of immutable cache (their names are their content), never sniffed.
 */
export function registerUploadedImages(app: FastifyInstance, dir: string): void {
  // DATA_DIR holds the password hashes too: a folder made here is private to the API, as database.ts makes it.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  serveFilesByName(app, {
    prefix: UPLOADS_URL_PREFIX,
    dir,
    name: /^[0-9a-f]{64}\.(jpg|png|webp)$/,
    headers: { 'x-content-type-options': 'nosniff' },
  });
}
