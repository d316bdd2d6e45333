import { StoreError } from '../errors.js';
import { productListSchema, readProducts } from '../rest/answer-shapes.js';
import { productListBytes } from '../rest/store-api.js';
import { readEnvelope, type NotModified, type Upstream, type UpstreamBytes } from '../rest/upstream.js';
import { toCatalogProduct, type CatalogProduct } from './product.js';

// The backend's product list (`GET /api/product/list`) as it answered it, kept as bytes: the REST pass-through
// serves them as they are (with the backend's ETag), and the list catalogue parses them once per version.

/** One copy of the list. Never mutated. */
export interface ListCopy {
  /** Changes whenever the list does (not when a revalidation answers 304). */
  version: number;
  bytes: Buffer;
  etag?: string;
}

export interface ListCache {
  /**
   * The current list: from memory within the TTL, else revalidated with the backend (one call for all waiters); at
   * once when the catalogue version it follows has changed since the copy was read.
   */
  get(): Promise<ListCopy>;
  /** The copy within the TTL, without asking after the version it follows (the catalogue access's own read). */
  read(): Promise<ListCopy>;
  /**
   * The backend's catalogue version, asked on every `get`: undefined when it has none (a backend of spec section 7
   * only: then the TTL alone decides). Set by the catalogue access, which knows which kind of backend it has.
   */
  follow(version: () => Promise<string | undefined>): void;
}

const STALE_RETRY_MS = 1000;

export interface ListCacheOptions {
  ttlMs: number;
  fetchList: (etag: string | undefined) => Promise<UpstreamBytes | NotModified>;
  now?: () => number;
}

export function createListCache({ ttlMs, fetchList, now = Date.now }: ListCacheOptions): ListCache {
  let copy: ListCopy | undefined;
  let freshUntil = 0;
  /** The one revalidation under way: every request that finds the copy stale waits on it. */
  let revalidating: Promise<ListCopy> | undefined;
  /** Whether the last revalidation heard from the backend (it may instead have kept the copy while it was down). */
  let answered = false;
  let followed: (() => Promise<string | undefined>) | undefined;
  /** The catalogue version seen before the copy was last revalidated: the copy is at least that version. */
  let copyVersion: string | undefined;

  async function revalidate(): Promise<ListCopy> {
    answered = false;
    let answer: UpstreamBytes | NotModified;
    try {
      answer = await fetchList(copy?.etag);
    } catch (error) {
      // While the backend is down, shoppers keep browsing the last list it gave (prices are checked again by the
      // backend on every cart and order call); the next revalidation is tried after a short pause, not on every request.
      if (copy === undefined) throw error;
      freshUntil = now() + Math.min(ttlMs, STALE_RETRY_MS);
      return copy;
    }
    if (!('bytes' in answer)) {
      if (!copy)
        throw new StoreError(
          'UPSTREAM_ERROR',
          'The store answered something unexpected. Please try again.',
          304,
        );
    } else {
      copy = { version: (copy?.version ?? 0) + 1, bytes: answer.bytes, etag: answer.etag };
    }
    answered = true;
    freshUntil = now() + ttlMs;
    return copy;
  }

  const revalidateOnce = (): Promise<ListCopy> =>
    (revalidating ??= revalidate().finally(() => {
      revalidating = undefined;
    }));
  const read = (): Promise<ListCopy> =>
    copy && now() < freshUntil ? Promise.resolve(copy) : revalidateOnce();

  return {
    read,
    async get() {
      // A failed version check leaves the TTL to decide, as for a backend without versions.
      const version = await followed?.().catch(() => undefined);
      if (version === undefined || version === copyVersion) return read();
      // The catalogue changed since the copy was read (an admin call made straight to the API): it is read again
      // now, by a call that began after this request (one under way may have begun before the change).
      if (revalidating) await revalidating.catch(() => undefined);
      if (version === copyVersion) return read();
      freshUntil = 0;
      const fresh = await revalidateOnce();
      if (answered) copyVersion = version;
      return fresh;
    },
    follow(version) {
      followed = version;
    },
  };
}

/**
 * The product list of the backend at `upstream`. `maxBytes` (CATALOG_MAX_BYTES) bounds what is read: a larger list
 * fails with a message saying so instead of taking the BFF's memory.
 */
export function upstreamListCache(upstream: Upstream, ttlMs: number, maxBytes: number): ListCache {
  return createListCache({ ttlMs, fetchList: (etag) => productListBytes(upstream, etag, maxBytes) });
}

/** One version of the catalogue parsed from a list copy, indexed for the list catalogue. Never mutated. */
export interface CatalogSnapshot {
  version: number;
  products: readonly CatalogProduct[];
  byId: ReadonlyMap<string, CatalogProduct>;
  /** Newest first by date; ties keep the catalogue's order. */
  newestFirst: readonly CatalogProduct[];
  /** Listed products the store cannot show (left out). */
  skipped: number;
}

export function parseListCopy(copy: ListCopy): CatalogSnapshot {
  const parsed = productListSchema.safeParse(readEnvelope(200, copy.bytes));
  if (!parsed.success)
    throw new StoreError('UPSTREAM_ERROR', 'The store answered something unexpected. Please try again.', 200);
  const { products: read, skipped } = readProducts(parsed.data.products);
  const products = read.map(toCatalogProduct);
  return {
    version: copy.version,
    products,
    byId: new Map(products.map((p) => [p.id, p])),
    newestFirst: [...products].sort((a, b) => b.date - a.date || a.position - b.position),
    skipped,
  };
}
