import { z } from 'zod';
import {
  facetCounts as countFacets,
  normalizedSearch,
  sortByPrice,
  viewFilter,
  type ViewFilter,
} from '#domain/catalog-view';
import { badUserInput } from '../errors.js';
import type {
  Category,
  CategoryCount,
  InputMaybe,
  ProductFilter,
  ProductSort,
  ProductType,
  TypeCount,
} from '../generated/resolvers-types.js';
import { ALL_CATEGORIES, ALL_TYPES } from './labels.js';
import type { CatalogProduct } from './product.js';

// The collection's rules as pure functions over one catalogue snapshot: filter, facets, sort, cursor pages.

export const MAX_PAGE_SIZE = 100;
const MAX_SEARCH_LENGTH = 100;
const MAX_IDS = 200;

// GraphQL has already checked the enum values; what is left to check is the free text and the list size.
const filterSchema = z.object({
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
    .nullish()
    .transform(normalizedSearch),
  ids: z.array(z.string()).max(MAX_IDS, `ids may list at most ${MAX_IDS} products`).nullish(),
});

/** An absent or empty group does not filter. */
export type ParsedFilter = ViewFilter<Category, ProductType>;

export function parseFilter(filter: InputMaybe<ProductFilter> | undefined): ParsedFilter {
  const parsed = filterSchema.safeParse(filter ?? {});
  if (!parsed.success) throw badUserInput(parsed.error.issues[0]?.message ?? 'Invalid filter');
  return viewFilter({ ...filter, search: parsed.data.search });
}

const ORDER = { categories: ALL_CATEGORIES, types: ALL_TYPES };

/** Each group counted with the other filters applied: what ticking that box would show. */
export function facetCounts(
  products: readonly CatalogProduct[],
  filter: ParsedFilter,
): { categories: CategoryCount[]; types: TypeCount[] } {
  return countFacets(products, filter, ORDER);
}

/** Stable: equal prices (or dates) keep the catalogue's order. */
export function sortProducts(products: CatalogProduct[], sort: ProductSort): CatalogProduct[] {
  if (sort === 'PRICE_ASC') return sortByPrice(products, 'ascending');
  if (sort === 'PRICE_DESC') return sortByPrice(products, 'descending');
  if (sort === 'NEWEST') return products.sort((a, b) => b.date - a.date || a.position - b.position);
  return products;
}

// Opaque to the client: the last product's id, so a page boundary survives products added before it.
const CURSOR_PREFIX = 'product:';

export function cursorOf(product: CatalogProduct): string {
  return Buffer.from(`${CURSOR_PREFIX}${product.id}`, 'utf8').toString('base64url');
}

function idOfCursor(cursor: string): string | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  return text.startsWith(CURSOR_PREFIX) ? text.slice(CURSOR_PREFIX.length) : undefined;
}

export interface Page {
  items: CatalogProduct[];
  hasNextPage: boolean;
}

export function paginate(
  products: readonly CatalogProduct[],
  first: number,
  after: string | null | undefined,
): Page {
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
    throw badUserInput(`first must be between 1 and ${MAX_PAGE_SIZE}`);
  }
  let start = 0;
  if (after !== null && after !== undefined) {
    const id = idOfCursor(after);
    const index = id === undefined ? -1 : products.findIndex((p) => p.id === id);
    if (index < 0)
      throw badUserInput('after is not a cursor of this product list; start again from the first page');
    start = index + 1;
  }
  return { items: products.slice(start, start + first), hasNextPage: start + first < products.length };
}

export function relatedProducts(
  products: readonly CatalogProduct[],
  product: CatalogProduct,
  limit: number,
): CatalogProduct[] {
  const related: CatalogProduct[] = [];
  for (const p of products) {
    if (related.length >= limit) break;
    if (p.id !== product.id && p.category === product.category && p.type === product.type) related.push(p);
  }
  return related;
}

export function checkLimit(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw badUserInput(`${name} must be between ${min} and ${max}`);
  return value;
}
