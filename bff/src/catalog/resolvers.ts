import { sizeStock } from '#domain/stock';
import type { ProductResolvers, QueryResolvers } from '../generated/resolvers-types.js';
import { checkLimit, MAX_PAGE_SIZE, parseFilter } from './list-rules.js';

const MAX_RELATED = 20;
const MAX_LATEST = 20;

export const catalogQueries: Required<Pick<QueryResolvers, 'products' | 'product' | 'latestProducts'>> = {
  async products(_parent, args, context) {
    const first = checkLimit('first', args.first, 1, MAX_PAGE_SIZE);
    const filter = parseFilter(args.filter);
    const page = await (await context.catalog()).page({ filter, sort: args.sort, first, after: args.after });
    return {
      edges: page.edges,
      nodes: page.edges.map((edge) => edge.node),
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.edges.at(-1)?.cursor ?? null },
      totalCount: page.totalCount,
      facets: page.facets,
    };
  },

  async product(_parent, { id }, context) {
    return (await (await context.catalog()).find([id])).get(id) ?? null;
  },

  async latestProducts(_parent, { limit }, context) {
    return (await context.catalog()).latest(checkLimit('limit', limit, 1, MAX_LATEST));
  },
};

export const productResolvers: ProductResolvers = {
  addedAt: (product) => new Date(product.date).toISOString(),
  // A backend that keeps no stock has every size in stock.
  stock: (product) => sizeStock(product.sizes, product.lowStock),
  imagePlaceholder: (product, _args, context) => {
    const first = product.images[0];
    return first === undefined ? null : context.imagePlaceholder(first);
  },
  async related(product, { limit }, context) {
    const count = checkLimit('limit', limit, 0, MAX_RELATED);
    return count === 0 ? [] : (await context.catalog()).related(product, count);
  },
};
