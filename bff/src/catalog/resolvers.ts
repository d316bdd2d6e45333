import type { ProductResolvers, QueryResolvers } from '../generated/resolvers-types.js';
import {
  checkLimit,
  cursorOf,
  facetCounts,
  filterProducts,
  MAX_PAGE_SIZE,
  paginate,
  parseFilter,
  relatedProducts,
  sortProducts,
} from './query.js';

const MAX_RELATED = 20;
const MAX_LATEST = 20;

export const catalogQueries: Required<Pick<QueryResolvers, 'products' | 'product' | 'latestProducts'>> = {
  async products(_parent, args, context) {
    const first = checkLimit('first', args.first, 1, MAX_PAGE_SIZE);
    const filter = parseFilter(args.filter);
    const { products } = await context.catalog();
    const matching = sortProducts(filterProducts(products, filter), args.sort);
    const page = paginate(matching, first, args.after);
    const last = page.items.at(-1);
    return {
      edges: page.items.map((node) => ({ cursor: cursorOf(node), node })),
      nodes: page.items,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: last === undefined ? null : cursorOf(last) },
      totalCount: matching.length,
      facets: facetCounts(products, filter),
    };
  },

  async product(_parent, { id }, context) {
    return (await context.catalog()).byId.get(id) ?? null;
  },

  async latestProducts(_parent, { limit }, context) {
    const count = checkLimit('limit', limit, 1, MAX_LATEST);
    return (await context.catalog()).newestFirst.slice(0, count);
  },
};

export const productResolvers: ProductResolvers = {
  addedAt: (product) => new Date(product.date).toISOString(),
  async related(product, { limit }, context) {
    const count = checkLimit('limit', limit, 0, MAX_RELATED);
    return relatedProducts((await context.catalog()).products, product, count);
  },
};
