import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_FEE } from '#domain/store-rules';
import { useStore } from '../support/bff-process.js';
import { CART_LINES, cartCount, codesOf, gql, type ServerCart } from '../support/graphql.js';
import { listProducts, VALID_ADDRESS, type CatalogProduct } from '../support/store-api.js';

const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) { token message } }';
const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { token message } }';
const CART = `{ cart { ${CART_LINES} } }`;
const UPDATE = `mutation($productId: ID!, $size: String!, $quantity: Int!) {
  updateCartLine(productId: $productId, size: $size, quantity: $quantity) { ${CART_LINES} }
}`;
const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) { replayed message order { id amount status paymentMethod placedAt items { productId name price quantity size image } address { city } } }
}`;
const MY_ORDERS = '{ myOrders { id amount status paymentMethod items { productId quantity size } } }';

async function register(bff: string, name = 'Asha Rao'): Promise<{ token: string; email: string }> {
  const email = `shopper-${randomUUID()}@example.com`;
  const answer = await gql<{ register: { token: string; message: string } }>(bff, REGISTER, {
    input: { name, email, password: 'correct horse 1' },
  });
  expect(answer.errors).toBeUndefined();
  return { token: answer.data!.register.token, email };
}

describe('shoppers through the BFF', () => {
  const store = useStore();
  const bff = () => store().bff.url;
  let shoes: CatalogProduct[] = [];
  beforeAll(async () => {
    shoes = await listProducts(store().api.url);
  });

  it('registers, refuses a duplicate email with the API message, logs in and knows the shopper', async () => {
    const { token, email } = await register(bff(), 'Meera Iyer');
    const again = await gql(bff(), REGISTER, {
      input: { name: 'Meera', email, password: 'correct horse 1' },
    });
    expect(codesOf(again)).toEqual(['BAD_USER_INPUT']);
    expect(again.errors?.[0]?.message).toMatch(/already/i);

    const login = await gql<{ login: { token: string } }>(bff(), LOGIN, {
      input: { email, password: 'correct horse 1' },
    });
    expect(login.data?.login.token).toEqual(expect.any(String));
    const wrong = await gql(bff(), LOGIN, { input: { email, password: 'wrong password 1' } });
    expect(codesOf(wrong)).toEqual(['UNAUTHENTICATED']);

    const me = await gql<{ me: { name: string; email: string } | null }>(
      bff(),
      '{ me { name email } }',
      {},
      { token },
    );
    expect(me.data?.me).toEqual({ name: 'Meera Iyer', email });
    const anonymous = await gql<{ me: unknown }>(bff(), '{ me { name } }');
    expect(anonymous.data?.me).toBeNull();
    const synced = await gql<{ syncUser: { email: string } }>(
      bff(),
      'mutation { syncUser { email } }',
      {},
      { token },
    );
    expect(synced.data?.syncUser.email).toBe(email);
  });

  it('keeps a cart by the spec rules, one line per product and size', async () => {
    const { token } = await register(bff());
    const [a, b] = shoes;
    const empty = await gql<{ cart: ServerCart }>(bff(), CART, {}, { token });
    expect(empty.data?.cart).toEqual({ lines: [] });

    // Added as the screens add: each line set to one more than it holds.
    await gql(bff(), UPDATE, { productId: a!._id, size: a!.sizes[0], quantity: 1 }, { token });
    await gql(bff(), UPDATE, { productId: a!._id, size: a!.sizes[0], quantity: 2 }, { token });
    await gql(bff(), UPDATE, { productId: a!._id, size: a!.sizes[1], quantity: 1 }, { token });
    const added = await gql<{ updateCartLine: ServerCart }>(
      bff(),
      UPDATE,
      { productId: b!._id, size: b!.sizes[0], quantity: 1 },
      { token },
    );
    expect(added.errors).toBeUndefined();
    const cart = added.data!.updateCartLine;
    expect(cartCount(cart)).toBe(4);
    expect(cart.lines).toHaveLength(3);
    expect(cart.lines.find((l) => l.productId === a!._id && l.size === a!.sizes[0])?.quantity).toBe(2);
    expect(cart.lines.find((l) => l.productId === a!._id && l.size === a!.sizes[1])?.quantity).toBe(1);
    expect((await gql<{ cart: ServerCart }>(bff(), CART, {}, { token })).data?.cart).toEqual(cart);

    const set = await gql<{ updateCartLine: ServerCart }>(
      bff(),
      UPDATE,
      { productId: b!._id, size: b!.sizes[0], quantity: 5 },
      { token },
    );
    expect(cartCount(set.data!.updateCartLine)).toBe(8);
    const removed = await gql<{ updateCartLine: ServerCart }>(
      bff(),
      UPDATE,
      { productId: b!._id, size: b!.sizes[0], quantity: 0 },
      { token },
    );
    expect(removed.data?.updateCartLine.lines.map((l) => l.productId)).not.toContain(b!._id);
    expect(cartCount(removed.data!.updateCartLine)).toBe(3);
  });

  it('refuses bad cart input with clear messages and writes nothing', async () => {
    const { token } = await register(bff());
    const shoe = shoes[0]!;
    const noSize = await gql(bff(), UPDATE, { productId: shoe._id, size: '', quantity: 1 }, { token });
    expect(codesOf(noSize)).toEqual(['BAD_USER_INPUT']);
    expect(noSize.errors?.[0]?.message).toBe('Select product size!');
    const unknown = await gql(
      bff(),
      UPDATE,
      { productId: 'no-such-shoe', size: '9', quantity: 1 },
      { token },
    );
    expect(codesOf(unknown)).toEqual(['NOT_FOUND']);
    expect(unknown.errors?.[0]?.message).toMatch(/product/i);
    const wrongSize = await gql(bff(), UPDATE, { productId: shoe._id, size: 'XXL', quantity: 1 }, { token });
    expect(codesOf(wrongSize)).toEqual(['BAD_USER_INPUT']);
    for (const quantity of [-1, 100, 1.5]) {
      const bad = await gql(bff(), UPDATE, { productId: shoe._id, size: shoe.sizes[0], quantity }, { token });
      expect(codesOf(bad)).toEqual(['BAD_USER_INPUT']);
    }
    const cart = await gql<{ cart: ServerCart }>(bff(), CART, {}, { token });
    expect(cart.data?.cart.lines).toEqual([]);
  });

  it('never shows one shopper the cart of another, and refuses signed-out or forged tokens', async () => {
    const asha = await register(bff());
    const ravi = await register(bff(), 'Ravi Kumar');
    await gql(
      bff(),
      UPDATE,
      { productId: shoes[0]!._id, size: shoes[0]!.sizes[0], quantity: 1 },
      { token: asha.token },
    );
    const ravisCart = await gql<{ cart: ServerCart }>(bff(), CART, {}, { token: ravi.token });
    expect(ravisCart.data?.cart.lines).toEqual([]);

    expect(codesOf(await gql(bff(), CART))).toEqual(['UNAUTHENTICATED']);
    const [header, , signature] = asha.token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'someone-else' })).toString('base64url');
    expect(codesOf(await gql(bff(), CART, {}, { token: `${header}.${forgedPayload}.${signature}` }))).toEqual(
      ['UNAUTHENTICATED'],
    );
    expect(codesOf(await gql(bff(), MY_ORDERS, {}, { token: 'not-a-token' }))).toEqual(['UNAUTHENTICATED']);
  });

  it('places one order per idempotency key, priced by the server, newest first', async () => {
    const { token } = await register(bff());
    const [a, b] = shoes;
    const lines = [
      { productId: a!._id, size: a!.sizes[0], quantity: 2 },
      { productId: b!._id, size: b!.sizes[0], quantity: 1 },
    ];
    const input = { address: VALID_ADDRESS, lines, idempotencyKey: randomUUID() };
    const first = await gql<{
      placeOrder: {
        replayed: boolean;
        order: { id: string; amount: number; status: string; paymentMethod: string };
      };
    }>(bff(), PLACE, { input }, { token });
    expect(first.errors).toBeUndefined();
    expect(first.data?.placeOrder.order.amount).toBe(a!.price * 2 + b!.price + 10);
    expect(first.data?.placeOrder.order.paymentMethod).toBe('COD');
    expect(first.data?.placeOrder.replayed).toBe(false);
    const retry = await gql<{ placeOrder: { replayed: boolean; order: { id: string } } }>(
      bff(),
      PLACE,
      { input },
      { token },
    );
    expect(retry.data?.placeOrder).toMatchObject({
      replayed: true,
      order: { id: first.data?.placeOrder.order.id },
    });

    const second = await gql<{ placeOrder: { order: { id: string } } }>(
      bff(),
      PLACE,
      { input: { ...input, lines: [lines[1]], idempotencyKey: randomUUID() } },
      { token },
    );
    const orders = await gql<{ myOrders: Array<{ id: string }> }>(bff(), MY_ORDERS, {}, { token });
    expect(orders.data?.myOrders.map((o) => o.id)).toEqual([
      second.data?.placeOrder.order.id,
      first.data?.placeOrder.order.id,
    ]);
  });

  it('refuses a bad order with the API message and places nothing', async () => {
    const { token } = await register(bff());
    const line = { productId: shoes[0]!._id, size: shoes[0]!.sizes[0], quantity: 1 };
    const badAddress = await gql(
      bff(),
      PLACE,
      {
        input: { address: { ...VALID_ADDRESS, zipcode: 'abc' }, lines: [line], idempotencyKey: randomUUID() },
      },
      { token },
    );
    expect(codesOf(badAddress)).toEqual(['BAD_USER_INPUT']);
    expect(badAddress.errors?.[0]?.message).toMatch(/zip/i);
    const empty = await gql(
      bff(),
      PLACE,
      { input: { address: VALID_ADDRESS, lines: [], idempotencyKey: randomUUID() } },
      { token },
    );
    expect(empty.errors?.[0]?.message).toBe('Your cart is empty');
    const wrongTotal = await gql(
      bff(),
      PLACE,
      { input: { address: VALID_ADDRESS, lines: [line], idempotencyKey: randomUUID(), expectedTotal: 1 } },
      { token },
    );
    expect(codesOf(wrongTotal)).toEqual(['PRICE_CHANGED']);
    expect(wrongTotal.errors?.[0]?.extensions?.total).toBe(shoes[0]!.price + DELIVERY_FEE);
    const orders = await gql<{ myOrders: unknown[] }>(bff(), MY_ORDERS, {}, { token });
    expect(orders.data?.myOrders).toEqual([]);
  });
});
