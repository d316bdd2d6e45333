import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { StoreDatabase } from '../db/database.js';
import type { Database, ProductTable } from '../db/schema.js';
import { cellOf } from './cells.js';
import { querySqlFor } from './query-sql.js';
import type { Product } from './product.js';
import { PRODUCT_COLUMNS, toProduct, toRow } from './product-rows.js';
import type { ProductKey } from './query.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The catalogue in its own order ("relevant"), `limit` products after the given position. */
export async function listProductsAfter(db: Executor, afterPosition: number, limit: number): Promise<ProductTable[]> {
  return db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('products.position', '>', afterPosition)
    .orderBy('products.position')
    .limit(limit)
    .execute();
}

export async function findProducts(db: Executor, ids: readonly string[]): Promise<Map<string, Product>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('products.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, toProduct(r)]));
}

/** Position and cell of each of the given products that exists. */
export async function findProductKeys(db: Executor, ids: readonly string[]): Promise<ProductKey[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('products')
    .select(['id', 'position', 'category', 'sub_category'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.flatMap((r) => {
    const cell = cellOf(r.category, r.sub_category);
    return cell === undefined ? [] : [{ id: r.id, position: r.position, cell }];
  });
}

export async function countProducts(db: Executor): Promise<number> {
  const { count } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The image lists that hold an absolute URL ("//" somewhere): path-only lists are the API's own images. */
export async function listAbsoluteImageLists(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('products').select('images').where('images', 'like', '%//%').execute();
  return rows.map((row) => row.images);
}

/** Changes whenever the catalogue does: every product write bumps it in its own transaction. */
export async function readCatalogVersion(db: Executor): Promise<string> {
  const row = await db.selectFrom('catalog_state').select(['revision', 'token']).where('id', '=', 1).executeTakeFirstOrThrow();
  return `${row.revision}-${row.token}`;
}

export interface UpsertOptions {
  /** Rows per INSERT statement. */
  chunkSize?: number;
  /** Called after each chunk with the rows written so far. */
  onProgress?: (written: number, total: number) => void;
}

/**
 * Inserts or replaces the given products (by _id) in one transaction, in multi-row chunks. New products take the
 * next positions, so the file's order is the catalogue's own order; a replaced product keeps its place.
 * The search index follows in the same transaction, and the catalogue version changes.
 */
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

export async function upsertProducts(
  { db, dialect }: StoreDatabase,
  products: readonly Product[],
  { chunkSize = 1000, onProgress }: UpsertOptions = {},
): Promise<void> {
  const querySql = querySqlFor(dialect);
  // The last copy of an id wins, as it would row by row (PostgreSQL refuses one statement touching a row twice).
  const unique = [...new Map(products.map((p) => [p._id, p])).values()];
  await db.transaction().execute(async (trx) => {
    // First, so concurrent writers queue here (the row lock) before they allocate positions.
    await bumpCatalogVersion(trx);
    const { max } = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.max<number | null>('position').as('max'))
      .executeTakeFirstOrThrow();
    let position = max ?? 0;
    for (let start = 0; start < unique.length; start += chunkSize) {
      const chunk = unique.slice(start, start + chunkSize);
      const rows = chunk.map((product) => toRow(product, (position += 1)));
      await trx
        .insertInto('products')
        .values(rows)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            description: eb.ref('excluded.description'),
            price: eb.ref('excluded.price'),
            images: eb.ref('excluded.images'),
            category: eb.ref('excluded.category'),
            sub_category: eb.ref('excluded.sub_category'),
            sizes: eb.ref('excluded.sizes'),
            bestseller: eb.ref('excluded.bestseller'),
            date: eb.ref('excluded.date'),
          })),
        )
        .execute();
      onProgress?.(start + chunk.length, unique.length);
    }
    await querySql.afterWrite(trx, unique.length);
  });
}
