import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

// The catalogue version: one row (catalog_state, id 1) that changes with every change shoppers can see, so every
// process can key its caches (the list, the query's counts) on it.

type Executor = Kysely<Database> | Transaction<Database>;

/** Changes whenever the catalogue does: every product write bumps it in its own transaction. */
export async function readCatalogVersion(db: Executor): Promise<string> {
  const row = await db
    .selectFrom('catalog_state')
    .select(['revision', 'token'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return `${row.revision}-${row.token}`;
}

/**
 * A new catalogue version, first in every transaction that writes products: concurrent writers queue on this row
 * (its lock) before they touch products, and readers see the version change with the products.
 */
export async function bumpCatalogVersion(trx: Transaction<Database>): Promise<void> {
  await trx
    .updateTable('catalog_state')
    .set((eb) => ({ revision: eb('revision', '+', 1), token: randomBytes(4).toString('hex') }))
    .where('id', '=', 1)
    .execute();
}
