import { facetCounts, filterProducts, searchTextOf, sortByPrice, viewFilter } from '#domain/catalog-view';
import { asOfText } from '../../../service-worker/offline-rules';
import { CATEGORY_VALUES, TYPE_VALUES, typeLabel } from '../../../shared/catalog/catalog-labels';
import type { CollectionParams } from '../collection-params';
import type { CollectionFacets, CollectionProduct } from '../use-collection-products';
import { productsOfPages, readKeptPages, type KeptProduct } from './kept-products';

// The collection's view when the store cannot be reached: the same filters, search and sort (domain/catalog-view)
// over the products the shopper has seen on this device, saying plainly that the list is partial and not live.
// Loaded only then, by use-kept-view.ts.

export interface KeptView {
  products: CollectionProduct[];
  facets: CollectionFacets;
  /** What the shopper is looking at: only the shoes seen here, and since when. */
  notice: string;
}

const ORDER = { categories: CATEGORY_VALUES, types: TYPE_VALUES };

function oldest(products: readonly KeptProduct[]): Date | undefined {
  let found: Date | undefined;
  for (const { fetchedAt } of products) {
    if (fetchedAt && (!found || fetchedAt < found)) found = fetchedAt;
  }
  return found;
}

function toCard(product: KeptProduct): CollectionProduct {
  return {
    __typename: 'Product',
    id: product.id,
    name: product.name,
    price: product.price,
    images: product.images,
    imagePlaceholder: product.imagePlaceholder ?? null,
    soldOut: product.soldOut,
    category: product.category,
    type: product.type,
  };
}

/** `view` over the products seen, in the order they were seen (newest page first) unless sorted by price. */
export function viewOfKept(kept: readonly KeptProduct[], view: CollectionParams): KeptView {
  const products = kept.map((product, position) => ({
    ...product,
    position,
    searchText: searchTextOf(product.name, product.description ?? '', typeLabel(product.type)),
  }));
  const filter = viewFilter({ ...view, search: view.q });
  const matching = filterProducts(products, filter);
  if (view.sort === 'PRICE_ASC') sortByPrice(matching, 'ascending');
  if (view.sort === 'PRICE_DESC') sortByPrice(matching, 'descending');
  const facets = facetCounts(products, filter, ORDER);
  const asOf = asOfText(oldest(matching.length > 0 ? matching : kept));
  return {
    products: matching.map(toCard),
    facets: {
      __typename: 'ProductFacets',
      categories: facets.categories.map((count) => ({ __typename: 'CategoryCount', ...count })),
      types: facets.types.map((count) => ({ __typename: 'TypeCount', ...count })),
    },
    notice:
      `You’re offline: only the shoes you’ve already seen on this device are shown, ${asOf}. ` +
      'Prices and stock may have changed.',
  };
}

/** How long the products read from the kept pages serve the next views: taps on the filters reuse them. */
const READ_FOR_MS = 30_000;
let lastRead: { at: number; products: Promise<KeptProduct[]> } | undefined;

/** The view over what the service worker keeps; undefined when it keeps no product at all. */
export async function keptView(view: CollectionParams): Promise<KeptView | undefined> {
  if (!lastRead || Date.now() - lastRead.at > READ_FOR_MS) {
    // Storage the browser will not open (a private window, a quota error) keeps nothing: the page's failure shows.
    const products = readKeptPages()
      .then(productsOfPages)
      .catch(() => []);
    lastRead = { at: Date.now(), products };
  }
  const kept = await lastRead.products;
  return kept.length === 0 ? undefined : viewOfKept(kept, view);
}

/** How often the store is asked whether it can be reached while the kept view is shown. */
const PROBE_MS = 10_000;
/** The BFF's liveness answer: a few bytes, no upstream call. */
const PROBE_URL = '/healthz';

/**
 * Calls `back` whenever the store can be reached again: on the `online` event, and when the BFF answers a probe.
 * The event alone is not enough: it does not come on a connection that is up but leads nowhere, where
 * `navigator.onLine` stays true all along. Probes only while the page is in view. Returns the way to stop.
 */
export function whenBackOnline(back: () => void): () => void {
  const probe = () => {
    if (document.visibilityState !== 'visible') return;
    fetch(PROBE_URL, { cache: 'no-store' }).then(
      (answer) => answer.ok && back(),
      () => undefined,
    );
  };
  const timer = setInterval(probe, PROBE_MS);
  window.addEventListener('online', back);
  return () => {
    clearInterval(timer);
    window.removeEventListener('online', back);
  };
}
