import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { nasty, objectWith } from '../support/hostile.js';
import { call } from '../support/http.js';
import {
  listProducts,
  signUp,
  useApi,
  VALID_ADDRESS,
  type CatalogProduct,
  type Shopper,
} from '../support/store-api.js';

// Property-based fuzzing of every REST body: whatever arrives, the answer is never a 5xx, always the
// `{ success: false, message }` envelope with a readable message, and nothing is written.
const bodies = (keys: readonly string[]) =>
  fc.oneof(
    { weight: 5, arbitrary: objectWith(keys).map((b) => ({ json: b })) },
    { weight: 1, arbitrary: nasty.map((b) => ({ json: b })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":}', '[1,2', 'nul', '{"__proto__":{"admin":true}}', '\u0000', '{}}')
        .map((raw) => ({ raw })),
    },
  );

describe('hostile input on sqlite', () => {
  const api = useApi('sqlite', { AUTH_RATE_LIMIT_MAX: '100000' });
  let shopper: Shopper;
  let shoe: CatalogProduct;
  beforeAll(async () => {
    shopper = await signUp(api().url);
    shoe = (await listProducts(api().url))[0]!;
    // One known line, so "nothing written" is checked against a non-empty cart.
    await call(
      api().url,
      'POST',
      '/api/cart/add',
      { itemId: shoe._id, size: shoe.sizes[0] },
      { token: shopper.token },
    );
  });

  const endpoints: { path: string; keys: string[]; auth: boolean }[] = [
    { path: '/api/user/register', keys: ['name', 'email', 'password'], auth: false },
    { path: '/api/user/login', keys: ['email', 'password'], auth: false },
    { path: '/api/cart/add', keys: ['itemId', 'size'], auth: true },
    { path: '/api/cart/update', keys: ['itemId', 'size', 'quantity'], auth: true },
    { path: '/api/order/place', keys: ['address', 'items', 'amount'], auth: true },
    { path: '/api/cart/get', keys: ['x'], auth: true },
    { path: '/api/order/userorders', keys: ['x'], auth: true },
  ];

  it.each(endpoints)(
    '$path never answers 5xx, always a clear message, and writes nothing',
    async ({ path, keys, auth }) => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(bodies(keys), async (body) => {
          const res = await call(api().url, 'POST', path, 'json' in body ? body.json : undefined, {
            ...(auth ? { token: shopper.token } : {}),
            ...('raw' in body ? { raw: body.raw } : {}),
          });
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.body.success).toBe(false);
            expect(typeof res.body.message).toBe('string');
            expect((res.body.message as string).length).toBeGreaterThan(3);
            expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
          }
        }),
        { numRuns: 400 },
      );
      expect(await snapshot()).toEqual(before);
    },
  );

  it('order items with prototype-pollution keys and hostile values change nothing', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(
        fc.array(objectWith(['_id', 'size', 'quantity', 'price']), { minLength: 1, maxLength: 3 }),
        async (items) => {
          const res = await call(
            api().url,
            'POST',
            '/api/order/place',
            { address: VALID_ADDRESS, items },
            { token: shopper.token },
          );
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
    expect(await snapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  async function snapshot() {
    const cart = await call(api().url, 'POST', '/api/cart/get', {}, { token: shopper.token });
    const orders = await call(api().url, 'POST', '/api/order/userorders', {}, { token: shopper.token });
    return { cart: cart.body.cartData, orders: orders.body.orders };
  }
});
