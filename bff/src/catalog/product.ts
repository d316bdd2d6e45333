import { searchTextOf } from '#domain/catalog-view';
import { soldOut, type LowStock } from '#domain/stock';
import { stringBytes } from '../../../lib/bounded-cache.js';
import type { ListedProduct, RestProduct } from '../rest/answer-shapes.js';
import type { Category, ProductType } from '../generated/resolvers-types.js';
import { CATEGORY_OF_LABEL, TYPE_OF_LABEL } from './labels.js';

/** The codegen mapper of `Product`. */
export interface CatalogProduct {
  id: string;
  name: string;
  description: string;
  price: number;
  images: string[];
  category: Category;
  type: ProductType;
  /** "Sports Shoes", which the search matches too. */
  typeLabel: string;
  sizes: string[];
  bestseller: boolean;
  /** Milliseconds since the epoch. */
  date: number;
  /** In the catalogue's own order ("relevant"). */
  position: number;
  /** Lower-cased name, description and type. */
  searchText: string;
  /** Undefined when every size is in stock, or the backend keeps no stock. */
  lowStock?: LowStock;
  soldOut: boolean;
  /** What an order's items copy (spec section 3). */
  source: ListedProduct;
}

export function toCatalogProduct({ lowStock, ...product }: RestProduct, position: number): CatalogProduct {
  return {
    id: product._id,
    name: product.name,
    description: product.description,
    price: product.price,
    images: product.image,
    category: CATEGORY_OF_LABEL[product.category],
    type: TYPE_OF_LABEL[product.subCategory],
    typeLabel: product.subCategory,
    sizes: product.sizes,
    bestseller: product.bestseller,
    date: product.date,
    position,
    searchText: searchTextOf(product.name, product.description, product.subCategory),
    ...(lowStock === undefined ? {} : { lowStock }),
    soldOut: soldOut(product.sizes, lowStock),
    source: product,
  };
}

/** A bound on the fields' object and array headers, not a measurement. */
const PRODUCT_OVERHEAD_BYTES = 512;

/** About what a product takes in memory, for the caches that keep products. */
export function productBytes(product: CatalogProduct): number {
  const stock = product.lowStock === undefined ? 0 : stringBytes(JSON.stringify(product.lowStock));
  return (
    stringBytes(JSON.stringify(product.source)) +
    stringBytes(product.searchText) +
    stock +
    PRODUCT_OVERHEAD_BYTES
  );
}
