import { z } from 'zod';
import { BoundedCache } from '../../../lib/bounded-cache.js';
import { StoreError } from '../errors.js';
import type { ProductSort } from '../generated/resolvers-types.js';
import { restProductSchema, type CatalogQueryAnswer } from '../rest/answer-shapes.js';
import { queryCatalog, type CatalogQuery, type CatalogQuerySort } from '../rest/store-api.js';
import type { Upstream } from '../rest/upstream.js';
import type { Catalog, ProductFacetsModel } from './catalog.js';
import type { ImageOrigins } from './image-origins.js';
import { ALL_CATEGORIES, ALL_TYPES, LABEL_OF_CATEGORY, LABEL_OF_TYPE } from './labels.js';
import { productBytes, toCatalogProduct, type CatalogProduct } from './product.js';

// The catalogue from the backend's catalogue query (our API's `GET /api/product/query`): filtered, searched,
// sorted, counted and paged in its database, so the BFF holds no copy of the catalogue and each request costs
// the same however many products there are. A view is one catalogue version; what it looked up is kept with it.

const SORTS: Record<ProductSort, CatalogQuerySort> = {
  RELEVANT: 'relevant',
  PRICE_ASC: 'price_asc',
  PRICE_DESC: 'price_desc',
  NEWEST: 'newest',
};
/** The query's largest page, and so the most ids one call looks up. */
const MAX_PER_CALL = 100;
/**
 * What one catalogue version keeps of its lookups, by bytes: products by id (about 10,000 products of 3 KB), and the
 * related and newest lists (whose products are counted again, as they hold them even once the ids are forgotten).
 */
const KEPT_PRODUCT_BYTES = 32 * 1024 * 1024;
const KEPT_LIST_BYTES = 16 * 1024 * 1024;
/** Ids known to be removed, by their bytes: a flood of made-up product URLs cannot grow it. */
const KEPT_REMOVED_BYTES = 256 * 1024;

/** Our API's answer to a query by ids names those the back office removed; another backend's lacks it: none. */
const removedSchema = z.array(z.string()).catch([]);

export function queryCatalogView(upstream: Upstream, version: number, origins: ImageOrigins): Catalog {
  // Ids the catalogue does not have are kept as null, for this version.
  const products = new BoundedCache<CatalogProduct | null>({
    maxBytes: KEPT_PRODUCT_BYTES,
    sizeOf: (product) => (product === null ? 0 : productBytes(product)),
  });
  // Ids a query by ids said were removed (this version's): the rest of the ids looked up are unknown or products.
  const removed = new BoundedCache<true>({ maxBytes: KEPT_REMOVED_BYTES, sizeOf: () => 0 });
  // A list is sized once it has arrived; until then it is a promise of a few bytes.
  const lists = new BoundedCache<Promise<CatalogProduct[]>>({ maxBytes: KEPT_LIST_BYTES, sizeOf: () => 0 });

  async function ask(
    query: CatalogQuery,
  ): Promise<{ answer: CatalogQueryAnswer; items: Array<{ product: CatalogProduct; index: number }> }> {
    const answer = await queryCatalog(upstream, query);
    if (query.ids !== undefined) for (const id of removedSchema.parse(answer.removed)) removed.set(id, true);
    const items = answer.products.flatMap((raw, index) => {
      const parsed = restProductSchema.safeParse(raw);
      if (!parsed.success) return [];
      const product = toCatalogProduct(parsed.data, index);
      origins.add(product.images);
      products.set(product.id, product);
      return [{ product, index }];
    });
    return { answer, items };
  }

  const listOf = (key: string, query: CatalogQuery): Promise<CatalogProduct[]> => {
    const kept = lists.get(key);
    if (kept !== undefined) return kept;
    const list = ask(query).then(({ items }) => items.map((item) => item.product));
    lists.set(key, list);
    void list.then(
      (found) =>
        lists.resize(
          key,
          list,
          found.reduce((bytes, product) => bytes + productBytes(product), 0),
        ),
      // A failed lookup is not kept: the next request asks again.
      () => lists.deleteIf(key, list),
    );
    return list;
  };

  const view: Catalog = {
    version,
    async page({ filter, sort, first, after }) {
      const { answer, items } = await ask({
        category: filter.categories && [...filter.categories].map((c) => LABEL_OF_CATEGORY[c]),
        subCategory: filter.types && [...filter.types].map((t) => LABEL_OF_TYPE[t]),
        q: filter.search,
        ids: filter.ids && [...filter.ids],
        inStock: filter.inStock,
        sort: SORTS[sort],
        limit: first,
        cursor: after ?? undefined,
        facets: true,
      });
      const last = answer.products.length - 1;
      return {
        // Each product's own cursor, so a page can resume after any of them; without them, the page's end.
        edges: items.map(({ product, index }) => ({
          node: product,
          cursor: answer.cursors?.[index] ?? (index === last ? answer.nextCursor : null) ?? '',
        })),
        hasNextPage: answer.nextCursor !== null,
        totalCount: answer.total,
        facets: facetsOf(answer),
      };
    },
    async find(ids) {
      // What this call knows, so a product it just read counts even if the bounded cache has dropped it since.
      const known = new Map<string, CatalogProduct | null>();
      const missing: string[] = [];
      for (const id of new Set(ids)) {
        const kept = products.get(id);
        if (kept === undefined) missing.push(id);
        else known.set(id, kept);
      }
      for (let start = 0; start < missing.length; start += MAX_PER_CALL) {
        const chunk = missing.slice(start, start + MAX_PER_CALL);
        const { items } = await ask({ ids: chunk, limit: chunk.length });
        for (const { product } of items) known.set(product.id, product);
        // Ids the catalogue does not have are remembered as such, for this version.
        for (const id of chunk) {
          if (known.has(id)) continue;
          known.set(id, null);
          products.set(id, null);
        }
      }
      const found = new Map<string, CatalogProduct>();
      for (const id of ids) {
        const product = known.get(id);
        if (product) found.set(id, product);
      }
      return found;
    },
    async removed(id) {
      // Known once the id has been looked up in this version (a product page looks it up first).
      if (products.get(id) === undefined) await view.find([id]);
      return removed.has(id);
    },
    related: (product, limit) => listOf(`related:${product.id}:${limit}`, { relatedTo: product.id, limit }),
    latest: (limit) => listOf(`latest:${limit}`, { sort: 'newest', limit }),
    imageOrigins: () => origins.list(),
  };
  return view;
}

function facetsOf(answer: CatalogQueryAnswer): ProductFacetsModel {
  const { facets } = answer;
  if (facets === undefined)
    throw new StoreError('UPSTREAM_ERROR', 'The store answered something unexpected. Please try again.');
  return {
    categories: ALL_CATEGORIES.map((category) => ({
      category,
      count: facets.category[LABEL_OF_CATEGORY[category]] ?? 0,
    })),
    types: ALL_TYPES.map((type) => ({ type, count: facets.subCategory[LABEL_OF_TYPE[type]] ?? 0 })),
  };
}
