import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../scripts/service-process.js';

// A catalogue of real-size photos for the benches: generated with `npm run catalog:generate -- <n> --photos <p>`
// (2,400–4,000 px JPEGs of 1–3.5 MB) and imported with `npm run catalog:import` into a fresh data folder, the way
// a shop loads its own. The photos are kept between runs in one folder (rendering them takes minutes).

export interface PhotoCatalog {
  dataDir: string;
  products: number;
  photos: number;
}

const run = (args: string[], env: Record<string, string> = {}) =>
  execFileSync(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });

export function preparePhotoCatalog(products: number, photos: number): PhotoCatalog {
  const folder = path.join(tmpdir(), `store-bench-photos-${products}-${photos}`);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'catalog.json');
  process.stdout.write(
    run(['scripts/generate-catalog.ts', String(products), file, '--photos', String(photos)]),
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-bench-photo-data-'));
  process.stdout.write(run(['api/src/catalog/import.ts', file], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }));
  return { dataDir, products, photos };
}
