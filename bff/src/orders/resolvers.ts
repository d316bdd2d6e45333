import { z } from 'zod';
import {
  REPEATED_LINE_MESSAGE,
  idempotencyKeySchema,
  orderQuantitySchema,
  productIdSchema,
  repeatsALine,
  sizeSchema,
} from '#domain/cart-line';
import { cartSubtotal, cartTotal, MAX_ORDER_LINES } from '#domain/store-rules';
import type { CatalogProduct } from '../catalog/product.js';
import type { GraphQLContext } from '../context.js';
import type { MutationResolvers, OrderResolvers, QueryResolvers } from '../generated/resolvers-types.js';
import { parseInput } from '../input.js';
import type { RestOrder } from '../rest/answer-shapes.js';
import type { SignedInApi } from '../rest/shopper-api.js';
import { OrderAttempts, type Unresolved } from './order-attempts.js';
import { exchangeSizesOf, orderLifeResolvers, withinReturnWindow } from './order-life.js';
import { checkExpectedTotal, pricedOrder, type OrderLine } from './order-request.js';

const lineSchema = z.object({
  productId: productIdSchema('productId'),
  size: sizeSchema(),
  quantity: orderQuantitySchema('quantity'),
});

// The address fields' formats are the API's to judge (its message reaches the shopper as BAD_USER_INPUT).
const placeOrderInput = z.object({
  lines: z
    .array(lineSchema)
    .min(1, 'Your cart is empty')
    .max(MAX_ORDER_LINES, `An order can hold at most ${MAX_ORDER_LINES} lines`)
    .refine((lines) => !repeatsALine(lines), REPEATED_LINE_MESSAGE),
  idempotencyKey: idempotencyKeySchema('idempotencyKey'),
  expectedTotal: z.number().nonnegative('expectedTotal cannot be negative').max(1e9).nullish(),
});

const contentOf = (items: ReadonlyArray<{ _id: string; size: string; quantity: number }>) =>
  items
    .map((item) => JSON.stringify([item._id, item.size, item.quantity]))
    .sort()
    .join();

/** Of orders new since the first call and not another attempt's, the oldest with these lines and amount. */
async function findEarlierOrder(
  store: SignedInApi,
  lines: readonly OrderLine[],
  amount: number,
  unresolved: Unresolved,
): Promise<RestOrder | undefined> {
  const wanted = contentOf(
    lines.map((line) => ({ _id: line.productId, size: line.size, quantity: line.quantity })),
  );
  const orders = await store.orders();
  return orders.findLast(
    (order) =>
      !unresolved.before.has(order._id) &&
      !unresolved.claimed.has(order._id) &&
      contentOf(order.items) === wanted &&
      (order.amount === undefined || Math.abs(order.amount - amount) <= 0.005),
  );
}

export const orderQueries: Required<Pick<QueryResolvers, 'myOrders'>> = {
  myOrders: (_parent, _args, context) => context.store.signedIn().orders(),
};

export const orderMutations: Required<Pick<MutationResolvers, 'placeOrder'>> = {
  async placeOrder(_parent, { input }, context) {
    const store = context.store.signedIn();
    const checked = parseInput(placeOrderInput, input);
    // Asked before anything is answered from memory: a revoked token is refused, a new one finds the attempt.
    const shopper = await store.verifiedShopper();
    const attempt = OrderAttempts.keyOf(shopper, checked.idempotencyKey);
    // An attempt that placed its order is answered as placed even if prices changed since: a retry (a lost
    // answer, an order kept offline and sent again) must never turn into a refusal and then a second order.
    const placed = context.orderAttempts.replay(attempt);
    if (placed) return placed;
    const { items, amount } = await pricedOrder(checked.lines, await context.catalog());
    checkExpectedTotal(amount, checked.expectedTotal);
    const request = { address: { ...input.address }, items, amount, idempotencyKey: checked.idempotencyKey };
    return context.orderAttempts.run(attempt, {
      ordersBefore: async () => new Set((await store.orders()).map((order) => order._id)),
      async place(unresolved) {
        const earlier = unresolved && (await findEarlierOrder(store, checked.lines, amount, unresolved));
        if (earlier) return { order: earlier, message: 'Order already placed', replayed: true };
        return store.placeOrder(request);
      },
    });
  },
};

// The seed's backend stores items as its client sent them: gaps are filled from the catalogue.
function itemsOf(order: RestOrder, products: ReadonlyMap<string, CatalogProduct>) {
  const exchangeable = withinReturnWindow(order);
  return order.items.map((item) => {
    const product = products.get(item._id);
    return {
      productId: item._id,
      name: item.name ?? product?.name ?? `Product not found for ID: ${item._id}`,
      price: item.price ?? product?.price ?? 0,
      quantity: item.quantity,
      size: item.size,
      image: item.image[0] ?? product?.images[0] ?? null,
      exchangeSizes: exchangeable ? exchangeSizesOf(product, item.size) : [],
    };
  });
}

const NONE: ReadonlyMap<string, CatalogProduct> = new Map();

/** Read only when an item lacks something or may be exchanged now; a missing catalogue fills nothing. */
async function productsFor(
  order: RestOrder,
  context: GraphQLContext,
): Promise<ReadonlyMap<string, CatalogProduct>> {
  if (
    !withinReturnWindow(order) &&
    order.amount !== undefined &&
    order.items.every((item) => item.name !== undefined && item.price !== undefined && item.image.length > 0)
  )
    return NONE;
  try {
    return await (await context.catalog()).find(order.items.map((item) => item._id));
  } catch {
    return NONE;
  }
}

export const orderResolvers: OrderResolvers = {
  ...orderLifeResolvers,
  id: (order) => order._id,
  placedAt: (order) => new Date(order.date).toISOString(),
  address: (order) =>
    order.address ?? {
      firstName: '',
      lastName: '',
      email: '',
      street: '',
      city: '',
      state: '',
      zipcode: '',
      country: '',
      phone: '',
    },
  async items(order, _args, context) {
    return itemsOf(order, await productsFor(order, context));
  },
  async amount(order, _args, context) {
    return order.amount ?? cartTotal(cartSubtotal(itemsOf(order, await productsFor(order, context))));
  },
};
