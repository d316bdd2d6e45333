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
 * Removes the product from the catalogue (and its search index); throws 404 when there is no such product, and then
 * nothing changes, not even the version. Carts keep their lines (they show 'Product not found for ID: {id}') and
 * orders keep their copies, images included: uploaded files are never deleted. A tombstone keeps the id, so its
 * page can say the product is gone (410) rather than unknown.
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
