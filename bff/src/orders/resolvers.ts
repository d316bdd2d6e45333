import { z } from 'zod';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../../../domain/store-rules.js';
import type { MutationResolvers, OrderResolvers, QueryResolvers } from '../generated/resolvers-types.js';
import { parseInput } from '../input.js';
import * as storeApi from '../rest/store-api.js';
import { signedIn } from '../shopper.js';

const lineSchema = z.object({
  productId: z.string().min(1, 'productId is required').max(64, 'productId is too long'),
  size: z.string().trim().min(1, 'Select product size!').max(20, 'size is too long'),
  quantity: z
    .number()
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `quantity cannot be more than ${MAX_LINE_QUANTITY}`),
});

// The address fields' formats are the API's to judge (its message reaches the shopper as BAD_USER_INPUT).
const placeOrderInput = z.object({
  lines: z
    .array(lineSchema)
    .min(1, 'Your cart is empty')
    .max(MAX_ORDER_LINES, `An order can hold at most ${MAX_ORDER_LINES} lines`)
    .refine((lines) => new Set(lines.map((l) => `${l.productId}\u0000${l.size}`)).size === lines.length, {
      message: 'The same product and size appear twice',
    }),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'idempotencyKey must be 8–100 letters, digits or -_.:'),
  expectedTotal: z.number().nonnegative('expectedTotal cannot be negative').max(1e9).nullish(),
});

export const orderQueries: Required<Pick<QueryResolvers, 'myOrders'>> = {
  myOrders: (_parent, _args, context) => storeApi.listOrders(context.upstream, signedIn(context)),
};

export const orderMutations: Required<Pick<MutationResolvers, 'placeOrder'>> = {
  placeOrder(_parent, { input }, context) {
    const shopper = signedIn(context);
    const checked = parseInput(placeOrderInput, input);
    return storeApi.placeOrder(context.upstream, shopper, {
      address: { ...input.address },
      items: checked.lines.map((line) => ({ _id: line.productId, size: line.size, quantity: line.quantity })),
      ...(checked.expectedTotal === null || checked.expectedTotal === undefined ? {} : { amount: checked.expectedTotal }),
      idempotencyKey: checked.idempotencyKey,
    });
  },
};

export const orderResolvers: OrderResolvers = {
  id: (order) => order._id,
  placedAt: (order) => new Date(order.date).toISOString(),
  items: (order) =>
    order.items.map((item) => ({
      productId: item._id,
      name: item.name,
      price: item.price,
      quantity: item.quantity,
      size: item.size,
      image: item.image[0] ?? null,
    })),
};
