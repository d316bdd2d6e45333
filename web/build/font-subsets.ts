import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { codePointsOf, spansOf } from '../src/shared/unicode-range.ts';

// Each face in two files: the characters the store's own words use, which every first visit needs, and the rest
// of fontsource's Latin, which a browser fetches only for a page that shows one of them, such as an accented
// product name (unicode-range in src/shared/fonts.css). A first visit downloads 29 KB of fonts instead of 43, and
// such a page 19 KB more instead of 43.

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

/** CORE_CODE_POINTS as a CSS unicode-range (the offline page declares it as fonts.css does). */
export const CORE_RANGE = spansOf(CORE_CODE_POINTS)
  .map(([from, to]) => (from === to ? `U+${from.toString(16)}` : `U+${from.toString(16)}-${to.toString(16)}`))
  .join(', ');

/**
 * Each face as fonts.css declares it (family, weight), its package and Latin file, and the name its subsets take
 * (`<name>-core`, `<name>-rest`).
 */
export const FACES = [
  {
    family: 'Outfit',
    weight: '100 900',
    name: 'outfit',
    fontsource: '@fontsource-variable/outfit',
    file: 'outfit-latin-wght-normal.woff2',
  },
  {
    family: 'Krona One',
    weight: '400',
    name: 'krona-one',
    fontsource: '@fontsource/krona-one',
    file: 'krona-one-latin-400-normal.woff2',
  },
] as const;

/** Builds may run side by side (the tests make two): a file is either whole or not there yet. */
function writeWhole(file: string, content: string | Uint8Array): void {
  const partial = `${file}.${String(process.pid)}.partial`;
  writeFileSync(partial, content);
  renameSync(partial, file);
}

/** Writes each face's two subsets unless the ones there were made from the same file and characters. */
async function writeSubsets(): Promise<void> {
  const require = createRequire(import.meta.url);
  mkdirSync(SUBSET_DIR, { recursive: true });
  const core = new Set(CORE_CODE_POINTS);
  for (const { name, fontsource, file } of FACES) {
    const font = readFileSync(require.resolve(`${fontsource}/files/${file}`));
    const latin = codePointsOf(
      (JSON.parse(readFileSync(require.resolve(`${fontsource}/unicode.json`), 'utf8')) as { latin: string })
        .latin,
    );
    const subsets = {
      core: CORE_CODE_POINTS,
      rest: [...latin].filter((point) => !core.has(point)),
    };
    for (const [part, points] of Object.entries(subsets)) {
      const characters = String.fromCodePoint(...points);
      const stamp = createHash('sha256').update(font).update(characters).digest('hex');
      const subset = path.join(SUBSET_DIR, `${name}-${part}.woff2`);
      const stampFile = `${subset}.sha256`;
      if (existsSync(subset) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) continue;
      // Loaded only to make a subset: a build that finds them made skips harfbuzz's start.
      const { default: subsetFont } = await import('subset-font');
      writeWhole(subset, await subsetFont(font, characters, { targetFormat: 'woff2' }));
      writeWhole(stampFile, stamp);
    }
  }
}

export function fontSubsets(): Plugin {
  return {
    name: 'font-subsets',
    // Before any stylesheet is read: fonts.css names the files.
    buildStart: writeSubsets,
  };
}
