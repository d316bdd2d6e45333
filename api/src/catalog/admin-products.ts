import { retryOnTransientConflict } from '../db/conflict-retry.js';
import type { StoreDatabase } from '../db/database.js';
import { notFound } from '../http/errors.js';
import type { Product } from './product.js';
import { querySqlFor } from './query-sql.js';
import { markRemoved } from './removed.js';
import { upsertProducts } from './repository.js';
import { bumpCatalogVersion } from './version.js';

// The back office's product writes, on the catalogue's one write path (decision 010): each runs in one transaction
// that bumps the catalogue version first and keeps the search index and its vocabulary in step.

export const productNotFoundMessage = (id: string) => `Product not found for ID: ${id.slice(0, 64)}`;

/** A new product goes last in the catalogue's own order, as an imported one does. */
export async function addProduct(database: StoreDatabase, product: Product): Promise<void> {
  await upsertProducts(database, [product]);
}

/**
 * Throws 404 (changing nothing, not even the version) when there is no such product. Carts and orders keep their
 * lines and copies (uploaded files are never deleted); a tombstone lets its page answer 410 rather than 404.
 */
export async function removeProduct({ db, dialect }: StoreDatabase, id: string): Promise<void> {
  await retryOnTransientConflict(() =>
    db.transaction().execute(async (trx) => {
      await bumpCatalogVersion(trx);
      const deleted = await trx.deleteFrom('products').where('id', '=', id).executeTakeFirst();
      // Thrown inside the transaction: it rolls back, version bump included.
      if (Number(deleted.numDeletedRows) === 0) throw notFound(productNotFoundMessage(id));
      await markRemoved(trx, id, Date.now());
      await querySqlFor(dialect).afterWrite(trx, 1);
    }),
  );
}
