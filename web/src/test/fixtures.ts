import { sizeStock, type LowStock, type SizeStock } from '#domain/stock';
import type { Category, CollectionProductsQuery, ProductType } from '../graphql/generated/graphql';

type CardProduct = CollectionProductsQuery['products']['nodes'][number];

/** A card's product; in stock unless `soldOut`. */
export function cardProduct(
  id: string,
  name: string,
  price: number,
  {
    soldOut = false,
    category = 'MEN',
    type = 'SNEAKERS',
  }: { soldOut?: boolean; category?: Category; type?: ProductType } = {},
): CardProduct {
  return {
    __typename: 'Product',
    id,
    name,
    price,
    images: [`/images/${id}.svg`],
    imagePlaceholder: null,
    soldOut,
    category,
    type,
  };
}

/** Product.stock as the BFF answers it: every size in stock but those `lowStock` names (0: sold out). */
export function stockOf(
  sizes: readonly string[],
  lowStock: LowStock = {},
): Array<SizeStock & { __typename: 'SizeStock' }> {
  return sizeStock(sizes, lowStock).map((entry) => ({ __typename: 'SizeStock', ...entry }));
}

export function productsPage(
  nodes: CardProduct[],
  overrides: { totalCount?: number; hasNextPage?: boolean; endCursor?: string } = {},
): CollectionProductsQuery {
  return {
    products: {
      __typename: 'ProductConnection',
      nodes,
      pageInfo: {
        __typename: 'PageInfo',
        hasNextPage: overrides.hasNextPage ?? false,
        endCursor: overrides.endCursor ?? null,
      },
      totalCount: overrides.totalCount ?? nodes.length,
      facets: {
        __typename: 'ProductFacets',
        categories: [
          { __typename: 'CategoryCount', category: 'MEN', count: 21 },
          { __typename: 'CategoryCount', category: 'WOMEN', count: 26 },
        ],
        types: [
          { __typename: 'TypeCount', type: 'SPORTS_SHOES', count: 10 },
          { __typename: 'TypeCount', type: 'SNEAKERS', count: 11 },
          { __typename: 'TypeCount', type: 'LEATHER_SHOES', count: 9 },
          { __typename: 'TypeCount', type: 'SLIPPERS', count: 8 },
          { __typename: 'TypeCount', type: 'SANDALS', count: 9 },
        ],
      },
    },
  };
}

/** A store query for the client kit's own tests (graphql/ imports no feature, so it takes one from here). */
export { LatestProductsDocument } from '../features/home/generated/documents';
