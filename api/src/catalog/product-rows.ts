import type { ExpressionBuilder } from 'kysely';
import { CATEGORIES, SUB_CATEGORIES } from '../../../domain/store-rules.js';
import type { Database, ProductTable } from '../db/schema.js';
import { cellCategory, cellSubCategory } from './cells.js';
import type { Product } from './product.js';
import type { Cursor, PageFilter, SearchScope, Sort } from './query.js';

// A product row and the conditions every catalogue query shares, in SQL both databases speak.

/** The columns of a product row, named explicitly. */
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
] as const;

export function toProduct(row: ProductTable): Product {
  return {
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
}

export function toRow(product: Product, position: number): ProductTable {
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

/** `ids` and `relatedTo`: they restrict the counts as well as the page. */
export function inScope(eb: ProductsEb, scope: SearchScope) {
  const conditions = [];
  if (scope.only) conditions.push(eb('products.id', 'in', scope.only.length > 0 ? scope.only.map((k) => k.id) : ['']));
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
  if (filter.categories.length < CATEGORIES.length) conditions.push(eb('products.category', 'in', filter.categories));
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
    eb.or([eb(`products.${column}`, direction === 'asc' ? '>' : '<', key), eb('products.position', '>', cursor.position)]),
  ]);
}
