import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StoreDatabase } from '../db/database.js';
import { countProducts, upsertProducts } from './repository.js';
import { validateCatalogFile } from './rows.js';

export const SEED_CATALOG_FILE = fileURLToPath(new URL('../../seed/catalog.json', import.meta.url));

/** Loads the store's own catalogue into an empty database; a catalogue already there is left alone. */
export async function seedCatalogIfEmpty(database: StoreDatabase): Promise<number> {
  if ((await countProducts(database.db)) > 0) return 0;
  const { products, stock, rejected } = validateCatalogFile(
    SEED_CATALOG_FILE,
    readFileSync(SEED_CATALOG_FILE, 'utf8'),
  );
  if (rejected.length > 0) {
    throw new Error(`The seed catalogue has invalid rows: ${JSON.stringify(rejected.slice(0, 3))}`);
  }
  await upsertProducts(database, products, { stock });
  return products.length;
}
