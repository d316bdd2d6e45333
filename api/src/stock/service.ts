import { LOW_STOCK_THRESHOLD } from '#domain/stock';
import { productNotFoundMessage } from '../catalog/admin-products.js';
import { retryOnTransientConflict } from '../db/conflict-retry.js';
import type { StoreDatabase } from '../db/database.js';
import { badRequest, notFound } from '../http/errors.js';
import { listRunningOut, readCounts, writeCount, type RunningOut } from './repository.js';
import { refreshShownStock } from './shown.js';

// The back office's stock: set one size's count (or stop counting it), and see what is running out. The admin
// endpoint and `npm run shop -- stock` both come here.

/** At most this many sizes in one "running out" answer, lowest counts first. */
export const RUNNING_OUT_LIMIT = 500;

export interface StockChange {
  productId: string;
  size: string;
  /** Pairs on hand; null: the size is no longer counted (it always sells). */
  count: number | null;
}

export interface StockAfterChange {
  productId: string;
  name: string;
  /** Every size of the product, in its order: its count, or null when it is not counted. */
  stock: Record<string, number | null>;
  /** Whether what shoppers see of the product changed (and with it the catalogue version). */
  shownChanged: boolean;
}

const quoted = (text: string) => JSON.stringify(text.slice(0, 64));

/**
 * Sets one size's count in one transaction with what shoppers see of it. An unknown product (404) or a size the
 * product does not have (400) changes nothing. The count itself is checked by the caller (stockCountSchema).
 */
export async function setStock(
  { db }: StoreDatabase,
  { productId, size, count }: StockChange,
): Promise<StockAfterChange> {
  // Run again if PostgreSQL ends it in a deadlock with a catalogue import (which locks products first).
  return retryOnTransientConflict(() =>
    db.transaction().execute(async (trx) => {
      const product = await trx
        .selectFrom('products')
        .select(['name', 'sizes'])
        .where('id', '=', productId)
        .executeTakeFirst();
      if (!product) throw notFound(productNotFoundMessage(productId));
      const sizes = JSON.parse(product.sizes) as string[];
      if (!sizes.includes(size)) {
        throw badRequest(
          `${product.name} has no size ${quoted(size)}; its sizes are ${sizes.map(quoted).join(', ')}`,
        );
      }
      // The count row first, then the product row (refreshShownStock locks it): the order an order placement takes
      // them in, so the two never wait for each other in a cycle on PostgreSQL.
      await writeCount(trx, productId, size, count);
      const shownChanged = await refreshShownStock(trx, [productId]);
      const counts = await readCounts(trx, productId);
      return {
        productId,
        name: product.name,
        stock: Object.fromEntries(sizes.map((s) => [s, counts.get(s) ?? null])),
        shownChanged,
      };
    }),
  );
}

/** Counted sizes with at most `threshold` pairs left (LOW_STOCK_THRESHOLD by default), lowest first. */
export async function runningOut(
  { db }: StoreDatabase,
  threshold = LOW_STOCK_THRESHOLD,
): Promise<{ items: RunningOut[]; more: boolean }> {
  const rows = await listRunningOut(db, threshold, RUNNING_OUT_LIMIT + 1);
  return { items: rows.slice(0, RUNNING_OUT_LIMIT), more: rows.length > RUNNING_OUT_LIMIT };
}
