import type { CollectionProductsQuery } from '../graphql/generated/graphql';

type CardProduct = CollectionProductsQuery['products']['nodes'][number];

export function cardProduct(id: string, name: string, price: number): CardProduct {
  return { __typename: 'Product', id, name, price, images: [`/images/${id}.svg`] };
}

export function productsPage(
  nodes: CardProduct[],
  overrides: { totalCount?: number; hasNextPage?: boolean; endCursor?: string } = {},
): CollectionProductsQuery {
  return {
    products: {
      __typename: 'ProductConnection',
      nodes,
      pageInfo: { __typename: 'PageInfo', hasNextPage: overrides.hasNextPage ?? false, endCursor: overrides.endCursor ?? null },
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
