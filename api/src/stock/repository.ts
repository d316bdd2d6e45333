import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

// The counts of pairs per product and size (product_stock, migration 005). A size without a row is not tracked.

type Executor = Kysely<Database> | Transaction<Database>;

/** Ids per statement: well under both databases' limits on bound parameters. */
const IDS_PER_STATEMENT = 1000;
/** Stock rows per INSERT (4 parameters each). */
const ROWS_PER_INSERT = 1000;

export async function readCounts(db: Executor, productId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('product_stock')
    .select(['size', 'quantity'])
    .where('product_id', '=', productId)
    .execute();
  return new Map(rows.map((row) => [row.size, row.quantity]));
}

/** Counts this size (a row) or, with null, stops counting it (no row). */
export async function writeCount(
  trx: Transaction<Database>,
  productId: string,
  size: string,
  count: number | null,
): Promise<void> {
  if (count === null) {
    await trx
      .deleteFrom('product_stock')
      .where('product_id', '=', productId)
      .where('size', '=', size)
      .execute();
    return;
  }
  await trx
    .insertInto('product_stock')
    .values({ product_id: productId, size, quantity: count, updated_at: Date.now() })
    .onConflict((oc) =>
      oc.columns(['product_id', 'size']).doUpdateSet({ quantity: count, updated_at: Date.now() }),
    )
    .execute();
}

/** The counts of each of these products, by product id (products without a counted size are absent). */
export async function readCountsOf(
  db: Executor,
  productIds: readonly string[],
): Promise<Map<string, Map<string, number>>> {
  const counts = new Map<string, Map<string, number>>();
  for (let start = 0; start < productIds.length; start += IDS_PER_STATEMENT) {
    const rows = await db
      .selectFrom('product_stock')
      .select(['product_id', 'size', 'quantity'])
      .where('product_id', 'in', productIds.slice(start, start + IDS_PER_STATEMENT))
      .execute();
    for (const row of rows) {
      let sizes = counts.get(row.product_id);
      if (!sizes) counts.set(row.product_id, (sizes = new Map<string, number>()));
      sizes.set(row.size, row.quantity);
    }
  }
  return counts;
}

export async function deleteCounts(
  trx: Transaction<Database>,
  pairs: ReadonlyArray<{ productId: string; size: string }>,
): Promise<void> {
  // Grouped by product: one statement per product names its sizes.
  const byProduct = new Map<string, string[]>();
  for (const { productId, size } of pairs)
    byProduct.set(productId, [...(byProduct.get(productId) ?? []), size]);
  for (const [productId, sizes] of byProduct) {
    await trx
      .deleteFrom('product_stock')
      .where('product_id', '=', productId)
      .where('size', 'in', sizes)
      .execute();
  }
}

/** Sets these counts (inserting or replacing each row), in multi-row statements. */
export async function upsertCounts(
  trx: Transaction<Database>,
  counts: ReadonlyArray<{ productId: string; size: string; quantity: number }>,
): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < counts.length; start += ROWS_PER_INSERT) {
    const rows = counts
      .slice(start, start + ROWS_PER_INSERT)
      .map(({ productId, size, quantity }) => ({ product_id: productId, size, quantity, updated_at: now }));
    await trx
      .insertInto('product_stock')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['product_id', 'size']).doUpdateSet((eb) => ({
          quantity: eb.ref('excluded.quantity'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

export interface RunningOut {
  productId: string;
  name: string;
  size: string;
  count: number;
}

/** Counted sizes with at most `threshold` pairs left, lowest first, at most `limit` of them. */
export async function listRunningOut(db: Executor, threshold: number, limit: number): Promise<RunningOut[]> {
  const rows = await db
    .selectFrom('product_stock')
    .innerJoin('products', 'products.id', 'product_stock.product_id')
    .select(['product_stock.product_id', 'products.name', 'product_stock.size', 'product_stock.quantity'])
    .where('product_stock.quantity', '<=', threshold)
    .orderBy('product_stock.quantity')
    .orderBy('product_stock.product_id')
    .orderBy('product_stock.size')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    productId: row.product_id,
    name: row.name,
    size: row.size,
    count: row.quantity,
  }));
}
