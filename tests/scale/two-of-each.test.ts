import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../../scripts/service-process.js';
import { startApi, type RunningApi } from '../support/api-process.js';
import { startBff } from '../support/bff-process.js';
import { freshDatabaseEnv } from '../support/databases.js';
import { CART_LINES, cartCount, gql, type ServerCart } from '../support/graphql.js';
import { listProducts, TEST_JWT_SECRET, VALID_ADDRESS } from '../support/store-api.js';

// The BFF keeps no state of its own and the API keeps its state in the database, so any number of each can run
// against one PostgreSQL: a shopper may land on any of them from one request to the next.
describe('two API and two BFF processes on one PostgreSQL', () => {
  const apis: RunningApi[] = [];
  const bffs: RunningService[] = [];
  beforeAll(async () => {
    const env = {
      JWT_SECRET: TEST_JWT_SECRET,
      AUTH_RATE_LIMIT_MAX: '1000',
      ...(await freshDatabaseEnv('postgres')),
    };
    apis.push(await startApi(env), await startApi(env));
    bffs.push(await startBff(apis[0]!.url), await startBff(apis[1]!.url));
  });
  afterAll(async () => {
    await Promise.all(bffs.map((b) => b.stop()));
    await Promise.all(apis.map((a) => a.stop()));
  });
  const via = (n: number) => bffs[n % 2]!.url;

  it('keeps carts and orders consistent whichever process answers', async () => {
    const email = `scale-${randomUUID()}@example.com`;
    await gql(via(0), 'mutation($input: RegisterInput!) { register(input: $input) { token } }', {
      input: { name: 'Asha', email, password: 'correct horse 1' },
    });
    const login = await gql<{ login: { token: string } }>(
      via(1),
      'mutation($input: LoginInput!) { login(input: $input) { token } }',
      {
        input: { email, password: 'correct horse 1' },
      },
    );
    const token = login.data!.login.token;
    const products = await listProducts(apis[0]!.url);
    const shoe = products[0];

    // 40 concurrent cart writes over both BFFs (so both APIs), none lost: a set is idempotent, so 40 distinct lines.
    const lines = products.flatMap((p) => p.sizes.map((size) => ({ productId: p._id, size }))).slice(0, 40);
    expect(lines).toHaveLength(40);
    const SET = `mutation($p: ID!, $s: String!, $q: Int!) { updateCartLine(productId: $p, size: $s, quantity: $q) { ${CART_LINES} } }`;
    const sets = await Promise.all(
      lines.map((line, i) => gql(via(i), SET, { p: line.productId, s: line.size, q: 1 }, { token })),
    );
    expect(sets.flatMap((a) => a.errors ?? [])).toEqual([]);
    const key = (line: { productId: string; size: string }) => `${line.productId}/${line.size}`;
    for (const n of [0, 1]) {
      const cart = await gql<{ cart: ServerCart }>(via(n), `{ cart { ${CART_LINES} } }`, {}, { token });
      expect(cart.data?.cart.lines.map(key).sort()).toEqual(lines.map(key).sort());
      expect(cartCount(cart.data!.cart)).toBe(40);
    }

    // The same checkout attempt sent to both at once makes one order.
    const input = {
      address: VALID_ADDRESS,
      lines: [{ productId: shoe!._id, size: shoe!.sizes[0], quantity: 2 }],
      idempotencyKey: randomUUID(),
    };
    const PLACE = 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { id } } }';
    const placed = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        gql<{ placeOrder: { order: { id: string } } }>(via(i), PLACE, { input }, { token }),
      ),
    );
    const ids = new Set(placed.map((p) => p.data?.placeOrder.order.id));
    expect(ids.size).toBe(1);
    for (const n of [0, 1]) {
      const orders = await gql<{ myOrders: Array<{ id: string }> }>(
        via(n),
        '{ myOrders { id } }',
        {},
        { token },
      );
      expect(orders.data?.myOrders.map((o) => o.id)).toEqual([...ids]);
      const cart = await gql<{ cart: ServerCart }>(via(n), `{ cart { ${CART_LINES} } }`, {}, { token });
      expect(cart.data?.cart.lines).toEqual([]);
    }
  });
});
