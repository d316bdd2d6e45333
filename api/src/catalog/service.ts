import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { MAX_IMAGE_ORIGINS } from '#domain/images';
import { BoundedCache, stringBytes } from '../../../lib/bounded-cache.js';
import { SingleFlight } from '../../../lib/single-flight.js';
import type { StoreDatabase } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Product } from './product.js';
import { expandWords, type ExpandedWord } from './query-sql-shared.js';
import { querySqlFor } from './query-sql.js';
import { toProduct } from './product-rows.js';
import {
  countsFor,
  encodeCursor,
  type CatalogQuery,
  type Cursor,
  type Facets,
  type MatchCounts,
  type PageRequest,
  type SearchScope,
} from './query.js';
import { findProductKeys, findProducts, listAbsoluteImageLists, listProductsAfter } from './repository.js';
import { findRemoved } from './removed.js';
import { readCatalogVersion } from './version.js';

export interface CatalogSnapshot {
  /** The serialized `{ success, products }` body of the spec's list, as UTF-8 bytes. */
  body: Buffer;
  etag: string;
  version: string;
}

export interface CatalogQueryAnswer {
  success: true;
  products: Product[];
  total: number;
  facets?: Facets;
  nextCursor: string | null;
  /** The cursor after each product of the page, so a client can resume after any of them. */
  cursors: string[];
  version: string;
  /** The origins the catalogue's image URLs name (at most MAX_IMAGE_ORIGINS), so a page's policy can admit them. */
  imageOrigins: string[];
  /** With `ids`: those of them the back office removed (not merely unknown), so a page can answer 410 Gone. */
  removed?: string[];
}

/** The http(s) origins in these JSON image lists, in the order first seen, at most MAX_IMAGE_ORIGINS. */
export function imageOriginsIn(imageLists: readonly string[], assetBaseUrl: string): string[] {
  const origins = new Set<string>();
  if (assetBaseUrl !== '') origins.add(new URL(assetBaseUrl).origin);
  for (const list of imageLists) {
    for (const url of JSON.parse(list) as string[]) {
      if (origins.size >= MAX_IMAGE_ORIGINS) return [...origins];
      if (!/^https?:\/\//i.test(url)) continue;
      try {
        origins.add(new URL(url).origin);
      } catch {
        // Not a URL after all: no origin to admit.
      }
    }
  }
  return [...origins];
}

export interface CatalogService {
  /**
   * The spec's list, rebuilt only when the catalogue version changes. `imageBase` (an origin the API chose, never one
   * a request names) makes path-absolute image URLs absolute for pages of other sites; one copy is kept per base.
   */
  snapshot(imageBase?: string): Promise<CatalogSnapshot>;
  /** Read from the database now, for decisions that must see the latest prices and sizes (cart, orders). */
  find(ids: readonly string[]): Promise<Map<string, Product>>;
  /** GET /api/product/query. */
  query(query: CatalogQuery): Promise<CatalogQueryAnswer>;
  /** The catalogue version now (one row read). */
  version(): Promise<string>;
}

/** What a cached value takes, estimated by its JSON (counts, words, origins: small plain values). */
const jsonBytes = (value: unknown) => stringBytes(JSON.stringify(value));

// The query caches' bounds, in bytes (keys included: a key holds the search words and up to 200 product ids).
const EXPANSIONS_MAX_BYTES = 2 * 1024 * 1024;
const COUNTS_MAX_BYTES = 4 * 1024 * 1024;
const TOTALS_MAX_BYTES = 1024 * 1024;
const IMAGE_ORIGINS_MAX_BYTES = 256 * 1024;
/** An origin list before it is read (a pending promise): its size is set once it is. */
const PENDING_BYTES = 64;

const LIST_CHUNK = 500;

export function createCatalogService(
  database: StoreDatabase,
  options: { assetBaseUrl: string },
): CatalogService {
  const { db } = database;
  const querySql = querySqlFor(database.dialect);
  // One copy per image base: the API's own ('') and the one for other sites (cross-origin-clients.ts), so two.
  const cached = new Map<string, CatalogSnapshot>();
  const loading = new SingleFlight<CatalogSnapshot>();
  // Keyed by catalogue version, so any process sees a write at once: typo expansions per search, and the
  // products per cell per search and scope (the counts behind total and facets; paging and re-filtering reuse them).
  const expansions = new BoundedCache<ExpandedWord[]>({ maxBytes: EXPANSIONS_MAX_BYTES, sizeOf: jsonBytes });
  const imageOrigins = new BoundedCache<Promise<string[]>>({
    maxBytes: IMAGE_ORIGINS_MAX_BYTES,
    maxEntries: 4,
    sizeOf: () => PENDING_BYTES,
  });
  // Read in the query's own transaction (SQLite has one connection: another read would wait for it forever).
  const imageOriginsOf = (version: string, trx: Transaction<Database>): Promise<string[]> => {
    let origins = imageOrigins.get(version);
    if (origins === undefined) {
      const reading = listAbsoluteImageLists(trx).then((lists) =>
        imageOriginsIn(lists, options.assetBaseUrl),
      );
      void reading.then(
        (list) => imageOrigins.resize(version, reading, jsonBytes(list)),
        () => imageOrigins.deleteIf(version, reading),
      );
      imageOrigins.set(version, reading);
      origins = reading;
    }
    return origins;
  };
  const cellCounts = new BoundedCache<MatchCounts>({ maxBytes: COUNTS_MAX_BYTES, sizeOf: jsonBytes });
  const totals = new BoundedCache<number>({ maxBytes: TOTALS_MAX_BYTES, sizeOf: () => 8 });

  const withImageBase = (product: Product, base: string): Product => ({
    ...product,
    image: product.image.map((url) => (url.startsWith('/') ? base + url : url)),
  });
  const withAssetBase = (product: Product): Product => withImageBase(product, options.assetBaseUrl);

  // The list is built in chunks (other requests are served between them) and kept only as its bytes. A write
  // landing between chunks changes the version, and the list is read again (at most three times).
  async function load(base: string): Promise<CatalogSnapshot> {
    for (let attempt = 1; ; attempt += 1) {
      const version = await readCatalogVersion(db);
      const hash = createHash('sha1');
      const parts: Buffer[] = [];
      const push = (text: string) => {
        const bytes = Buffer.from(text, 'utf8');
        hash.update(bytes);
        parts.push(bytes);
      };
      push('{"success":true,"products":[');
      for (let after = 0, first = true; ; first = false) {
        const rows = await listProductsAfter(db, after, LIST_CHUNK);
        if (rows.length === 0) break;
        push(
          (first ? '' : ',') +
            rows.map((row) => JSON.stringify(withImageBase(toProduct(row), base))).join(','),
        );
        after = rows.at(-1)!.position;
        // better-sqlite3 answers synchronously: let other requests in between chunks.
        await new Promise((resolve) => setImmediate(resolve));
      }
      push(']}');
      if (attempt >= 3 || (await readCatalogVersion(db)) === version) {
        return { body: Buffer.concat(parts), etag: `"${hash.digest('base64url')}"`, version };
      }
    }
  }

  async function snapshot(imageBase = ''): Promise<CatalogSnapshot> {
    // ASSET_BASE_URL makes every image absolute already, for every client.
    const base = options.assetBaseUrl || imageBase;
    const version = await readCatalogVersion(db);
    const kept = cached.get(base);
    if (kept?.version === version) return kept;
    return loading.run(base, async () => {
      const loaded = await load(base);
      cached.set(base, loaded);
      return loaded;
    });
  }

  async function query(q: CatalogQuery): Promise<CatalogQueryAnswer> {
    // One snapshot of the database: the version answered is the version counted and paged.
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        await querySql.beforeQuery(trx);
        const version = await readCatalogVersion(trx);
        const scope: SearchScope = q.inStock ? { inStock: true } : {};
        if (q.ids) scope.only = await findProductKeys(trx, q.ids);
        if (q.relatedTo !== undefined) {
          const [related] = await findProductKeys(trx, [q.relatedTo]);
          // Related to a product that is not there: nothing.
          if (!related) scope.only = [];
          else Object.assign(scope, { cell: related.cell, except: related });
        }

        let words: ExpandedWord[] = [];
        if (q.words.length > 0) {
          const key = JSON.stringify([version, q.words]);
          const known = expansions.get(key);
          words = known ?? (await expandWords(trx, q.words));
          if (!known) expansions.set(key, words);
        }

        const filter = { categories: q.categories, subCategories: q.subCategories };
        const countKey = JSON.stringify([version, q.words, q.ids, q.relatedTo, q.inStock]);
        let counts = cellCounts.get(countKey);
        let total: number;
        let facets: Facets | undefined;
        if (!counts && !q.facets && words.length > 0 && querySql.countMatches) {
          // No filter panel to fill: one count of the matches in the filter is enough (no per-cell grouping).
          const totalKey = JSON.stringify([countKey, filter]);
          total = totals.get(totalKey) ?? (await querySql.countMatches(trx, words, scope, filter));
          totals.set(totalKey, total);
        } else {
          if (!counts) {
            counts = await querySql.countCells(trx, words, scope);
            cellCounts.set(countKey, counts);
          }
          ({ total, facets } = countsFor(counts.cells, filter));
        }

        let products: Product[] = [];
        let cursors: string[] = [];
        let nextCursor: string | null = null;
        if (q.limit > 0 && total > 0) {
          const request: PageRequest = {
            filter,
            scope,
            sort: q.sort,
            cursor: q.cursor,
            limit: q.limit + 1,
            total,
            counts,
          };
          const rows = await querySql.page(trx, words, request);
          const page = rows.slice(0, q.limit);
          cursors = page.map((row) => {
            const after: Cursor =
              q.sort === 'relevant'
                ? { tier: words.length > 0 ? row.tier : undefined, position: row.position }
                : { key: q.sort === 'newest' ? row.date : row.price, position: row.position };
            return encodeCursor(q.sort, after);
          });
          if (rows.length > q.limit) nextCursor = cursors.at(-1)!;
          products = page.map((row) => withAssetBase(toProduct(row)));
        }
        return {
          success: true as const,
          products,
          total,
          ...(q.facets && facets ? { facets } : {}),
          nextCursor,
          cursors,
          version,
          imageOrigins: await imageOriginsOf(version, trx),
          ...(q.ids ? { removed: await findRemoved(trx, q.ids) } : {}),
        };
      });
  }

  return {
    snapshot,
    async find(ids) {
      const found = await findProducts(db, ids);
      return new Map([...found].map(([id, p]) => [id, withAssetBase(p)]));
    },
    query,
    version: () => readCatalogVersion(db),
  };
}
