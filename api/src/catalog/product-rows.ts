import { sql, type ExpressionBuilder } from 'kysely';
import { CATEGORIES, SUB_CATEGORIES } from '#domain/store-rules';
import type { LowStock } from '#domain/stock';
import type { Database, ProductTable } from '../db/schema.js';
import { cellCategory, cellSubCategory } from './cells.js';
import type { Product } from './product.js';
import type { Cursor, PageFilter, SearchScope, Sort } from './query.js';

// A product row and the conditions every catalogue query shares, in SQL both databases speak.

export const PRODUCT_COLUMNS = [
  'products.id',
  'products.position',
  'products.name',
  'products.description',
  'products.price',
  'products.images',
  'products.category',
  'products.sub_category',
  'products.sizes',
  'products.bestseller',
  'products.date',
  'products.low_stock',
] as const;

/** A product row as the catalogue reads it (sold_out is read only by the in-stock filter). */
export type ProductRow = Omit<ProductTable, 'sold_out'>;

/** A product row as imports and the back office write it: its shown stock comes from its counts (stock/shown.ts). */
export type ProductWriteRow = Omit<ProductTable, 'low_stock' | 'sold_out'>;

export function toProduct(row: ProductRow): Product {
  const product: Product = {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    image: JSON.parse(row.images) as string[],
    category: row.category as Product['category'],
    subCategory: row.sub_category as Product['subCategory'],
    sizes: JSON.parse(row.sizes) as string[],
    bestseller: row.bestseller === 1,
    date: row.date,
  };
  // Only when a size is low, so the answers about every other product stay exactly as spec section 3 shows them.
  if (row.low_stock !== null) product.lowStock = JSON.parse(row.low_stock) as LowStock;
  return product;
}

export function toRow(product: Product, position: number): ProductWriteRow {
  return {
    id: product._id,
    position,
    name: product.name,
    description: product.description,
    price: product.price,
    images: JSON.stringify(product.image),
    category: product.category,
    sub_category: product.subCategory,
    sizes: JSON.stringify(product.sizes),
    bestseller: product.bestseller ? 1 : 0,
    date: product.date,
  };
}

/** The index-backed order of each sort besides "relevant": its column and direction, ties by position ascending. */
export const SORT_KEYS = {
  price_asc: ['price', 'asc'],
  price_desc: ['price', 'desc'],
  newest: ['date', 'desc'],
} as const satisfies Record<Exclude<Sort, 'relevant'>, readonly ['price' | 'date', 'asc' | 'desc']>;

type ProductsEb = ExpressionBuilder<Database, 'products'>;

/**
 * The in-stock condition for a page, kept off every index (unary +): a page walks the index of its order and skips
 * the few sold-out rows, where the sold-out index would hand it nearly every product to sort.
 */
export const notSoldOutUnindexed = sql<boolean>`+products.sold_out = 0`;

/** The sold-out products' positions (products_sold_out alone answers it): few, left out of a search's matches. */
export const SOLD_OUT_POSITIONS = sql`SELECT position FROM products WHERE sold_out = 1`;

/** `ids`, `relatedTo` and `inStock`: they restrict the counts as well as the page. */
export function inScope(eb: ProductsEb, scope: SearchScope, { forPage = false } = {}) {
  const conditions = [];
  if (scope.inStock) conditions.push(forPage ? notSoldOutUnindexed : eb('products.sold_out', '=', 0));
  if (scope.only)
    conditions.push(eb('products.id', 'in', scope.only.length > 0 ? scope.only.map((k) => k.id) : ['']));
  if (scope.cell !== undefined) {
    conditions.push(eb('products.category', '=', cellCategory(scope.cell)));
    conditions.push(eb('products.sub_category', '=', cellSubCategory(scope.cell)));
  }
  if (scope.except) conditions.push(eb('products.id', '!=', scope.except.id));
  return eb.and(conditions);
}

/** The ticked boxes (a group with every box ticked filters nothing). */
export function inFilter(eb: ProductsEb, filter: PageFilter) {
  const conditions = [];
  if (filter.categories.length < CATEGORIES.length)
    conditions.push(eb('products.category', 'in', filter.categories));
  if (filter.subCategories.length < SUB_CATEGORIES.length) {
    conditions.push(eb('products.sub_category', 'in', filter.subCategories));
  }
  return eb.and(conditions);
}

/** Rows after the cursor in a price or date order: key then position, written so the sort's index can seek to it. */
export function afterCursor(eb: ProductsEb, sort: Exclude<Sort, 'relevant'>, cursor: Cursor) {
  const [column, direction] = SORT_KEYS[sort];
  const key = cursor.key!;
  return eb.and([
    eb(`products.${column}`, direction === 'asc' ? '>=' : '<=', key),
    eb.or([
      eb(`products.${column}`, direction === 'asc' ? '>' : '<', key),
      eb('products.position', '>', cursor.position),
    ]),
  ]);
}
