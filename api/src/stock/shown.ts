import type { Transaction } from 'kysely';
import { LOW_STOCK_THRESHOLD, type LowStock } from '#domain/stock';
import { bumpCatalogVersion } from '../catalog/version.js';
import type { Database } from '../db/schema.js';
import { readCountsOf } from './repository.js';

// What shoppers see of stock is kept on the products row (low_stock, sold_out), beside the counts it comes from.
// Only a change of what is shown changes the catalogue version: an order taking the 40th pair of 50 leaves every
// cached page and list standing; one taking the last 3 does not.

/** The shown state of one product from its sizes and its counted sizes (a size without a count is not tracked). */
export function shownStock(
  sizes: readonly string[],
  counts: ReadonlyMap<string, number>,
): { lowStock: LowStock | null; soldOut: boolean } {
  const low: Record<string, number> = {};
  for (const size of sizes) {
    const left = counts.get(size);
    if (left !== undefined && left <= LOW_STOCK_THRESHOLD) low[size] = left;
  }
  const soldOut = sizes.length > 0 && sizes.every((size) => counts.get(size) === 0);
  return { lowStock: Object.keys(low).length > 0 ? low : null, soldOut };
}

/**
 * Brings these products' shown stock in line with their counts, in the caller's transaction (the one that changed
 * the counts, before calling). Bumps the catalogue version when anything shown changed, and says whether it did.
 */
export async function refreshShownStock(
  trx: Transaction<Database>,
  productIds: readonly string[],
): Promise<boolean> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return false;
  // Product rows locked first, in id order, then their counts read: on PostgreSQL a concurrent change to another size
  // commits first and is read here, not overwritten. A write of the value a row holds is a lock both databases know.
  for (const id of ids) {
    await trx
      .updateTable('products')
      .set((eb) => ({ sold_out: eb.ref('sold_out') }))
      .where('id', '=', id)
      .execute();
  }
  const products = await trx
    .selectFrom('products')
    .select(['id', 'sizes', 'low_stock', 'sold_out'])
    .where('id', 'in', ids)
    .execute();
  const countsOf = await readCountsOf(trx, ids);
  let changed = false;
  for (const product of products) {
    const { lowStock, soldOut } = shownStock(
      JSON.parse(product.sizes) as string[],
      countsOf.get(product.id) ?? new Map(),
    );
    const lowText = lowStock === null ? null : JSON.stringify(lowStock);
    const soldOutFlag = soldOut ? 1 : 0;
    if (lowText === product.low_stock && soldOutFlag === product.sold_out) continue;
    await trx
      .updateTable('products')
      .set({ low_stock: lowText, sold_out: soldOutFlag })
      .where('id', '=', product.id)
      .execute();
    changed = true;
  }
  if (changed) await bumpCatalogVersion(trx);
  return changed;
}
