import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningService } from '../../scripts/service-process.js';
import { startBff } from '../support/bff-process.js';
import { CART_LINES, cartCount, codesOf, gql, type ServerCart } from '../support/graphql.js';
import { call } from '../support/http.js';
import {
  defaultCatalogue,
  startLineageBackend,
  type LineageBackend,
  type LineageProduct,
} from '../support/lineage-backend.js';
import { useStore } from '../support/bff-process.js';
import { listProducts, VALID_ADDRESS } from '../support/store-api.js';

// The BFF in front of a backend that answers spec section 7 the way the seed's original backend does (the
// stand-in in tests/support/lineage-backend.ts): every failure at status 200, no message on sign-in, no cart after
// a write, no order after placing one, orders oldest first, images on another origin, no profile call.

const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) { token message } }';
const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { token message } }';
const CART = `{ cart { ${CART_LINES} } }`;
const UPDATE = `mutation($productId: ID!, $size: String!, $quantity: Int!) { updateCartLine(productId: $productId, size: $size, quantity: $quantity) { ${CART_LINES} } }`;
const PLACE =
  'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { message replayed order { id } } }';
const MY_ORDERS =
  '{ myOrders { id amount status paymentMethod placedAt address { city } items { productId name price quantity size image } } }';

/** A catalogue with one product the store cannot show (a category outside the spec's). */
function catalogueWithAStranger(imagesUrl: string): LineageProduct[] {
  const products = defaultCatalogue(imagesUrl);
  return [
    ...products,
    {
      ...products[0]!,
      _id: 'ffffffffffffffffffffffff',
      name: 'Kids Clog',
      category: 'Kids' as LineageProduct['category'],
    },
  ];
}

describe('the BFF on a backend of the seed kind', () => {
  let backend: LineageBackend;
  let bff: RunningService;
  const url = () => bff.url;
  beforeAll(async () => {
    backend = await startLineageBackend({ products: catalogueWithAStranger });
    bff = await startBff(backend.url, { API_TIMEOUT_MS: '1500', CATALOG_TTL_MS: '0' });
  });
  afterAll(async () => {
    await bff.stop();
    await backend.stop();
  });
  beforeEach(() => backend.clearRequests());

  async function signUp(): Promise<{ token: string; email: string }> {
    const email = `shopper-${randomUUID()}@example.com`;
    const answer = await gql<{ register: { token: string; message: string } }>(url(), REGISTER, {
      input: { name: 'Asha Rao', email, password: 'correct horse 1' },
    });
    expect(answer.errors).toBeUndefined();
    return { token: answer.data!.register.token, email };
  }

  const shoe = (index: number) => backend.products[index]!;
  const place = (token: string, input: Record<string, unknown>) =>
    gql<{ placeOrder: { message: string; replayed: boolean; order: { id: string } | null } }>(
      url(),
      PLACE,
      { input },
      { token },
    );
  const orderOf = (lines: Array<{ productId: string; size: string; quantity: number }>) => ({
    address: VALID_ADDRESS,
    lines,
    idempotencyKey: randomUUID(),
  });

  it('lists the products it can show, with their images on the backend origin', async () => {
    const answer = await gql<{
      products: { totalCount: number; nodes: Array<{ id: string; images: string[] }> };
    }>(url(), '{ products(first: 50) { totalCount nodes { id images } } }');
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.products.totalCount).toBe(backend.products.length - 1);
    expect(answer.data?.products.nodes.map((p) => p.id)).not.toContain('ffffffffffffffffffffffff');
    expect(answer.data?.products.nodes[0]?.images[0]).toMatch(new RegExp(`^${backend.imagesUrl}/images/`));
  });

  it("signs up and in with the backend's answers (no message), and refuses with its messages", async () => {
    const { token, email } = await signUp();
    expect(token.split('.')).toHaveLength(3);
    const again = await gql(url(), REGISTER, { input: { name: 'Asha', email, password: 'correct horse 1' } });
    expect(codesOf(again)).toEqual(['BAD_USER_INPUT']);
    expect(again.errors?.[0]?.message).toBe('User already exists');

    const login = await gql<{ login: { token: string; message: string } }>(url(), LOGIN, {
      input: { email, password: 'correct horse 1' },
    });
    expect(login.data?.login.token).toEqual(expect.any(String));
    expect(login.data?.login.message).toEqual(expect.any(String));
    const wrong = await gql(url(), LOGIN, { input: { email, password: 'wrong horse 1' } });
    expect(wrong.errors?.[0]?.message).toBe('Invalid credentials');
    const unknown = await gql(url(), LOGIN, {
      input: { email: `nobody-${randomUUID()}@example.com`, password: 'whatever1' },
    });
    expect(unknown.errors?.[0]?.message).toBe("User doesn't exists");
  });

  it('knows no profile call: the viewer and the user sync are null, not errors', async () => {
    const { token } = await signUp();
    const me = await gql<{ me: unknown }>(url(), '{ me { id name } }', {}, { token });
    expect(me).toMatchObject({ data: { me: null } });
    expect(me.errors).toBeUndefined();
    const synced = await gql<{ syncUser: unknown }>(url(), 'mutation { syncUser { id } }', {}, { token });
    expect(synced.errors).toBeUndefined();
    expect(synced.data?.syncUser).toBeNull();
  });

  it('ends a session the backend refuses at status 200 (UNAUTHENTICATED, its message kept)', async () => {
    const { token } = await signUp();
    const [header, payload] = token.split('.');
    const forged = await gql(url(), CART, {}, { token: `${header}.${payload}.${'A'.repeat(43)}` });
    expect(codesOf(forged)).toEqual(['UNAUTHENTICATED']);
    expect(forged.errors?.[0]?.message).toBe('invalid signature');
    const malformed = await gql(url(), CART, {}, { token: 'not-a-token' });
    expect(codesOf(malformed)).toEqual(['UNAUTHENTICATED']);
    expect(malformed.errors?.[0]?.message).toBe('jwt malformed');
  });

  it('keeps a cart: reads it back after each write, creates lines the update call cannot, and hides zeros', async () => {
    const { token, email } = await signUp();
    const [a, b] = [shoe(0), shoe(1)];
    const added = await gql<{ updateCartLine: ServerCart }>(
      url(),
      UPDATE,
      { productId: a._id, size: a.sizes[0], quantity: 1 },
      { token },
    );
    expect(added.errors).toBeUndefined();
    expect(added.data?.updateCartLine).toEqual({
      lines: [{ productId: a._id, size: a.sizes[0], quantity: 1 }],
    });
    // The first line: the backend's update refuses a product the cart lacks, so the BFF reads the cart, adds the line
    // (which sets 1) and, with no cart in the add's answer, reads it again.
    const cartCalls = backend.requests().filter((r) => r.path.startsWith('/api/cart/'));
    expect(cartCalls.map((r) => r.path)).toEqual([
      '/api/cart/update',
      '/api/cart/get',
      '/api/cart/add',
      '/api/cart/get',
    ]);
    // The token went as the seed's client sends it (a `token` header) as well as the spec's bearer.
    const sent = backend.requests().find((r) => r.path === '/api/cart/add');
    expect(sent?.headers.token).toBe(token);

    // The backend's update fails for a product not yet in the cart: the line is created all the same.
    const set = await gql<{ updateCartLine: ServerCart }>(
      url(),
      UPDATE,
      { productId: b._id, size: b.sizes[1], quantity: 3 },
      { token },
    );
    expect(set.errors).toBeUndefined();
    expect(cartCount(set.data!.updateCartLine)).toBe(4);
    expect(backend.cartOf(email)).toEqual({ [a._id]: { [a.sizes[0]!]: 1 }, [b._id]: { [b.sizes[1]!]: 3 } });

    const removed = await gql<{ updateCartLine: ServerCart }>(
      url(),
      UPDATE,
      { productId: b._id, size: b.sizes[1], quantity: 0 },
      { token },
    );
    expect(removed.data?.updateCartLine.lines.map((l) => l.productId)).toEqual([a._id]);
    // The backend keeps the 0; the shopper's cart does not show it.
    expect(backend.cartOf(email)?.[b._id]).toEqual({ [b.sizes[1]!]: 0 });
    const cart = await gql<{ cart: ServerCart }>(url(), CART, {}, { token });
    expect(cart.data?.cart).toEqual({ lines: [{ productId: a._id, size: a.sizes[0], quantity: 1 }] });

    // Removing a line the backend never had is done, not an error.
    const gone = await gql<{ updateCartLine: ServerCart }>(
      url(),
      UPDATE,
      { productId: shoe(2)._id, size: shoe(2).sizes[0], quantity: 0 },
      { token },
    );
    expect(gone.errors).toBeUndefined();
    expect(cartCount(gone.data!.updateCartLine)).toBe(1);
  });

  it("sets a new line's quantity even when the add's answer is lost (the add may have landed on another tab's)", async () => {
    const { token, email } = await signUp();
    const a = shoe(3);
    backend.loseNextAnswer('/api/cart/add');
    const set = await gql<{ updateCartLine: ServerCart }>(
      url(),
      UPDATE,
      { productId: a._id, size: a.sizes[0], quantity: 3 },
      { token },
    );
    expect(set.errors).toBeUndefined();
    expect(set.data?.updateCartLine).toEqual({
      lines: [{ productId: a._id, size: a.sizes[0], quantity: 3 }],
    });
    expect(backend.cartOf(email)).toEqual({ [a._id]: { [a.sizes[0]!]: 3 } });
  });

  it('sends the spec-shaped order request: product copies with size and quantity, and the amount with the delivery fee', async () => {
    const { token, email } = await signUp();
    const [a, b] = [shoe(2), shoe(3)];
    await gql(url(), UPDATE, { productId: a._id, size: a.sizes[0], quantity: 1 }, { token });
    const placed = await place(token, {
      ...orderOf([
        { productId: a._id, size: a.sizes[0]!, quantity: 2 },
        { productId: b._id, size: b.sizes[0]!, quantity: 1 },
      ]),
      expectedTotal: a.price * 2 + b.price + 10,
    });
    expect(placed.errors).toBeUndefined();
    expect(placed.data?.placeOrder).toEqual({ message: 'Order Placed', replayed: false, order: null });

    const [stored] = backend.ordersOf(email);
    const { __v: _version, ...copyOfA } = a;
    expect(stored).toMatchObject({
      amount: a.price * 2 + b.price + 10,
      address: VALID_ADDRESS,
      items: [
        { ...copyOfA, size: a.sizes[0], quantity: 2 },
        {
          _id: b._id,
          name: b.name,
          price: b.price,
          image: b.image,
          category: b.category,
          subCategory: b.subCategory,
          size: b.sizes[0],
          quantity: 1,
        },
      ],
    });
    // The backend emptied the cart as it stored the order.
    expect((await gql<{ cart: ServerCart }>(url(), CART, {}, { token })).data?.cart.lines).toEqual([]);
  });

  it('answers an order sent again with its key as placed after prices changed, and never places it twice', async () => {
    const { token, email } = await signUp();
    const index = 5;
    const before = shoe(index);
    const input = {
      ...orderOf([{ productId: before._id, size: before.sizes[0]!, quantity: 1 }]),
      expectedTotal: before.price + 10,
    };
    expect((await place(token, input)).data?.placeOrder.replayed).toBe(false);
    backend.products[index] = { ...before, price: before.price + 500 };
    try {
      // An order kept offline whose answer was lost is sent again with its key: the store has it.
      const again = await place(token, input);
      expect(again.errors).toBeUndefined();
      expect(again.data?.placeOrder.replayed).toBe(true);
      // A new attempt at the old total is refused with the new one.
      const fresh = await place(token, { ...input, idempotencyKey: randomUUID() });
      expect(codesOf(fresh)).toEqual(['PRICE_CHANGED']);
      expect(fresh.errors?.[0]?.extensions?.total).toBe(before.price + 510);
      expect(backend.ordersOf(email)).toHaveLength(1);
    } finally {
      backend.products[index] = before;
    }
  });

  it('refuses a total the shopper was not shown, an unknown product or size, and places nothing', async () => {
    const { token, email } = await signUp();
    const a = shoe(4);
    const line = { productId: a._id, size: a.sizes[0]!, quantity: 1 };
    const changed = await place(token, { ...orderOf([line]), expectedTotal: a.price });
    expect(codesOf(changed)).toEqual(['PRICE_CHANGED']);
    expect(changed.errors?.[0]?.message).toMatch(/Prices have changed: your order total is now ₹/);
    // The total it would charge, for the shopper to confirm.
    expect(changed.errors?.[0]?.extensions?.total).toBe(a.price + 10);
    const unknown = await place(token, orderOf([{ ...line, productId: 'no-such-shoe' }]));
    expect(codesOf(unknown)).toEqual(['NOT_FOUND']);
    expect(unknown.errors?.[0]?.message).toBe('Product not found for ID: no-such-shoe');
    const badSize = await place(token, orderOf([{ ...line, size: 'UK 99' }]));
    expect(codesOf(badSize)).toEqual(['BAD_USER_INPUT']);
    expect(backend.ordersOf(email)).toEqual([]);
  });

  it('makes one order when the answer was lost and the checkout is retried with the same key', async () => {
    const { token, email } = await signUp();
    const a = shoe(5);
    const input = orderOf([{ productId: a._id, size: a.sizes[0]!, quantity: 1 }]);
    backend.loseNextAnswer('/api/order/place');
    const lost = await place(token, input);
    expect(codesOf(lost)).toEqual(['UPSTREAM_UNAVAILABLE']);
    expect(backend.ordersOf(email)).toHaveLength(1);

    const retried = await place(token, input);
    expect(retried.errors).toBeUndefined();
    expect(retried.data?.placeOrder).toMatchObject({
      replayed: true,
      order: { id: backend.ordersOf(email)[0]!._id },
    });
    const again = await place(token, input);
    expect(again.data?.placeOrder.replayed).toBe(true);
    expect(backend.ordersOf(email)).toHaveLength(1);

    // A new attempt (a new key) is a new order, even of the same lines.
    await place(token, { ...input, idempotencyKey: randomUUID() });
    expect(backend.ordersOf(email)).toHaveLength(2);
  });

  it('places again when a lost call never reached the backend', async () => {
    const { token, email } = await signUp();
    const a = shoe(6);
    const input = orderOf([{ productId: a._id, size: a.sizes[0]!, quantity: 1 }]);
    // The answer of the orders read before placing is lost: nothing was placed, and the retry must place.
    backend.loseNextAnswer('/api/order/userorders');
    expect(codesOf(await place(token, input))).toEqual(['UPSTREAM_UNAVAILABLE']);
    expect(backend.ordersOf(email)).toEqual([]);
    expect((await place(token, input)).data?.placeOrder.replayed).toBe(false);
    expect(backend.ordersOf(email)).toHaveLength(1);
  });

  it('makes one order for a double click', async () => {
    const { token, email } = await signUp();
    const a = shoe(7);
    const input = orderOf([{ productId: a._id, size: a.sizes[0]!, quantity: 1 }]);
    backend.delayNext('/api/order/place', 300);
    const answers = await Promise.all([place(token, input), place(token, input), place(token, input)]);
    expect(answers.map((answer) => answer.errors)).toEqual([undefined, undefined, undefined]);
    expect(backend.ordersOf(email)).toHaveLength(1);
  });

  it('shows orders newest first, completing what an older client left out from the catalogue', async () => {
    const { token, email } = await signUp();
    const [a, b] = [shoe(8), shoe(9)];
    await place(token, orderOf([{ productId: a._id, size: a.sizes[0]!, quantity: 1 }]));
    // An order placed by a client that sent ids only and no amount, stored as sent.
    const bare = await call(
      backend.url,
      'POST',
      '/api/order/place',
      { address: VALID_ADDRESS, items: [{ _id: b._id, size: b.sizes[0], quantity: 2 }] },
      { headers: { token } },
    );
    expect(bare.body).toEqual({ success: true, message: 'Order Placed' });

    const orders = await gql<{
      myOrders: Array<{
        id: string;
        amount: number;
        status: string;
        paymentMethod: string;
        placedAt: string;
        address: { city: string };
        items: Array<{ productId: string; name: string; price: number; image: string | null }>;
      }>;
    }>(url(), MY_ORDERS, {}, { token });
    expect(orders.errors).toBeUndefined();
    const stored = backend.ordersOf(email);
    expect(orders.data?.myOrders.map((o) => o.id)).toEqual([stored[1]!._id, stored[0]!._id]);
    expect(orders.data?.myOrders[0]).toMatchObject({
      amount: b.price * 2 + 10,
      status: 'Order Placed',
      paymentMethod: 'COD',
      items: [{ productId: b._id, name: b.name, price: b.price, image: b.image[0] }],
    });
    expect(orders.data?.myOrders[1]).toMatchObject({
      amount: a.price + 10,
      address: { city: VALID_ADDRESS.city },
      items: [{ name: a.name }],
    });
  });

  it("admits the backend's image origin in the pages' Content-Security-Policy, and no other", async () => {
    const page = await fetch(new URL('/collection', url()));
    const csp = page.headers.get('content-security-policy') ?? '';
    const imgSrc = csp.split(';').find((directive) => directive.trim().startsWith('img-src')) ?? '';
    expect(imgSrc.trim().split(/\s+/)).toEqual(['img-src', "'self'", 'data:', 'blob:', backend.imagesUrl]);
  });

  it('passes the REST contract through to the backend, its answers as they are', async () => {
    const list = await call(url(), 'GET', '/api/product/list');
    expect(list.body.products).toHaveLength(backend.products.length);
    const noToken = await call(url(), 'POST', '/api/cart/get', {});
    expect(noToken).toMatchObject({
      status: 200,
      body: { success: false, message: 'Not Authorized Login Again' },
    });
    const unknown = await fetch(new URL('/api/no/such/route', url()));
    expect(unknown.status).toBe(404);
  });
});

// Our own API with FAILURES_AS_200 answers failures the seed's way (status 200): the BFF reads them the same.
describe('the BFF on our API answering failures with status 200', () => {
  const store = useStore({}, { FAILURES_AS_200: 'true', AUTH_RATE_LIMIT_MAX: '3' });
  const url = () => store().bff.url;

  it('keeps every refusal a refusal, with its message and the code the web acts on', async () => {
    const email = `shopper-${randomUUID()}@example.com`;
    const registered = await gql<{ register: { token: string } }>(url(), REGISTER, {
      input: { name: 'Asha', email, password: 'correct horse 1' },
    });
    const token = registered.data!.register.token;
    const again = await gql(url(), REGISTER, { input: { name: 'Asha', email, password: 'correct horse 1' } });
    expect([codesOf(again), again.errors?.[0]?.message]).toEqual([
      ['BAD_USER_INPUT'],
      'An account with this email already exists',
    ]);

    const [shoe] = await listProducts(store().api.url);
    const unknown = await gql(
      url(),
      UPDATE,
      { productId: 'no-such-shoe', size: 'UK 8', quantity: 1 },
      { token },
    );
    expect([codesOf(unknown), unknown.errors?.[0]?.message]).toEqual([
      ['NOT_FOUND'],
      'Product not found for ID: no-such-shoe',
    ]);
    const forged = await gql(url(), CART, {}, { token: `${token.slice(0, -4)}AAAA` });
    expect(codesOf(forged)).toEqual(['UNAUTHENTICATED']);
    const badAddress = await place(token, {
      address: { ...VALID_ADDRESS, zipcode: 'abc' },
      lines: [{ productId: shoe!._id, size: shoe!.sizes[0], quantity: 1 }],
      idempotencyKey: randomUUID(),
    });
    expect([codesOf(badAddress), badAddress.errors?.[0]?.message]).toEqual([
      ['BAD_USER_INPUT'],
      expect.stringMatching(/zip/i),
    ]);
    const placed = await place(token, {
      address: VALID_ADDRESS,
      lines: [{ productId: shoe!._id, size: shoe!.sizes[0], quantity: 1 }],
      idempotencyKey: randomUUID(),
    });
    expect(placed.errors).toBeUndefined();

    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => gql(url(), LOGIN, { input: { email, password: 'wrong horse 1' } })),
    );
    expect(attempts.map((attempt) => codesOf(attempt)[0])).toContain('TOO_MANY_REQUESTS');
  });

  const place = (token: string, input: Record<string, unknown>) => gql(url(), PLACE, { input }, { token });
});
