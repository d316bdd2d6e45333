// The collection's filter, facets and sort over a list of products in memory: the BFF's over a catalogue of spec
// section 7 (bff/src/catalog/list-rules.ts), the storefront's over the products it has kept for when it is offline
// (web/src/features/collection/offline). One set of rules, so the two answer alike.

/** A filter as the collection reads it. An absent or empty group does not filter. */
export interface ViewFilter<C extends string, T extends string> {
  categories?: ReadonlySet<C>;
  types?: ReadonlySet<T>;
  ids?: ReadonlySet<string>;
  inStock: boolean;
  /** Lower-cased and trimmed; empty matches everything. */
  search: string;
}

/** A filter as a query gives its groups (absent, null or empty: not filtering) and its search text. */
export function viewFilter<C extends string, T extends string>(query: {
  categories?: readonly C[] | null;
  types?: readonly T[] | null;
  ids?: readonly string[] | null;
  inStock?: boolean | null;
  search?: string | null;
}): ViewFilter<C, T> {
  const set = <V>(values: readonly V[] | null | undefined) =>
    values && values.length > 0 ? new Set(values) : undefined;
  return {
    categories: set(query.categories),
    types: set(query.types),
    ids: set(query.ids),
    inStock: query.inStock === true,
    search: normalizedSearch(query.search),
  };
}

/** What the rules read of a product. */
export interface ViewedProduct<C extends string, T extends string> {
  id: string;
  category: C;
  type: T;
  soldOut: boolean;
  /** Lower-cased name, description and type: what a search matches in. */
  searchText: string;
  price: number;
  /** In the catalogue's own order ("relevant"). */
  position: number;
}

type Group = 'categories' | 'types';

/** The text a search matches in: name, description and the type's name, lower-cased. */
export function searchTextOf(name: string, description: string, typeName: string): string {
  return `${name}\n${description}\n${typeName}`.toLowerCase();
}

/** The shopper's search as the rules compare it. */
export function normalizedSearch(search: string | null | undefined): string {
  return search?.trim().toLowerCase() ?? '';
}

// OR within a group, AND across groups; `skip` leaves one group out (for its facet).
function matches<C extends string, T extends string>(
  product: ViewedProduct<C, T>,
  filter: ViewFilter<C, T>,
  skip?: Group,
): boolean {
  if (skip !== 'categories' && filter.categories && !filter.categories.has(product.category)) return false;
  if (skip !== 'types' && filter.types && !filter.types.has(product.type)) return false;
  if (filter.ids && !filter.ids.has(product.id)) return false;
  if (filter.inStock && product.soldOut) return false;
  return filter.search === '' || product.searchText.includes(filter.search);
}

export function filterProducts<C extends string, T extends string, P extends ViewedProduct<C, T>>(
  products: readonly P[],
  filter: ViewFilter<C, T>,
): P[] {
  return products.filter((p) => matches(p, filter));
}

/** Each group counted with the other filters applied (what ticking that box would show), in the given order. */
export function facetCounts<C extends string, T extends string>(
  products: ReadonlyArray<ViewedProduct<C, T>>,
  filter: ViewFilter<C, T>,
  order: { categories: readonly C[]; types: readonly T[] },
): { categories: Array<{ category: C; count: number }>; types: Array<{ type: T; count: number }> } {
  const byCategory = new Map<C, number>();
  const byType = new Map<T, number>();
  for (const p of products) {
    if (matches(p, filter, 'categories')) byCategory.set(p.category, (byCategory.get(p.category) ?? 0) + 1);
    if (matches(p, filter, 'types')) byType.set(p.type, (byType.get(p.type) ?? 0) + 1);
  }
  return {
    categories: order.categories.map((category) => ({ category, count: byCategory.get(category) ?? 0 })),
    types: order.types.map((type) => ({ type, count: byType.get(type) ?? 0 })),
  };
}

/** Sorts in place, stable: equal prices keep the catalogue's order. Other sorts are the caller's. */
export function sortByPrice<P extends { price: number; position: number }>(
  products: P[],
  direction: 'ascending' | 'descending',
): P[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return products.sort((a, b) => sign * (a.price - b.price) || a.position - b.position);
}
