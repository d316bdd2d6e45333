import { authMutations, authQueries } from '../auth/resolvers.js';
import { cartMutations, cartQueries } from '../cart/resolvers.js';
import { catalogQueries, productResolvers } from '../catalog/resolvers.js';
import type { MutationResolvers, QueryResolvers, Resolvers } from '../generated/resolvers-types.js';
import { orderLifeMutations } from '../orders/order-life.js';
import { orderMutations, orderQueries, orderResolvers } from '../orders/resolvers.js';

// Required<…>: leaving a root field without a resolver is a type error, not a null at run time.
const Query: Required<QueryResolvers> = {
  ...catalogQueries,
  ...cartQueries,
  ...orderQueries,
  ...authQueries,
};
const Mutation: Required<MutationResolvers> = {
  ...authMutations,
  ...cartMutations,
  ...orderMutations,
  ...orderLifeMutations,
};

export const resolvers: Resolvers = {
  Query,
  Mutation,
  Product: productResolvers,
  Order: orderResolvers,
};
