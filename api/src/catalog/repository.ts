import type { Insertable, Kysely, Transaction } from 'kysely';
import { retryOnTransientConflict } from '../db/conflict-retry.js';
import type { StoreDatabase } from '../db/database.js';
import type { Database, ProductTable } from '../db/schema.js';
import { deleteCounts, readCountsOf, upsertCounts } from '../stock/repository.js';
import { refreshShownStock, shownStock } from '../stock/shown.js';
import { cellOf } from './cells.js';
import { querySqlFor } from './query-sql.js';
import type { Product } from './product.js';
import { PRODUCT_COLUMNS, toProduct, toRow, type ProductRow } from './product-rows.js';
import type { ProductKey } from './query.js';
import { clearRemoved } from './removed.js';
import { bumpCatalogVersion } from './version.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The catalogue in its own order ("relevant"), `limit` products after the given position. */
export async function listProductsAfter(
  db: Executor,
  afterPosition: number,
  limit: number,
): Promise<ProductRow[]> {
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

/** A product's counts as an import gives them: { size: pairs on hand }, only sizes the product has. */
export type StockCounts = Readonly<Record<string, number>>;

export interface UpsertOptions {
  /** Rows per INSERT statement. */
  chunkSize?: number;
  onProgress?: (written: number, total: number) => void;
  /**
   * The counts of these products, by id: each replaces the product's counts (a size it does not name is no longer
   * counted). A product without an entry keeps its counts, less those of sizes it no longer has.
   */
  stock?: ReadonlyMap<string, StockCounts>;
}

const PRODUCT_UPDATES = [
  'name',
  'description',
  'price',
  'images',
  'category',
  'sub_category',
  'sizes',
  'bestseller',
  'date',
] as const;
const SHOWN_STOCK_UPDATES = ['low_stock', 'sold_out'] as const;

async function writeProductRows(
  trx: Transaction<Database>,
  rows: ReadonlyArray<Insertable<ProductTable>>,
  withShownStock: boolean,
) {
  if (rows.length === 0) return;
  const columns = withShownStock ? [...PRODUCT_UPDATES, ...SHOWN_STOCK_UPDATES] : PRODUCT_UPDATES;
  await trx
    .insertInto('products')
    .values(rows)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)]))),
    )
    .execute();
}

/**
 * Inserts or replaces products (by _id) in one transaction, in multi-row chunks: new products take the next positions,
 * a replaced one keeps its place. The search index, given counts and catalogue version follow in the same transaction;
 * writing an id the back office removed makes it a product again.
 */
export async function upsertProducts(
  { db, dialect }: StoreDatabase,
  products: readonly Product[],
  { chunkSize = 1000, onProgress, stock = new Map() }: UpsertOptions = {},
): Promise<void> {
  const querySql = querySqlFor(dialect);
  // The last copy of an id wins, as it would row by row (PostgreSQL refuses one statement touching a row twice).
  const unique = [...new Map(products.map((p) => [p._id, p])).values()];
  // Run again if PostgreSQL ends it in a deadlock with an order (they lock stock and products the other way round).
  await retryOnTransientConflict(() =>
    db.transaction().execute(async (trx) => {
      // First, so concurrent writers queue here (the row lock) before they allocate positions.
      await bumpCatalogVersion(trx);
      const { max } = await trx
        .selectFrom('products')
        .select((eb) => eb.fn.max<number | null>('position').as('max'))
        .executeTakeFirstOrThrow();
      let position = max ?? 0;
      const counts: StockCount[] = [];
      for (let start = 0; start < unique.length; start += chunkSize) {
        const chunk = unique.slice(start, start + chunkSize);
        const counted: Array<Insertable<ProductTable>> = [];
        const plain: Array<Insertable<ProductTable>> = [];
        for (const product of chunk) {
          const row = toRow(product, (position += 1));
          const given = stock.get(product._id);
          if (!given) {
            plain.push(row);
            continue;
          }
          const unknown = Object.keys(given).find((size) => !product.sizes.includes(size));
          if (unknown !== undefined)
            throw new Error(`Stock of ${product._id} names size ${unknown}, which it does not have`);
          // The counts given are the product's counts: what shoppers see of them is known here, written with the row.
          const { lowStock, soldOut } = shownStock(product.sizes, new Map(Object.entries(given)));
          counted.push({
            ...row,
            low_stock: lowStock === null ? null : JSON.stringify(lowStock),
            sold_out: soldOut ? 1 : 0,
          });
        }
        await writeProductRows(trx, plain, false);
        await writeProductRows(trx, counted, true);
        await clearRemoved(
          trx,
          chunk.map((p) => p._id),
        );
        counts.push(...(await syncStock(trx, chunk, stock)));
        onProgress?.(start + chunk.length, unique.length);
      }
      // In key order: each row lands beside the last one written, where the file's order would scatter them over
      // the whole index (3× slower at 100,000 products).
      await upsertCounts(
        trx,
        counts.sort((a, b) => compare(a.productId, b.productId) || compare(a.size, b.size)),
      );
      await querySql.afterWrite(trx, unique.length);
    }),
  );
}

type StockCount = Parameters<typeof upsertCounts>[1][number];

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * After a chunk's rows: drops counts the new counts or sizes leave out and refreshes what shoppers see for products
 * whose counts were kept; answers the counts given, for the caller to write.
 */
async function syncStock(
  trx: Transaction<Database>,
  chunk: readonly Product[],
  stock: ReadonlyMap<string, StockCounts>,
): Promise<StockCount[]> {
  const existing = await readCountsOf(
    trx,
    chunk.map((p) => p._id),
  );
  const dropped: Array<{ productId: string; size: string }> = [];
  const kept: string[] = [];
  const written: StockCount[] = [];
  for (const product of chunk) {
    const given = stock.get(product._id);
    const counts = existing.get(product._id);
    if (given)
      written.push(
        ...Object.entries(given).map(([size, quantity]) => ({ productId: product._id, size, quantity })),
      );
    if (!counts) continue;
    const keep = (size: string) => (given ? Object.hasOwn(given, size) : product.sizes.includes(size));
    dropped.push(
      ...[...counts.keys()].filter((size) => !keep(size)).map((size) => ({ productId: product._id, size })),
    );
    if (!given) kept.push(product._id);
  }
  await deleteCounts(trx, dropped);
  await refreshShownStock(trx, kept);
  return written;
}
