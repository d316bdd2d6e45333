import { StoreError } from '../errors.js';
import { listProducts, type ProductListAnswer } from '../rest/store-api.js';
import type { Upstream } from '../rest/upstream.js';
import { toCatalogProduct, type CatalogProduct } from './product.js';

/** One version of the catalogue, indexed for the resolvers. Never mutated. */
export interface CatalogSnapshot {
  /** Changes whenever the product list does (not when a revalidation answers 304). */
  version: number;
  products: readonly CatalogProduct[];
  byId: ReadonlyMap<string, CatalogProduct>;
  /** Newest first by date; ties keep the catalogue's order. */
  newestFirst: readonly CatalogProduct[];
}

export interface CatalogCache {
  /** The current catalogue: from memory within the TTL, else revalidated with the API (one call for all waiters). */
  get(): Promise<CatalogSnapshot>;
}

const STALE_RETRY_MS = 1000;

export interface CatalogCacheOptions {
  ttlMs: number;
  fetchList: (etag: string | undefined) => Promise<ProductListAnswer>;
  now?: () => number;
  /** Told how many listed products could not be read (and so are not shown) whenever a new list arrives. */
  onSkipped?: (count: number) => void;
}

function buildSnapshot(version: number, answer: Extract<ProductListAnswer, { notModified: false }>): CatalogSnapshot {
  const products = answer.products.map(toCatalogProduct);
  return {
    version,
    products,
    byId: new Map(products.map((p) => [p.id, p])),
    newestFirst: [...products].sort((a, b) => b.date - a.date || a.position - b.position),
  };
}

export function createCatalogCache({ ttlMs, fetchList, now = Date.now, onSkipped }: CatalogCacheOptions): CatalogCache {
  let snapshot: CatalogSnapshot | undefined;
  let etag: string | undefined;
  let freshUntil = 0;
  let inflight: Promise<CatalogSnapshot> | undefined;

  async function revalidate(): Promise<CatalogSnapshot> {
    let answer: ProductListAnswer;
    try {
      answer = await fetchList(snapshot === undefined ? undefined : etag);
    } catch (error) {
      // While the API is down, shoppers keep browsing the last catalogue it gave (prices are checked again by the
      // API on every cart and order call); the next revalidation is tried after a short pause, not on every request.
      if (snapshot === undefined) throw error;
      freshUntil = now() + Math.min(ttlMs, STALE_RETRY_MS);
      return snapshot;
    }
    if (answer.notModified) {
      if (!snapshot) throw new StoreError('UPSTREAM_ERROR', 'The store answered something unexpected. Please try again.', 304);
    } else {
      snapshot = buildSnapshot((snapshot?.version ?? 0) + 1, answer);
      etag = answer.etag;
      if (answer.skipped > 0) onSkipped?.(answer.skipped);
    }
    freshUntil = now() + ttlMs;
    return snapshot;
  }

  return {
    get() {
      if (snapshot && now() < freshUntil) return Promise.resolve(snapshot);
      // Single flight: every request that finds the copy stale waits on the same upstream call.
      inflight ??= revalidate().finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
  };
}

export function upstreamCatalogCache(upstream: Upstream, ttlMs: number, onSkipped?: (count: number) => void): CatalogCache {
  return createCatalogCache({ ttlMs, fetchList: (etag) => listProducts(upstream, etag), onSkipped });
}
