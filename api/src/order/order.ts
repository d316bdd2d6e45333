import { z } from 'zod';
import { deliveryAddressSchema, type DeliveryAddress } from '../../../domain/address.js';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../../../domain/store-rules.js';

// Items are the client's product copies: only id, size and quantity are read; its prices are never trusted.
const orderLineSchema = z
  .object({
    _id: z.string({ error: 'item _id is required' }).min(1).max(64),
    size: z.string({ error: 'item size is required' }).trim().min(1).max(20),
    quantity: z
      .number({ error: 'item quantity must be a number' })
      .int('item quantity must be a whole number')
      .min(1, 'item quantity must be at least 1')
      .max(MAX_LINE_QUANTITY, `item quantity cannot be more than ${MAX_LINE_QUANTITY}`),
  })
  .loose();

export const placeOrderBodySchema = z
  .object({
    address: deliveryAddressSchema,
    items: z
      .array(orderLineSchema, { error: 'items must be a list' })
      .min(1, 'Your cart is empty')
      .max(MAX_ORDER_LINES, `An order can hold at most ${MAX_ORDER_LINES} lines`)
      .refine(
        (lines) => new Set(lines.map((l) => `${l._id}\u0000${l.size}`)).size === lines.length,
        'the same product and size appear twice',
      ),
    amount: z.number({ error: 'amount must be a number' }).nonnegative().max(1e9).optional(),
  })
  .strict();

export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'Idempotency-Key must be 8–100 letters, digits or -_.:');

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
