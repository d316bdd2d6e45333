import { describe, expect, it } from 'vitest';
import {
  cartQuantitySchema,
  idempotencyKeySchema,
  MAX_PRODUCT_ID_LENGTH,
  MAX_SIZE_LENGTH,
  orderQuantitySchema,
  productIdSchema,
  repeatsALine,
  sizeSchema,
} from './cart-line.js';
import { MAX_LINE_QUANTITY } from './store-rules.js';

const firstMessage = (result: { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('a cart line', () => {
  it('names the field in each refusal of a product id', () => {
    const itemId = productIdSchema('itemId');
    expect(firstMessage(itemId.safeParse(undefined))).toBe('itemId is required');
    expect(firstMessage(itemId.safeParse(''))).toBe('itemId is required');
    expect(firstMessage(itemId.safeParse('x'.repeat(MAX_PRODUCT_ID_LENGTH + 1)))).toBe('itemId is too long');
    expect(itemId.parse('x'.repeat(MAX_PRODUCT_ID_LENGTH))).toHaveLength(MAX_PRODUCT_ID_LENGTH);
  });

  it('trims a size and asks for one when it is blank', () => {
    expect(sizeSchema().parse(' UK 8 ')).toBe('UK 8');
    expect(firstMessage(sizeSchema().safeParse('   '))).toBe('Select product size!');
    expect(firstMessage(sizeSchema().safeParse('x'.repeat(MAX_SIZE_LENGTH + 1)))).toBe('size is too long');
  });

  it('takes a cart quantity from 0 (which removes the line) to the most one line may hold', () => {
    const quantity = cartQuantitySchema('quantity');
    expect(quantity.parse(0)).toBe(0);
    expect(quantity.parse(MAX_LINE_QUANTITY)).toBe(MAX_LINE_QUANTITY);
    expect(firstMessage(quantity.safeParse(-1))).toBe('quantity cannot be negative');
    expect(firstMessage(quantity.safeParse(1.5))).toBe('quantity must be a whole number');
    expect(firstMessage(quantity.safeParse(MAX_LINE_QUANTITY + 1))).toBe(
      `quantity cannot be more than ${MAX_LINE_QUANTITY}`,
    );
    expect(firstMessage(quantity.safeParse('2'))).toBe('quantity must be a number');
  });

  it('orders at least one of a line', () => {
    expect(firstMessage(orderQuantitySchema('item quantity').safeParse(0))).toBe(
      'item quantity must be at least 1',
    );
    expect(orderQuantitySchema('item quantity').parse(1)).toBe(1);
  });

  it('accepts an idempotency key of 8 to 100 letters, digits or -_.:', () => {
    const key = idempotencyKeySchema('Idempotency-Key');
    expect(key.parse('checkout:2024-01-01_a.b')).toBe('checkout:2024-01-01_a.b');
    expect(firstMessage(key.safeParse('short'))).toBe(
      'Idempotency-Key must be 8–100 letters, digits or -_.:',
    );
    expect(key.safeParse('has spaces in it').success).toBe(false);
    expect(key.safeParse('k'.repeat(101)).success).toBe(false);
  });

  it('finds a product and size listed twice, but not the same product in two sizes', () => {
    expect(
      repeatsALine([
        { productId: 'a', size: 'UK 8' },
        { productId: 'a', size: 'UK 9' },
      ]),
    ).toBe(false);
    expect(
      repeatsALine([
        { productId: 'a', size: 'UK 8' },
        { productId: 'a', size: 'UK 8' },
      ]),
    ).toBe(true);
  });
});
