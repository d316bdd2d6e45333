import { describe, expect, it } from 'vitest';
import { StoreError } from '../errors.js';
import {
  cartAnswerSchema,
  cartWriteAnswerSchema,
  ordersAnswerSchema,
  readProducts,
} from './answer-shapes.js';
import { parseRetryAfter, readEnvelope, refusalCode } from './upstream.js';

const product = (id: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  name: `Shoe ${id}`,
  description: 'A shoe',
  price: 1299,
  image: ['https://cdn.example/a.png'],
  category: 'Men',
  subCategory: 'Sneakers',
  sizes: ['UK 8'],
  ...extra,
});

describe("reading spec section 7's answers", () => {
  it('keeps the products the store can show and leaves out the rest, each id once', () => {
    const { products, skipped } = readProducts([
      product('a', { bestseller: true, date: 1_700_000_000_000, __v: 0 }),
      product('b', { category: 'Kids' }),
      product('c', { price: 'free' }),
      { _id: 'd' },
      product('a'),
      product('e', { description: undefined, image: 'not a list', date: '2024-05-01T00:00:00.000Z' }),
    ]);
    expect(products.map((p) => p._id)).toEqual(['a', 'e']);
    expect(skipped).toBe(4);
    expect(products[1]).toMatchObject({
      description: '',
      image: [],
      bestseller: false,
      date: Date.parse('2024-05-01'),
    });
  });

  it('reads a cart: quantities of 0 (kept by the seed backend) and junk are not lines; "__proto__" is only data', () => {
    const { cartData } = cartAnswerSchema.parse({
      success: true,
      cartData: JSON.parse(
        '{"a":{"UK 8":2,"UK 9":0,"UK 10":1.5,"UK 11":"3"},"b":{"UK 7":0},"__proto__":{"UK 8":1},"c":7}',
      ) as unknown,
    });
    expect(Object.keys(cartData)).toEqual(['a', '__proto__']);
    expect(cartData.a).toEqual({ 'UK 8': 2 });
    expect(cartData['__proto__']?.['UK 8']).toBe(1);
    expect(Object.getPrototypeOf(cartData)).toBeNull();
    expect(cartAnswerSchema.parse({ success: true }).cartData).toEqual({});
    expect(cartWriteAnswerSchema.parse({ success: true, message: 'Added To Cart' }).cartData).toBeUndefined();
    expect(cartWriteAnswerSchema.parse({ success: true, cartData: { a: { 'UK 8': 1 } } }).cartData).toEqual({
      a: { 'UK 8': 1 },
    });
  });

  it('orders: newest first whatever order they arrive in, with missing fields left for the catalogue to fill', () => {
    const orders = ordersAnswerSchema.parse({
      success: true,
      orders: [
        {
          _id: 'old',
          items: [{ _id: 'a', size: 'UK 8', quantity: 1 }],
          status: 'Order Placed',
          paymentMethod: 'COD',
          date: 1000,
        },
        {
          _id: 'new',
          items: [{ _id: 'a', name: 'Shoe a', price: 10, size: 'UK 8', quantity: 2, image: ['x'] }],
          amount: 30,
          status: 'Packing',
          paymentMethod: 'COD',
          date: 2000,
        },
        { items: [] },
      ],
    });
    expect(orders.map((o) => o._id)).toEqual(['new', 'old']);
    const [item] = orders[1]!.items;
    expect([orders[1]!.amount, orders[1]!.address, item!.name, item!.price, item!.image]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      [],
    ]);
  });
});

describe('the code of a refusal', () => {
  it('comes from the status where it says something', () => {
    expect(refusalCode(401, 'Invalid email or password')).toBe('UNAUTHENTICATED');
    expect(refusalCode(429, undefined)).toBe('TOO_MANY_REQUESTS');
    expect(refusalCode(404, 'Product not found for ID: x')).toBe('NOT_FOUND');
    expect(refusalCode(503, undefined)).toBe('UPSTREAM_ERROR');
    expect(refusalCode(409, 'An account with this email already exists')).toBe('BAD_USER_INPUT');
  });

  it('is STORE_BUSY for a 503 that says when to come back, or for the busy message at any status', () => {
    expect(refusalCode(503, 'The store is busy right now. Please try again in a moment.', 2)).toBe(
      'STORE_BUSY',
    );
    expect(refusalCode(503, undefined, 0)).toBe('STORE_BUSY');
    // FAILURES_AS_200: the status says nothing, the message does.
    expect(refusalCode(200, 'The store is busy right now. Please try again in a moment.', 2)).toBe(
      'STORE_BUSY',
    );
    expect(refusalCode(200, 'The store is busy right now. Please try again in a moment.')).toBe('STORE_BUSY');
    // A 429 keeps its code (it is a limit on the shopper, not the store's capacity).
    expect(refusalCode(429, 'Too many attempts. Please wait a minute and try again.', 60)).toBe(
      'TOO_MANY_REQUESTS',
    );
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(['1', '2'], now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it("comes from the seed backend's messages at status 200", () => {
    for (const message of [
      'Not Authorized Login Again',
      'jwt malformed',
      'jwt expired',
      'invalid signature',
      'invalid token',
      'Not authorized. Please sign in again.',
    ]) {
      expect(refusalCode(200, message), message).toBe('UNAUTHENTICATED');
    }
    expect(refusalCode(200, 'Too many attempts. Please wait a minute and try again.')).toBe(
      'TOO_MANY_REQUESTS',
    );
    expect(refusalCode(200, 'Product not found for ID: x')).toBe('NOT_FOUND');
    for (const message of [
      'User already exists',
      'Invalid credentials',
      "User doesn't exists",
      'Please enter a strong password',
    ]) {
      expect(refusalCode(200, message), message).toBe('BAD_USER_INPUT');
    }
  });
});

describe('stock in the answers (our enrichment, docs/decisions/020)', () => {
  it("reads a product's low counts, keeps only those at or below the threshold, and a malformed lowStock as none", () => {
    const { products, skipped } = readProducts([
      product('low', { sizes: ['UK 8', 'UK 9', 'UK 10'], lowStock: { 'UK 8': 0, 'UK 9': 2, 'UK 10': 40 } }),
      product('none'),
      product('text', { lowStock: 'few' }),
      product('negative', { lowStock: { 'UK 8': -1 } }),
      product('fraction', { lowStock: { 'UK 8': 1.5 } }),
      product('list', { lowStock: [0] }),
      product('null', { lowStock: null }),
      product('plenty', { lowStock: { 'UK 8': 12 } }),
    ]);
    // A malformed stock never costs the product its place in the catalogue.
    expect(skipped).toBe(0);
    expect(products.map((p) => [p._id, p.lowStock === undefined ? undefined : { ...p.lowStock }])).toEqual([
      ['low', { 'UK 8': 0, 'UK 9': 2 }],
      ['none', undefined],
      ['text', undefined],
      ['negative', undefined],
      ['fraction', undefined],
      ['list', undefined],
      ['null', undefined],
      ['plenty', undefined],
    ]);
  });

  const refusalOf = (status: number, body: unknown): StoreError => {
    try {
      readEnvelope(status, Buffer.from(JSON.stringify(body)));
    } catch (error) {
      if (error instanceof StoreError) return error;
      throw error;
    }
    throw new Error('not refused');
  };
  const shortfall = { _id: 'a', name: 'Stride Pro', size: 'UK 9', requested: 2, left: 1 };

  it('reads a refusal for stock at 409, and at 200 with success false (FAILURES_AS_200), with the lines it names', () => {
    for (const status of [409, 200]) {
      const error = refusalOf(status, {
        success: false,
        code: 'OUT_OF_STOCK',
        message: 'Only 1 left of Stride Pro, UK 9',
        shortfalls: [shortfall, { ...shortfall, _id: 'b', name: 'Glide', left: 0 }],
      });
      expect(error.message).toBe('Only 1 left of Stride Pro, UK 9');
      expect(error.extensions).toMatchObject({
        code: 'OUT_OF_STOCK',
        shortfalls: [
          { productId: 'a', name: 'Stride Pro', size: 'UK 9', requested: 2, left: 1 },
          { productId: 'b', name: 'Glide', size: 'UK 9', requested: 2, left: 0 },
        ],
      });
    }
  });

  it('keeps the code and message of a stock refusal whose lines cannot be read, with no lines', () => {
    for (const shortfalls of [
      undefined,
      'all of them',
      [{ ...shortfall, left: -1 }],
      [{ ...shortfall, requested: 0 }],
      Array(51).fill(shortfall),
    ]) {
      const error = refusalOf(409, { success: false, code: 'OUT_OF_STOCK', message: 'Sold out', shortfalls });
      expect(error.message).toBe('Sold out');
      expect(error.extensions).toMatchObject({ code: 'OUT_OF_STOCK', shortfalls: [] });
    }
    // Without a message, the lines say it; without either, a plain sentence.
    expect(refusalOf(409, { success: false, code: 'OUT_OF_STOCK', shortfalls: [shortfall] }).message).toBe(
      'Only 1 left of Stride Pro, UK 9',
    );
    expect(refusalOf(409, { success: false, code: 'OUT_OF_STOCK' }).message).toMatch(/no longer in stock/);
  });

  it('leaves every other refusal as it was: a 409 without the code, a code at a status that says something else', () => {
    const prices = refusalOf(409, {
      success: false,
      message: 'Prices have changed: your order total is now ₹1310.',
    });
    expect(prices.extensions.code).toBe('BAD_USER_INPUT');
    expect(prices.extensions.shortfalls).toBeUndefined();
    expect(
      refusalOf(401, { success: false, code: 'OUT_OF_STOCK', message: 'Not authorized' }).extensions.code,
    ).toBe('UNAUTHENTICATED');
    expect(refusalOf(503, { success: false, code: 'OUT_OF_STOCK' }).extensions.code).toBe('UPSTREAM_ERROR');
    // A product named like a session message is still a stock refusal: the code is the API's own word.
    expect(
      refusalOf(200, {
        success: false,
        code: 'OUT_OF_STOCK',
        message: 'Sign In Again Loafer, UK 9 is sold out',
      }).extensions.code,
    ).toBe('OUT_OF_STOCK');
  });
});
