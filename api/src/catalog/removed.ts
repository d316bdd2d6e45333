import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

// Tombstones of products the back office removed (migration 007), so the catalogue can tell "removed" (410 Gone)
// from "never existed" (404). Written and cleared in the product writes' own transactions.

type Executor = Kysely<Database> | Transaction<Database>;

/** Rows per DELETE: well under either dialect's limit on bound parameters. */
const CHUNK = 1000;

export async function markRemoved(trx: Transaction<Database>, id: string, at: number): Promise<void> {
  await trx
    .insertInto('removed_products')
    .values({ product_id: id, removed_at: at })
    .onConflict((oc) => oc.column('product_id').doUpdateSet({ removed_at: at }))
    .execute();
}

/** A product written under a removed id is back: its tombstone goes. */
export async function clearRemoved(trx: Transaction<Database>, ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += CHUNK) {
    await trx
      .deleteFrom('removed_products')
      .where('product_id', 'in', ids.slice(start, start + CHUNK))
      .execute();
  }
}

/** Which of these ids the back office removed (and nothing has written again since). */
export async function findRemoved(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('removed_products')
    .select('product_id')
    .where('product_id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((row) => row.product_id);
}
