import { randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VALID_ADDRESS } from '#domain/test-support/sample-address';
import { startLineageBackend, type LineageBackend, type LineageProduct } from '../support/lineage-backend.js';
import { remoteLineageControls } from '../support/lineage-remote.js';

// The stand-in of the original backend must answer the way that backend does, quirks included; these tests pin
// the quirks a client of it has to live with.

const PASSWORD = 'correct horse 1';

let backend: LineageBackend;
beforeAll(async () => {
  backend = await startLineageBackend();
});
afterAll(async () => {
  await backend.stop();
});
beforeEach(() => {
  backend.reset();
});

interface Answer {
  status: number;
  contentType: string;
  text: string;
  body: Record<string, unknown>;
}

async function send(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const json: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  const response = await fetch(new URL(path, backend.url), {
    method,
    headers: { ...json, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    contentType,
    text,
    body: contentType.startsWith('application/json') ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

const post = (path: string, body?: unknown, headers?: Record<string, string>) =>
  send('POST', path, body, headers);
const withToken = (token: string) => ({ token });

async function signUp(name = 'Asha Rao'): Promise<{ email: string; token: string }> {
  const email = `shopper-${randomUUID()}@example.com`;
  const answer = await post('/api/user/register', { name, email, password: PASSWORD });
  return { email, token: answer.body.token as string };
}

function product(index = 0): LineageProduct {
  return backend.products[index]!;
}

describe('failures are HTTP 200 with success false', () => {
  it.each([
    [
      'a second sign-up with the same email',
      async (email: string) => post('/api/user/register', { name: 'B', email, password: PASSWORD }),
      'User already exists',
    ],
    [
      'a sign-up with no valid email',
      () => post('/api/user/register', { name: 'B', email: 'not-an-email', password: PASSWORD }),
      'Please enter a valid email',
    ],
    [
      'a sign-up with a 7-character password',
      () => post('/api/user/register', { name: 'B', email: 'b@example.com', password: '1234567' }),
      'Please enter a strong password',
    ],
    [
      'a login with an unknown email',
      () => post('/api/user/login', { email: 'nobody@example.com', password: PASSWORD }),
      "User doesn't exists",
    ],
    [
      'a login with the wrong password',
      async (email: string) => post('/api/user/login', { email, password: 'wrong password' }),
      'Invalid credentials',
    ],
    ['a cart call with no token', () => post('/api/cart/get', {}), 'Not Authorized Login Again'],
  ])('%s', async (_case, request, message) => {
    const { email } = await signUp();
    const answer = await request(email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: false, message });
  });
});

describe('accounts', () => {
  it('sign-up and login answer a token and no message', async () => {
    const { email, token } = await signUp();
    const login = await post('/api/user/login', { email, password: PASSWORD });
    expect(login.body).toEqual({ success: true, token: expect.any(String) as unknown });
    const register = await post('/api/user/register', {
      name: 'C',
      email: 'c@example.com',
      password: PASSWORD,
    });
    expect(Object.keys(register.body)).toEqual(['success', 'token']);
    expect(decodeJwt(token).id).toBe(decodeJwt(login.body.token as string).id);
  });

  it('the token is an HS256 JWT carrying the user ObjectId, with no expiry', async () => {
    const { email, token } = await signUp();
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(claims.id).toMatch(/^[0-9a-f]{24}$/);
    expect(claims.exp).toBeUndefined();
    expect(backend.users()).toEqual([{ _id: claims.id, name: 'Asha Rao', email, cartData: {} }]);
  });

  it('a body that is not sent as application/json is not read', async () => {
    const { email } = await signUp();
    const answer = await post('/api/user/login', undefined, { 'content-type': 'text/plain' });
    expect(answer.body).toEqual({ success: false, message: "User doesn't exists" });
    const raw = await fetch(new URL('/api/user/login', backend.url), {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(await raw.json()).toEqual({ success: false, message: "User doesn't exists" });
  });
});

describe('the token', () => {
  it('is read from the token header or from a bearer authorization header', async () => {
    const { token } = await signUp();
    expect((await post('/api/cart/get', {}, { token })).body).toEqual({ success: true, cartData: {} });
    expect((await post('/api/cart/get', {}, { authorization: `Bearer ${token}` })).body).toEqual({
      success: true,
      cartData: {},
    });
  });

  it.each([
    ['that is not three dot-separated parts', () => 'not-a-token', 'jwt malformed'],
    ['whose header is not JSON', () => 'abc.def.ghi', 'invalid token'],
    [
      'signed with another secret',
      async () =>
        new SignJWT({ id: '0'.repeat(24) })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .sign(new TextEncoder().encode('another secret')),
      'invalid signature',
    ],
    [
      'of a user that no longer exists',
      async () => (await signUp()).token,
      "Cannot read properties of null (reading 'cartData')",
    ],
  ])('a token %s fails with the jsonwebtoken (or Mongoose) message', async (_case, makeToken, message) => {
    const token = await makeToken();
    backend.reset();
    expect((await post('/api/cart/get', {}, withToken(token))).body).toEqual({ success: false, message });
  });

  it('decides the user: a userId in the body does not count', async () => {
    const first = await signUp();
    const second = await signUp();
    const secondId = backend.users().find((u) => u.email === second.email)!._id;
    await post(
      '/api/cart/add',
      { itemId: product()._id, size: 'UK 7', userId: secondId },
      withToken(first.token),
    );
    expect(backend.cartOf(first.email)).toEqual({ [product()._id]: { 'UK 7': 1 } });
    expect(backend.cartOf(second.email)).toEqual({});
  });
});

describe('the catalogue', () => {
  it('lists Mongo-shaped products with absolute image URLs on the image server', async () => {
    const answer = await send('GET', '/api/product/list');
    expect(answer.status).toBe(200);
    const products = answer.body.products as LineageProduct[];
    expect(answer.body.success).toBe(true);
    expect(products.length).toBeGreaterThanOrEqual(12);
    for (const p of products) {
      expect(p._id).toMatch(/^[0-9a-f]{24}$/);
      expect(p.image.length).toBeGreaterThan(0);
      for (const url of p.image) expect(url.startsWith(`${backend.imagesUrl}/images/`)).toBe(true);
      expect(p.sizes.length).toBeGreaterThanOrEqual(2);
      expect(p).toMatchObject({
        price: expect.any(Number) as unknown,
        bestseller: expect.any(Boolean) as unknown,
        date: expect.any(Number) as unknown,
        __v: 0,
      });
    }
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(['Men', 'Women']));
    expect(new Set(products.map((p) => p.subCategory))).toEqual(
      new Set(['Sports Shoes', 'Sneakers', 'Leather Shoes', 'Slippers', 'Sandals']),
    );
  });

  it('serves each picture as a cacheable SVG loadable from another origin', async () => {
    const response = await fetch(product().image[0]!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
    expect(await response.text()).toMatch(/^<svg /);
  });

  it('takes a custom catalogue', async () => {
    const custom = await startLineageBackend({
      products: (imagesUrl) => [
        {
          ...product(),
          _id: 'a'.repeat(24),
          name: 'Only Shoe',
          image: [`${imagesUrl}/images/only-shoe-1.svg`],
        },
      ],
    });
    try {
      const products = (await (await fetch(new URL('/api/product/list', custom.url))).json()) as {
        products: LineageProduct[];
      };
      expect(products.products.map((p) => p.name)).toEqual(['Only Shoe']);
    } finally {
      await custom.stop();
    }
  });
});

describe('the cart', () => {
  it('add answers a message only and counts up per size; any id is stored as is', async () => {
    const { email, token } = await signUp();
    const add = (itemId: string, size: string) => post('/api/cart/add', { itemId, size }, withToken(token));
    expect((await add(product()._id, 'UK 7')).body).toEqual({ success: true, message: 'Added To Cart' });
    await add(product()._id, 'UK 7');
    await add(product()._id, 'UK 8');
    await add('no-such-shoe', 'UK 99');
    expect((await post('/api/cart/get', {}, withToken(token))).body).toEqual({
      success: true,
      cartData: { [product()._id]: { 'UK 7': 2, 'UK 8': 1 }, 'no-such-shoe': { 'UK 99': 1 } },
    });
    expect(backend.cartOf(email)).toEqual({
      [product()._id]: { 'UK 7': 2, 'UK 8': 1 },
      'no-such-shoe': { 'UK 99': 1 },
    });
  });

  it('update of a product not in the cart fails with the TypeError of cartData[itemId][size] = quantity', async () => {
    const { email, token } = await signUp();
    const answer = await post(
      '/api/cart/update',
      { itemId: product()._id, size: 'UK 7', quantity: 2 },
      withToken(token),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: false,
      message: "Cannot set properties of undefined (setting 'UK 7')",
    });
    expect(backend.cartOf(email)).toEqual({});
  });

  it('update answers a message only; a quantity of 0 stays in the cart as 0', async () => {
    const { email, token } = await signUp();
    await post('/api/cart/add', { itemId: product()._id, size: 'UK 7' }, withToken(token));
    const update = (quantity: number) =>
      post('/api/cart/update', { itemId: product()._id, size: 'UK 7', quantity }, withToken(token));
    expect((await update(3)).body).toEqual({ success: true, message: 'Cart Updated' });
    expect(backend.cartOf(email)).toEqual({ [product()._id]: { 'UK 7': 3 } });
    await update(0);
    expect((await post('/api/cart/get', {}, withToken(token))).body.cartData).toEqual({
      [product()._id]: { 'UK 7': 0 },
    });
  });
});

describe('orders', () => {
  it('are stored exactly as sent, empty the cart and answer a message only', async () => {
    const { email, token } = await signUp();
    await post('/api/cart/add', { itemId: product()._id, size: 'UK 7' }, withToken(token));
    const items = [{ ...product(), size: 'UK 7', quantity: 1, price: 1 }];
    const answer = await post(
      '/api/order/place',
      { address: VALID_ADDRESS, items, amount: 11 },
      withToken(token),
    );
    expect(answer.body).toEqual({ success: true, message: 'Order Placed' });
    const [order] = backend.ordersOf(email);
    expect(order).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
      userId: decodeJwt(token).id,
      items,
      amount: 11,
      address: VALID_ADDRESS,
      status: 'Order Placed',
      paymentMethod: 'COD',
      payment: false,
      date: expect.any(Number) as unknown,
      __v: 0,
    });
    expect(backend.cartOf(email)).toEqual({});
  });

  it('are listed oldest first, only the user’s own, with no amount when none was sent', async () => {
    const first = await signUp();
    const other = await signUp();
    await post(
      '/api/order/place',
      { address: VALID_ADDRESS, items: [{ name: 'one' }], amount: 1 },
      withToken(first.token),
    );
    await post(
      '/api/order/place',
      { address: VALID_ADDRESS, items: [{ name: 'other' }] },
      withToken(other.token),
    );
    await post(
      '/api/order/place',
      { address: VALID_ADDRESS, items: [{ name: 'two' }] },
      withToken(first.token),
    );
    const answer = await post('/api/order/userorders', {}, withToken(first.token));
    const orders = answer.body.orders as Array<Record<string, unknown>>;
    expect(orders.map((o) => o.items)).toEqual([[{ name: 'one' }], [{ name: 'two' }]]);
    expect(orders[1]).not.toHaveProperty('amount');
    expect(backend.orders()).toHaveLength(3);
  });

  it('a lost answer still places the order, and nothing stops the retry placing a second one', async () => {
    const { email, token } = await signUp();
    backend.loseNextAnswer('/api/order/place');
    const place = () =>
      post(
        '/api/order/place',
        { address: VALID_ADDRESS, items: [{ name: 'x' }], amount: 20 },
        withToken(token),
      );
    await expect(place()).rejects.toThrow();
    expect(backend.ordersOf(email)).toHaveLength(1);
    expect((await place()).body).toEqual({ success: true, message: 'Order Placed' });
    expect(backend.ordersOf(email)).toHaveLength(2);
  });
});

describe('Express around the routes', () => {
  it('an unknown route, the profile call included, gets the HTML 404 page', async () => {
    const { token } = await signUp();
    const answer = await send('GET', '/api/user/profile', undefined, { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(404);
    expect(answer.contentType).toBe('text/html; charset=utf-8');
    expect(answer.text).toMatch(/^<!DOCTYPE html>[\s\S]*<pre>Cannot GET \/api\/user\/profile<\/pre>/);
  });

  it('a JSON body that does not parse gets the HTML 400 page', async () => {
    const response = await fetch(new URL('/api/user/login', backend.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toMatch(/<pre>SyntaxError: /);
  });

  it('routes match with any letter case and a trailing slash, as Express does by default', async () => {
    expect((await send('GET', '/API/Product/List/')).body.success).toBe(true);
  });

  it('JSON answers carry Express’s weak ETag, and a GET that holds it is answered 304', async () => {
    const first = await fetch(new URL('/api/product/list', backend.url));
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    // undici's request, not fetch: fetch adds `cache-control: no-cache` to a conditional request, and Express then
    // answers in full, here as there.
    const again = await request(new URL('/api/product/list', backend.url), {
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(await again.body.text()).toBe('');
    const noCache = await request(new URL('/api/product/list', backend.url), {
      headers: { 'if-none-match': etag, 'cache-control': 'no-cache' },
    });
    expect(noCache.statusCode).toBe(200);
    await noCache.body.dump();
    const noTags = await startLineageBackend({ etags: false });
    try {
      expect((await fetch(new URL('/api/product/list', noTags.url))).headers.get('etag')).toBeNull();
    } finally {
      await noTags.stop();
    }
  });

  it('profile: true adds the profile call', async () => {
    const withProfile = await startLineageBackend({ profile: true });
    try {
      const register = await fetch(new URL('/api/user/register', withProfile.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Asha Rao', email: 'asha@example.com', password: PASSWORD }),
      });
      const { token } = (await register.json()) as { token: string };
      const profile = await fetch(new URL('/api/user/profile', withProfile.url), {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await profile.json()).toEqual({
        success: true,
        user: { _id: decodeJwt(token).id, name: 'Asha Rao', email: 'asha@example.com' },
      });
    } finally {
      await withProfile.stop();
    }
  });
});

describe('test controls', () => {
  it('the request log holds each call with its headers and body', async () => {
    const { token } = await signUp();
    await post('/api/cart/add', { itemId: 'x', size: 'UK 7' }, { authorization: `Bearer ${token}` });
    const logged = backend.requests().at(-1)!;
    expect(logged).toMatchObject({
      method: 'POST',
      path: '/api/cart/add',
      body: { itemId: 'x', size: 'UK 7' },
    });
    expect(logged.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('a delayed answer arrives late, its work done', async () => {
    const { email, token } = await signUp();
    backend.delayNext('/api/cart/add', 300);
    const started = Date.now();
    const add = post('/api/cart/add', { itemId: 'x', size: 'UK 7' }, withToken(token));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(backend.cartOf(email)).toEqual({ x: { 'UK 7': 1 } });
    expect((await add).body.success).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('are reachable over HTTP for a test in another process', async () => {
    const remote = remoteLineageControls(backend.url);
    const { email, token } = await signUp();
    await post('/api/cart/add', { itemId: 'x', size: 'UK 7' }, withToken(token));
    expect(await remote.cartOf(email)).toEqual({ x: { 'UK 7': 1 } });
    expect((await remote.users()).map((u) => u.email)).toEqual([email]);
    await remote.loseNextAnswer('/api/order/place');
    await expect(
      post('/api/order/place', { address: VALID_ADDRESS, items: [], amount: 0 }, withToken(token)),
    ).rejects.toThrow();
    expect(await remote.ordersOf(email)).toHaveLength(1);
    expect((await remote.requests()).map((r) => r.path)).toContain('/api/order/place');
    await remote.reset();
    expect(await remote.users()).toEqual([]);
    expect(await remote.orders()).toEqual([]);
    expect(await remote.cartOf(email)).toBeUndefined();
  });
});
