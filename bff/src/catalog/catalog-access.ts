import { SingleFlight } from '../../../lib/single-flight.js';
import { StoreError } from '../errors.js';
import type { CatalogQueryAnswer } from '../rest/answer-shapes.js';
import { queryCatalogAgain, type TaggedCatalogAnswer } from '../rest/store-api.js';
import type { Upstream } from '../rest/upstream.js';
import type { Catalog, CatalogSource } from './catalog.js';
import type { ListCache } from './catalog-cache.js';
import { FreshCheck } from './fresh-check.js';
import { ImageOrigins } from './image-origins.js';
import { listCatalogSource } from './list-catalog.js';
import { queryCatalogView } from './query-catalog.js';

// The catalogue query when the backend has one, else the whole list in memory: detected once per TTL
// (docs/decisions/011). With the query, every request checks the version first, so a back office change made
// straight at the API shows on the next request.

export interface CatalogAccessOptions {
  upstream: Upstream;
  ttlMs: number;
  list: ListCache;
  onSkipped?: (count: number) => void;
  now?: () => number;
}

/** The answers that mean "this backend has no catalogue query", as against "it failed just now". */
function hasNoQuery(error: unknown): boolean {
  if (!(error instanceof StoreError)) return false;
  const { code, upstreamStatus } = error.extensions as { code?: string; upstreamStatus?: number };
  if (code === 'NOT_FOUND' || code === 'BAD_USER_INPUT' || code === 'UNAUTHENTICATED') return true;
  // A 2xx that is not the query's answer (a page served for every path): no query either.
  return code === 'UPSTREAM_ERROR' && upstreamStatus !== undefined && upstreamStatus < 300;
}

export function createCatalogAccess({
  upstream,
  ttlMs,
  list,
  onSkipped,
  now = Date.now,
}: CatalogAccessOptions): CatalogSource {
  const fromList = listCatalogSource({ get: () => list.read() }, onSkipped);
  // Shared by every version: the origins seen stay admitted.
  const origins = new ImageOrigins();
  // One version number for both kinds of view, so a switch between them never reuses a number a cache holds.
  let generation = 0;
  const numbered = new WeakMap<Catalog, Catalog>();
  let queryVersion: string | undefined;
  let current: Catalog | undefined;
  let freshUntil = 0;
  const refreshing = new SingleFlight<Catalog>();
  // A 304 to its ETag keeps the last check's answer: a check costs our API one row read.
  let lastCheck: TaggedCatalogAnswer | undefined;
  const versionChecks = new FreshCheck<CatalogQueryAnswer>(async () => {
    lastCheck = await queryCatalogAgain(upstream, { limit: 0 }, lastCheck);
    return lastCheck.answer;
  });

  const withOwnVersion = (view: Catalog): Catalog => {
    let own = numbered.get(view);
    if (own === undefined) {
      own = { ...view, version: (generation += 1) };
      numbered.set(view, own);
    }
    return own;
  };

  async function refresh(): Promise<Catalog> {
    let version: string | undefined;
    try {
      const answer = await versionChecks.run();
      version = answer.version;
      origins.add(answer.imageOrigins);
    } catch (error) {
      if (!hasNoQuery(error)) {
        // Down or failing: the last catalogue is served a short while longer, as the list's copy is.
        if (current === undefined) throw error;
        freshUntil = now() + Math.min(ttlMs, 1000);
        return current;
      }
    }
    if (version === undefined) {
      queryVersion = undefined;
      current = withOwnVersion(await fromList.get());
    } else if (version !== queryVersion || current === undefined) {
      queryVersion = version;
      current = queryCatalogView(upstream, (generation += 1), origins);
    }
    // A versioned catalogue is checked on every request (above); a list, once per TTL.
    freshUntil = version === undefined ? now() + ttlMs : 0;
    return current;
  }

  const access: CatalogSource = {
    get() {
      if (current !== undefined && now() < freshUntil) return Promise.resolve(current);
      // A caller needs a version checked after it arrived (fresh-check.ts), which the flight would not give.
      if (queryVersion !== undefined) return refresh();
      return refreshing.run('catalog', refresh);
    },
  };
  // The list the store's URL passes on (site/product-list.ts) follows the version.
  list.follow(async () => {
    await access.get();
    return queryVersion;
  });
  return access;
}
