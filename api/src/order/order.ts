import { z } from 'zod';
import { deliveryAddressSchema, type DeliveryAddress } from '#domain/address';
import {
  REPEATED_LINE_MESSAGE,
  idempotencyKeySchema as idempotencyKey,
  orderQuantitySchema,
  productIdSchema,
  repeatsALine,
  sizeSchema,
} from '#domain/cart-line';
import { MAX_ORDER_LINES } from '#domain/store-rules';
import { badRequest } from '../http/errors.js';

// Items are the client's product copies: only id, size and quantity are read; its prices are never trusted.
const orderLineSchema = z
  .object({
    _id: productIdSchema('item _id'),
    size: sizeSchema('item size'),
    quantity: orderQuantitySchema('item quantity'),
  })
  .loose();

/** Far above any order's total: a larger amount is a mistake, not a price. */
const MAX_ORDER_AMOUNT = 1e9;

export const placeOrderBodySchema = z
  .object({
    address: deliveryAddressSchema,
    items: z
      .array(orderLineSchema, { error: 'items must be a list' })
      .min(1, 'Your cart is empty')
      .max(MAX_ORDER_LINES, `An order can hold at most ${MAX_ORDER_LINES} lines`)
      .refine(
        (lines) => !repeatsALine(lines.map((line) => ({ productId: line._id, size: line.size }))),
        REPEATED_LINE_MESSAGE,
      ),
    amount: z
      .number({ error: 'amount must be a number' })
      .nonnegative('amount cannot be negative')
      .max(MAX_ORDER_AMOUNT, `amount must be at most ${MAX_ORDER_AMOUNT}`)
      .optional(),
  })
  .strict();

export const idempotencyKeySchema = idempotencyKey('Idempotency-Key');

/** The request's Idempotency-Key header, checked; undefined when it has none. */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key');
  return parsed.data;
}

export interface OrderItem {
  _id: string;
  name: string;
  price: number;
  quantity: number;
  size: string;
  image: string[];
}

export interface Order {
  _id: string;
  items: OrderItem[];
  amount: number;
  address: DeliveryAddress;
  status: string;
  paymentMethod: string;
  payment: boolean;
  date: number;
}
