import { z } from 'zod';
import { cartQuantitySchema, productIdSchema, sizeSchema } from '#domain/cart-line';
import { StoreError } from '../errors.js';
import type { Cart, MutationResolvers, QueryResolvers } from '../generated/resolvers-types.js';
import { parseInput } from '../input.js';
import type { CartData } from '../rest/answer-shapes.js';
import type { SignedInApi } from '../rest/shopper-api.js';
import { cartLines } from './cart.js';

const productId = productIdSchema('productId');
const size = sizeSchema();
const quantity = cartQuantitySchema('quantity');

const updateInput = z.object({ productId, size, quantity });

type Line = z.output<typeof updateInput>;

async function cartOf(cartData: Promise<CartData>): Promise<Cart> {
  return { lines: cartLines(await cartData) };
}

/** From the write's answer when the backend sends it, else read again (spec section 7). */
async function afterWrite(store: SignedInApi, write: Promise<CartData | undefined>): Promise<CartData> {
  return (await write) ?? store.cart();
}

const quantityIn = (cart: CartData, line: Pick<Line, 'productId' | 'size'>) =>
  cart[line.productId]?.[line.size] ?? 0;

/**
 * The seed's backend refuses to update a product the cart lacks (a TypeError's message, status 200): the line
 * is then added (quantity 1) and set, even when the add's answer is lost. Removing a line the cart does not hold
 * is done.
 */
async function setLine(store: SignedInApi, line: Line): Promise<CartData> {
  const update = () =>
    afterWrite(store, store.updateCart({ itemId: line.productId, size: line.size, quantity: line.quantity }));
  try {
    return await update();
  } catch (error) {
    if (!(error instanceof StoreError) || error.extensions.code !== 'BAD_USER_INPUT') throw error;
    const cart = await store.cart();
    if (line.quantity === 0 && quantityIn(cart, line) === 0) return cart;
    if (line.quantity === 0 || cart[line.productId] !== undefined) throw error;
    let added: CartData;
    try {
      added = await afterWrite(store, store.addToCart({ itemId: line.productId, size: line.size }));
    } catch (addFailed) {
      // The add may have landed without its answer (and on top of another tab's): set the quantity anyway.
      return update().catch(() => {
        throw addFailed;
      });
    }
    return quantityIn(added, line) === line.quantity ? added : update();
  }
}

export const cartQueries: Required<Pick<QueryResolvers, 'cart'>> = {
  cart: (_parent, _args, context) => cartOf(context.store.signedIn().cart()),
};

export const cartMutations: Required<Pick<MutationResolvers, 'updateCartLine'>> = {
  updateCartLine(_parent, args, context) {
    return cartOf(setLine(context.store.signedIn(), parseInput(updateInput, args)));
  },
};
