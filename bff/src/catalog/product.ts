import { soldOut, type LowStock } from '#domain/stock';
import { stringBytes } from '../../../lib/bounded-cache.js';
import type { ListedProduct, RestProduct } from '../rest/answer-shapes.js';
import type { Category, ProductType } from '../generated/resolvers-types.js';
import { CATEGORY_OF_LABEL, TYPE_OF_LABEL } from './labels.js';

/** A catalogue product as the resolvers hold it (the codegen mapper of `Product`). */
export interface CatalogProduct {
  id: string;
  name: string;
  description: string;
  price: number;
  images: string[];
  category: Category;
  type: ProductType;
  /** The REST type label ("Sports Shoes"), which the search matches too. */
  typeLabel: string;
  sizes: string[];
  bestseller: boolean;
  /** Milliseconds since the epoch. */
  date: number;
  /** Position in the catalogue's own order ("relevant"). */
  position: number;
  /** Lower-cased name, description and type, searched by `filter.search`. */
  searchText: string;
  /** The sizes few pairs are left of (0: sold out); undefined when every size is in stock, or the backend keeps no stock. */
  lowStock?: LowStock;
  /** No size can be sold. */
  soldOut: boolean;
  /** The product as the backend listed it, without its stock: what an order's items copy (spec section 3). */
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
    searchText: `${product.name}\n${product.description}\n${product.subCategory}`.toLowerCase(),
    ...(lowStock === undefined ? {} : { lowStock }),
    soldOut: soldOut(product.sizes, lowStock),
    source: product,
  };
}

/** The object and array headers of a product's fields: a bound on top of its text, not a measurement. */
const PRODUCT_OVERHEAD_BYTES = 512;

/** About what a product takes in memory, for the caches that keep products: its text as listed, its search text and stock. */
export function productBytes(product: CatalogProduct): number {
  const stock = product.lowStock === undefined ? 0 : stringBytes(JSON.stringify(product.lowStock));
  return (
    stringBytes(JSON.stringify(product.source)) +
    stringBytes(product.searchText) +
    stock +
    PRODUCT_OVERHEAD_BYTES
  );
}
