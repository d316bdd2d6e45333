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

// The catalogue from our API's `GET /api/product/query`, worked in its database, so the BFF holds no copy and
// a request costs the same however many products there are (docs/decisions/011). A view is one version.

const SORTS: Record<ProductSort, CatalogQuerySort> = {
  RELEVANT: 'relevant',
  PRICE_ASC: 'price_asc',
  PRICE_DESC: 'price_desc',
  NEWEST: 'newest',
};
/** The query's largest page. */
const MAX_PER_CALL = 100;
/** Per version: some 10,000 products of 3 KB; a list counts its products again, as it holds them. */
const KEPT_PRODUCT_BYTES = 32 * 1024 * 1024;
const KEPT_LIST_BYTES = 16 * 1024 * 1024;
/** A flood of made-up product URLs cannot grow it. */
const KEPT_REMOVED_BYTES = 256 * 1024;

/** Our API names the ids the back office removed; another backend does not: none. */
const removedSchema = z.array(z.string()).catch([]);

export function queryCatalogView(upstream: Upstream, version: number, origins: ImageOrigins): Catalog {
  // null: not in this version.
  const products = new BoundedCache<CatalogProduct | null>({
    maxBytes: KEPT_PRODUCT_BYTES,
    sizeOf: (product) => (product === null ? 0 : productBytes(product)),
  });
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
      // A product just read counts even if the bounded cache has dropped it since.
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
