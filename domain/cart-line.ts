// One cart or order line as every layer checks it (API bodies, BFF inputs, the cart statechart's log), so nothing one
// layer accepts is refused by the next. Each layer names its own id field, so the schemas take the name for messages.
import * as z from 'zod/mini';
import { MAX_LINE_QUANTITY } from './store-rules.js';

/** A cart as section 7's `cartData` holds it, in every layer: product id → size → quantity. */
export type CartData = Record<string, Record<string, number>>;

/** The catalogue's ids and size labels are no longer than these (api/src/catalog/product.ts). */
export const MAX_PRODUCT_ID_LENGTH = 64;
export const MAX_SIZE_LENGTH = 20;
export const MAX_PRODUCT_SIZES = 30;

export const SELECT_SIZE_MESSAGE = 'Select product size!';
export const REPEATED_LINE_MESSAGE = 'The same product and size appear twice';

export function productIdSchema(field: string) {
  return z
    .string({ error: `${field} is required` })
    .check(
      z.minLength(1, `${field} is required`),
      z.maxLength(MAX_PRODUCT_ID_LENGTH, `${field} is too long`),
    );
}

export function sizeSchema(field = 'size') {
  return z
    .string({ error: `${field} is required` })
    .check(
      z.trim(),
      z.minLength(1, SELECT_SIZE_MESSAGE),
      z.maxLength(MAX_SIZE_LENGTH, `${field} is too long`),
    );
}

function quantity(field: string, least: 0 | 1) {
  return z
    .number({ error: `${field} must be a number` })
    .check(
      z.int(`${field} must be a whole number`),
      z.minimum(least, least === 0 ? `${field} cannot be negative` : `${field} must be at least 1`),
      z.maximum(MAX_LINE_QUANTITY, `${field} cannot be more than ${MAX_LINE_QUANTITY}`),
    );
}

/** A cart line's new quantity: 0 removes the line. */
export const cartQuantitySchema = (field: string) => quantity(field, 0);

/** An ordered line's quantity: an order has no empty lines. */
export const orderQuantitySchema = (field: string) => quantity(field, 1);

/** One key per checkout attempt, so a retried order is placed once (api/src/order/service.ts). */
export function idempotencyKeySchema(field: string) {
  return z
    .string()
    .check(z.regex(/^[A-Za-z0-9_.:-]{8,100}$/, `${field} must be 8–100 letters, digits or -_.:`));
}

/** An order names each product and size once: the quantity says how many. */
export function repeatsALine(lines: ReadonlyArray<{ productId: string; size: string }>): boolean {
  return new Set(lines.map((line) => `${line.productId}\u0000${line.size}`)).size !== lines.length;
}
