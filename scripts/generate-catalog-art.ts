/**
 * Draws the seed catalogue's product pictures into api/public/images/: for every product of
 * scripts/catalog-art/designs.ts, `<_id>-side.svg` (the card's picture), `<_id>-top.svg` and `<_id>-sole.svg`.
 *
 *   npm run catalog:art
 *
 * Deterministic: the same files on every run. Older .svg files in the folder that no product names are removed
 * (uploads live in their own folder and are left alone).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { DESIGNS } from './catalog-art/designs.js';
import { renderView, VIEWS } from './catalog-art/render.js';

/** A guard against art that grows heavy: the BFF rasterizes these, but the API also serves them as they are. */
const MAX_BYTES = 40 * 1024;

function main(): void {
  const outDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'api', 'public', 'images');
  mkdirSync(outDir, { recursive: true });
  const written = new Set<string>();
  let bytes = 0;
  for (const design of DESIGNS) {
    for (const view of VIEWS) {
      const file = `${design.id}-${view}.svg`;
      const svg = renderView(design, view);
      const size = Buffer.byteLength(svg);
      if (size > MAX_BYTES)
        throw new Error(`${file} is ${String(size)} bytes (at most ${String(MAX_BYTES)})`);
      writeFileSync(join(outDir, file), svg);
      written.add(file);
      bytes += size;
    }
  }
  const stale = readdirSync(outDir).filter((name) => name.endsWith('.svg') && !written.has(name));
  for (const name of stale) rmSync(join(outDir, name));
  console.log(
    `wrote ${String(written.size)} SVG files (${(bytes / 1024).toFixed(0)} KB) to ${outDir}; removed ${String(stale.length)} old ones`,
  );
}

main();
