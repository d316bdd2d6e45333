import { StoreError } from '../errors.js';
import { productListSchema, readProducts } from '../rest/answer-shapes.js';
import { productListBytes } from '../rest/store-api.js';
import { readEnvelope, type NotModified, type Upstream, type UpstreamBytes } from '../rest/upstream.js';
import { toCatalogProduct, type CatalogProduct } from './product.js';

// The backend's product list kept as bytes: the REST pass-through serves them as they are (with the backend's
// ETag), and the list catalogue parses them once per version.

/** Never mutated. */
export interface ListCopy {
  /** Changes whenever the list does (not when a revalidation answers 304). */
  version: number;
  bytes: Buffer;
  etag?: string;
}

export interface ListCache {
  /** Revalidated after the TTL (one call for all waiters), or at once when the followed version changed. */
  get(): Promise<ListCopy>;
  /** Like `get`, without asking after the followed version (the catalogue access's own read). */
  read(): Promise<ListCopy>;
  /** Asked on every `get`; undefined (a backend of spec section 7 only) leaves the TTL alone to decide. */
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
  let revalidating: Promise<ListCopy> | undefined;
  /** The last revalidation heard from the backend (it may instead have kept the copy while it was down). */
  let answered = false;
  let followed: (() => Promise<string | undefined>) | undefined;
  /** Seen before the copy was last revalidated: the copy is at least that version. */
  let copyVersion: string | undefined;

  async function revalidate(): Promise<ListCopy> {
    answered = false;
    let answer: UpstreamBytes | NotModified;
    try {
      answer = await fetchList(copy?.etag);
    } catch (error) {
      // While the backend is down, shoppers browse the last list (the backend checks prices on every cart and
      // order call); the next try waits a short pause, not every request.
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
      // Read again by a call that began after this request: one under way may have begun before the change.
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

/** Past `maxBytes` (CATALOG_MAX_BYTES) the list fails with a message saying so, sparing the BFF's memory. */
export function upstreamListCache(upstream: Upstream, ttlMs: number, maxBytes: number): ListCache {
  return createListCache({ ttlMs, fetchList: (etag) => productListBytes(upstream, etag, maxBytes) });
}

/** Never mutated. */
export interface CatalogSnapshot {
  version: number;
  products: readonly CatalogProduct[];
  byId: ReadonlyMap<string, CatalogProduct>;
  /** Ties keep the catalogue's order. */
  newestFirst: readonly CatalogProduct[];
  /** Listed products the store cannot show, left out. */
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
