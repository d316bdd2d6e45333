import * as z from 'zod/mini';
import { onFirstUse } from '#domain/on-first-use';
import type { Category, ProductFilter, ProductSort, ProductType } from '../../graphql/generated/graphql';
import { CATEGORY_VALUES, SORT_VALUES, TYPE_VALUES } from '../../shared/catalog/catalog-labels';

// The collection's view lives in the query string (?category=MEN&type=SNEAKERS&sort=PRICE_ASC&q=run), so a
// reload or a shared link shows the same products; anything unknown is ignored.
export interface CollectionParams {
  categories: Category[];
  types: ProductType[];
  /** Only products with a size in stock. */
  inStock: boolean;
  sort: ProductSort;
  q: string;
}

/** The "In stock only" checkbox's value, as the collection's GET form sends it. */
export const IN_STOCK_VALUE = 'true';

export const MAX_SEARCH_LENGTH = 100;
const DEFAULT_SORT: ProductSort = 'RELEVANT';

const categorySchema = onFirstUse(() => z.enum(CATEGORY_VALUES));
const typeSchema = onFirstUse(() => z.enum(TYPE_VALUES));
const sortSchema = onFirstUse(() => z.enum(SORT_VALUES));

// Repeated keys and comma lists both work (?type=A&type=B or ?type=A,B); case does not matter.
function readList<T extends string>(
  params: URLSearchParams,
  key: string,
  schema: z.ZodMiniType<T>,
  order: readonly T[],
) {
  const picked = new Set<T>();
  for (const raw of params.getAll(key).flatMap((value) => value.split(','))) {
    const parsed = schema.safeParse(raw.trim().toUpperCase());
    if (parsed.success) picked.add(parsed.data);
  }
  // A canonical order keeps the query variables (and so the cache key) the same for the same selection.
  return order.filter((value) => picked.has(value));
}

export function parseCollectionParams(params: URLSearchParams): CollectionParams {
  const sort = sortSchema().safeParse(params.get('sort')?.trim().toUpperCase());
  return {
    categories: readList(params, 'category', categorySchema(), CATEGORY_VALUES),
    types: readList(params, 'type', typeSchema(), TYPE_VALUES),
    inStock: params.getAll('inStock').some((value) => value.trim().toLowerCase() === IN_STOCK_VALUE),
    sort: sort.success ? sort.data : DEFAULT_SORT,
    q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
  };
}

export function toSearchParams(view: CollectionParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const category of view.categories) params.append('category', category);
  for (const type of view.types) params.append('type', type);
  if (view.inStock) params.set('inStock', IN_STOCK_VALUE);
  if (view.sort !== DEFAULT_SORT) params.set('sort', view.sort);
  const q = view.q.trim();
  if (q) params.set('q', q);
  return params;
}

export function toProductFilter(view: CollectionParams): ProductFilter {
  const filter: ProductFilter = {};
  if (view.categories.length > 0) filter.categories = view.categories;
  if (view.types.length > 0) filter.types = view.types;
  if (view.inStock) filter.inStock = true;
  if (view.q) filter.search = view.q;
  return filter;
}

/** How many boxes are ticked (the search aside): the count on FILTERS. */
export function filterSelectionCount(view: {
  categories: readonly Category[];
  types: readonly ProductType[];
  inStock: boolean;
}): number {
  return view.categories.length + view.types.length + (view.inStock ? 1 : 0);
}

export function hasFilterSelections(view: CollectionParams): boolean {
  return filterSelectionCount(view) > 0;
}

export function hasActiveFilters(view: CollectionParams): boolean {
  return hasFilterSelections(view) || view.q !== '';
}

/** The view with no box ticked; the search and the sort (the shopper's ordering, not a filter) stay. */
export function withoutFilters(view: CollectionParams): CollectionParams {
  return { ...view, categories: [], types: [], inStock: false };
}

/** The view with no box ticked and no search: Clear all. */
export function withoutFiltersOrSearch(view: CollectionParams): CollectionParams {
  return { ...withoutFilters(view), q: '' };
}

/** The collection's URL for a view: a link that works with or without the app's code. */
export function collectionHref(view: CollectionParams): string {
  const query = toSearchParams(view).toString();
  return query ? `/collection?${query}` : '/collection';
}

/**
 * The view's one address for search engines: its filters and search in canonical order, without the sort (a
 * reordering of the same products, which should not compete with them).
 */
export function canonicalCollectionHref(view: CollectionParams): string {
  return collectionHref({ ...view, sort: DEFAULT_SORT });
}

export function toggleValue<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}
