import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStore } from '../support/bff-process.js';
import { CART_LINES, gql } from '../support/graphql.js';
import { nasty, objectWith } from '../support/hostile.js';
import { call } from '../support/http.js';
import {
  listProducts,
  signUp,
  VALID_ADDRESS,
  type CatalogProduct,
  type Shopper,
} from '../support/store-api.js';

// Property-based fuzzing of every GraphQL input: whatever variables arrive, the answer is never a 5xx, every
// error has a readable message and a code and no stack, and nothing is written.

const operations: Array<{ name: string; query: string; variables: fc.Arbitrary<Record<string, unknown>> }> = [
  {
    name: 'products',
    query:
      'query($filter: ProductFilter, $sort: ProductSort, $first: Int, $after: String) { products(filter: $filter, sort: $sort, first: $first, after: $after) { totalCount } }',
    variables: fc.record(
      {
        filter: fc.oneof(nasty, objectWith(['categories', 'types', 'search', 'ids'])),
        sort: nasty,
        first: nasty,
        after: nasty,
      },
      { requiredKeys: [] },
    ),
  },
  {
    name: 'product',
    query: 'query($id: ID!, $limit: Int) { product(id: $id) { id related(limit: $limit) { id } } }',
    variables: fc.record({ id: nasty, limit: nasty }, { requiredKeys: [] }),
  },
  {
    name: 'updateCartLine',
    query: `mutation($productId: ID!, $size: String!, $quantity: Int!) { updateCartLine(productId: $productId, size: $size, quantity: $quantity) { ${CART_LINES} } }`,
    variables: fc.record({ productId: nasty, size: nasty, quantity: nasty }, { requiredKeys: [] }),
  },
  {
    name: 'placeOrder',
    query: 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { id } } }',
    variables: fc.record({
      input: fc.oneof(
        nasty,
        objectWith(['address', 'lines', 'idempotencyKey', 'expectedTotal']),
        fc.record({
          address: fc.oneof(objectWith(Object.keys(VALID_ADDRESS)), fc.constant(VALID_ADDRESS)),
          lines: fc.array(objectWith(['productId', 'size', 'quantity']), { maxLength: 3 }),
          idempotencyKey: nasty,
        }),
      ),
    }),
  },
  {
    name: 'register',
    query: 'mutation($input: RegisterInput!) { register(input: $input) { token } }',
    variables: fc.record({ input: fc.oneof(nasty, objectWith(['name', 'email', 'password'])) }),
  },
  {
    name: 'login',
    query: 'mutation($input: LoginInput!) { login(input: $input) { token } }',
    variables: fc.record({ input: fc.oneof(nasty, objectWith(['email', 'password'])) }),
  },
];

describe('hostile GraphQL input', () => {
  const store = useStore({ NODE_ENV: 'production' }, { AUTH_RATE_LIMIT_MAX: '100000' });
  let shopper: Shopper;
  let shoe: CatalogProduct;
  const snapshot = async () => {
    const cart = await call(store().api.url, 'POST', '/api/cart/get', undefined, { token: shopper.token });
    const orders = await call(store().api.url, 'POST', '/api/order/userorders', undefined, {
      token: shopper.token,
    });
    return { cart: cart.body.cartData, orders: orders.body.orders };
  };
  beforeAll(async () => {
    shopper = await signUp(store().api.url);
    shoe = (await listProducts(store().api.url))[0]!;
    // One known line, so "nothing written" is checked against a non-empty cart.
    await call(
      store().api.url,
      'POST',
      '/api/cart/add',
      { itemId: shoe._id, size: shoe.sizes[0] },
      { token: shopper.token },
    );
  });

  it.each(operations)(
    '$name never answers 5xx, always a clear coded error, and writes nothing',
    async ({ query, variables }) => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(variables, async (vars) => {
          const answer = await gql(store().bff.url, query, vars, { token: shopper.token });
          expect(answer.status).toBeLessThan(500);
          for (const error of answer.errors ?? []) {
            expect(error.message.length).toBeGreaterThan(3);
            expect(error.extensions?.code).toEqual(expect.any(String));
            expect(error.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
            expect(error.extensions?.stacktrace).toBeUndefined();
          }
        }),
        { numRuns: 300 },
      );
      expect(await snapshot()).toEqual(before);
    },
  );
});
