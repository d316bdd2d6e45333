import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../../../domain/store-rules.js';
import type { GraphQLContext } from '../context.js';
import type { MutationResolvers, QueryResolvers } from '../generated/resolvers-types.js';
import { parseInput } from '../input.js';
import type { CartData } from '../rest/bodies.js';
import * as storeApi from '../rest/store-api.js';
import { signedIn } from '../shopper.js';
import { buildCart, type CartModel } from './cart.js';

const productId = z.string().min(1, 'productId is required').max(64, 'productId is too long');
const size = z.string().trim().min(1, 'Select product size!').max(20, 'size is too long');
const quantity = z
  .number()
  .int('quantity must be a whole number')
  .min(0, 'quantity cannot be negative')
  .max(MAX_LINE_QUANTITY, `quantity cannot be more than ${MAX_LINE_QUANTITY}`);

const addInput = z.object({ productId, size });
const updateInput = z.object({ productId, size, quantity });

async function cartOf(context: GraphQLContext, cartData: Promise<CartData>): Promise<CartModel> {
  const [data, catalog] = await Promise.all([cartData, context.catalog()]);
  return buildCart(data, catalog);
}

export const cartQueries: Required<Pick<QueryResolvers, 'cart'>> = {
  cart: (_parent, _args, context) => cartOf(context, storeApi.getCart(context.upstream, signedIn(context))),
};

export const cartMutations: Required<Pick<MutationResolvers, 'addToCart' | 'updateCartLine'>> = {
  addToCart(_parent, args, context) {
    const shopper = signedIn(context);
    const line = parseInput(addInput, args);
    return cartOf(context, storeApi.addToCart(context.upstream, shopper, { itemId: line.productId, size: line.size }));
  },

  updateCartLine(_parent, args, context) {
    const shopper = signedIn(context);
    const line = parseInput(updateInput, args);
    return cartOf(
      context,
      storeApi.updateCart(context.upstream, shopper, { itemId: line.productId, size: line.size, quantity: line.quantity }),
    );
  },
};
