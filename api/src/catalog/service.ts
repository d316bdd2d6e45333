import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Product } from './product.js';
import { findProducts, listProducts } from './repository.js';

export interface CatalogSnapshot {
  products: Product[];
  byId: ReadonlyMap<string, Product>;
  /** The serialized `{ success, products }` body, built once per snapshot. */
  body: string;
  etag: string;
}

export interface CatalogService {
  /** The cached list: fast, at most the TTL behind an import. */
  snapshot(): Promise<CatalogSnapshot>;
  /** Read from the database now, for decisions that must see the latest prices (orders). */
  find(ids: readonly string[]): Promise<Map<string, Product>>;
}

// The catalogue changes only through imports, so the list is served from memory and re-read after a short TTL;
// the ETag lets repeat loads answer 304 without a body.
export function createCatalogService(
  db: Kysely<Database>,
  options: { ttlMs: number; assetBaseUrl: string },
): CatalogService {
  let cached: { at: number; snapshot: CatalogSnapshot } | undefined;
  let loading: Promise<CatalogSnapshot> | undefined;

  const withAssetBase = (product: Product): Product => ({
    ...product,
    image: product.image.map((url) => (url.startsWith('/') ? options.assetBaseUrl + url : url)),
  });

  async function load(): Promise<CatalogSnapshot> {
    const products = (await listProducts(db)).map(withAssetBase);
    const body = JSON.stringify({ success: true, products });
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const snapshot = { products, byId: new Map(products.map((p) => [p._id, p])), body, etag };
    cached = { at: Date.now(), snapshot };
    return snapshot;
  }

  return {
    snapshot() {
      if (cached && Date.now() - cached.at < options.ttlMs) return Promise.resolve(cached.snapshot);
      loading ??= load().finally(() => {
        loading = undefined;
      });
      return loading;
    },
    async find(ids) {
      const found = await findProducts(db, ids);
      return new Map([...found].map(([id, p]) => [id, withAssetBase(p)]));
    },
  };
}
