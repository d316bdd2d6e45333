import { filterProducts } from '#domain/catalog-view';
import type { Catalog, CatalogSource } from './catalog.js';
import { parseListCopy, type CatalogSnapshot, type ListCache, type ListCopy } from './catalog-cache.js';
import { imageOriginsOf } from './image-origins.js';
import type { CatalogProduct } from './product.js';
import { cursorOf, facetCounts, paginate, relatedProducts, sortProducts } from './list-rules.js';

/** The whole list in memory, for a backend of spec section 7 only; answers stand while the snapshot does. */
export function listCatalog(snapshot: CatalogSnapshot): Catalog {
  let origins: readonly string[] | undefined;
  return {
    version: snapshot.version,
    page({ filter, sort, first, after }) {
      const matching = sortProducts(filterProducts(snapshot.products, filter), sort);
      const page = paginate(matching, first, after);
      return Promise.resolve({
        edges: page.items.map((node) => ({ cursor: cursorOf(node), node })),
        hasNextPage: page.hasNextPage,
        totalCount: matching.length,
        facets: facetCounts(snapshot.products, filter),
      });
    },
    find(ids) {
      const found = new Map<string, CatalogProduct>();
      const wanted = ids.flatMap((id) => snapshot.byId.get(id) ?? []).sort((a, b) => a.position - b.position);
      for (const product of wanted) found.set(product.id, product);
      return Promise.resolve(found);
    },
    related: (product, limit) => Promise.resolve(relatedProducts(snapshot.products, product, limit)),
    latest: (limit) => Promise.resolve(snapshot.newestFirst.slice(0, limit)),
    imageOrigins: () => (origins ??= imageOriginsOf(snapshot.products)),
  };
}

/** Parsed once per copy; `onSkipped` hears of products left out. */
export function listCatalogSource(
  cache: Pick<ListCache, 'get'>,
  onSkipped?: (count: number) => void,
): CatalogSource {
  const views = new WeakMap<ListCopy, Catalog>();
  return {
    async get() {
      const copy = await cache.get();
      let view = views.get(copy);
      if (view === undefined) {
        const snapshot = parseListCopy(copy);
        if (snapshot.skipped > 0) onSkipped?.(snapshot.skipped);
        view = listCatalog(snapshot);
        views.set(copy, view);
      }
      return view;
    },
  };
}
