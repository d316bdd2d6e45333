import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

// Each face's first file holds only the characters the store's own words use; the rest of Latin stays in the
// face's full file, which a browser fetches only for a page that shows one of them (unicode-range in
// src/shared/fonts.css). A first visit downloads 29 KB of fonts instead of 43.

/** Where the subsets are written (git-ignored), beside the sources that name them. */
const SUBSET_DIR = path.join(import.meta.dirname, '..', '.font-subsets');

/** ASCII, the no-break space and the signs the store's words use: © · × – — ‘ ’ “ ” … − (fonts.css's first range). */
export const CORE_CODE_POINTS = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, index) => 0x20 + index),
  0xa0,
  0xa9,
  0xb7,
  0xd7,
  0x2013,
  0x2014,
  0x2018,
  0x2019,
  0x201c,
  0x201d,
  0x2026,
  0x2212,
];

const CORE_CHARACTERS = String.fromCodePoint(...CORE_CODE_POINTS);

const FACES = [
  { source: '@fontsource-variable/outfit/files/outfit-latin-wght-normal.woff2', subset: 'outfit-core' },
  { source: '@fontsource/krona-one/files/krona-one-latin-400-normal.woff2', subset: 'krona-one-core' },
];

/** Builds may run side by side (the tests make two): a file is either whole or not there yet. */
function writeWhole(file: string, content: string | Uint8Array): void {
  const partial = `${file}.${String(process.pid)}.partial`;
  writeFileSync(partial, content);
  renameSync(partial, file);
}

/** Writes each face's subset unless the one there was made from the same file and characters. */
async function writeSubsets(): Promise<void> {
  const require = createRequire(import.meta.url);
  mkdirSync(SUBSET_DIR, { recursive: true });
  for (const { source, subset } of FACES) {
    const font = readFileSync(require.resolve(source));
    const stamp = createHash('sha256').update(font).update(CORE_CHARACTERS).digest('hex');
    const file = path.join(SUBSET_DIR, `${subset}.woff2`);
    const stampFile = `${file}.sha256`;
    if (existsSync(file) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) continue;
    // Loaded only to make a subset: a build that finds them made skips harfbuzz's start.
    const { default: subsetFont } = await import('subset-font');
    writeWhole(file, await subsetFont(font, CORE_CHARACTERS, { targetFormat: 'woff2' }));
    writeWhole(stampFile, stamp);
  }
}

export function fontSubsets(): Plugin {
  return {
    name: 'font-subsets',
    // Before any stylesheet is read: fonts.css names the files.
    buildStart: writeSubsets,
  };
}
