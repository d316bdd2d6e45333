import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartSubtotal, cartTotal, MAX_ORDER_LINES } from '#domain/store-rules';
import { startApi } from '../support/api-process.js';
import { BACKENDS } from '../support/databases.js';
import { call } from '../support/http.js';
import { listProducts, signUp, useApi, VALID_ADDRESS, type CatalogProduct } from '../support/store-api.js';

// Clients written for the seed's original backend (the 'Forever' React app): axios from another origin, the
// token in a `token` header, a failure's message read only from a 200, `<img src={product.image[0]}>`.

const SHOP = 'http://localhost:5173';
const OTHER_SHOP = 'https://shop.example';

const headerList = (value: string | null) => (value ?? '').split(',').map((s) => s.trim().toLowerCase());

function preflight(base: string, pathname: string, origin: string, requestHeaders: string) {
  return fetch(new URL(pathname, base), {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': requestHeaders,
    },
  });
}

describe('CORS_ORIGINS lets listed browser origins call the API', () => {
  const api = useApi('sqlite', { CORS_ORIGINS: ` ${SHOP}, ${OTHER_SHOP}/ ` });

  it('answers a preflight from a listed origin for JSON bodies and the token, bearer and idempotency headers', async () => {
    const res = await preflight(
      api().url,
      '/api/cart/add',
      SHOP,
      'content-type,token,authorization,idempotency-key',
    );
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(headerList(res.headers.get('access-control-allow-methods'))).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(headerList(res.headers.get('access-control-allow-headers'))).toEqual(
      expect.arrayContaining(['content-type', 'token', 'authorization', 'idempotency-key']),
    );
    // An origin written with a trailing slash in the setting still matches what a browser sends.
    const other = await preflight(api().url, '/api/order/place', OTHER_SHOP, 'content-type,token');
    expect(other.headers.get('access-control-allow-origin')).toBe(OTHER_SHOP);
  });

  it('lets a listed origin read answers, failures, Retry-After and ETag, with the token header', async () => {
    const list = await call(api().url, 'GET', '/api/product/list', undefined, { headers: { origin: SHOP } });
    expect(list.status).toBe(200);
    expect(list.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(headerList(list.headers.get('access-control-expose-headers'))).toEqual(
      expect.arrayContaining(['retry-after', 'etag']),
    );
    // The catalogue is cacheable: a cache must keep one copy per origin.
    expect(headerList(list.headers.get('vary'))).toContain('origin');

    const { token } = await signUp(api().url);
    const cart = await call(api().url, 'POST', '/api/cart/get', {}, { headers: { origin: SHOP, token } });
    expect(cart.status).toBe(200);
    expect(cart.body).toEqual({ success: true, cartData: {} });
    expect(cart.headers.get('access-control-allow-origin')).toBe(SHOP);

    // A listed origin gets its failures as the lineage's backend sends them: 200 with success false.
    const refused = await call(api().url, 'POST', '/api/cart/get', {}, { headers: { origin: SHOP } });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ success: false });
    expect(refused.headers.get('access-control-allow-origin')).toBe(SHOP);
  });

  it('gives any other origin no Access-Control-Allow-Origin', async () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost:5174',
      'https://shop.example.evil.test',
    ]) {
      const pre = await preflight(api().url, '/api/cart/add', origin, 'content-type,token');
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      const res = await call(api().url, 'GET', '/api/product/list', undefined, { headers: { origin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

describe('an API with none of the other-client settings', () => {
  const api = useApi('sqlite');

  it('sends no CORS headers at all', async () => {
    const pre = await preflight(api().url, '/api/cart/add', SHOP, 'content-type,token');
    expect(pre.status).toBe(404);
    const res = await call(api().url, 'GET', '/api/product/list', undefined, { headers: { origin: SHOP } });
    const corsHeaders = [...res.headers.keys()].filter((name) => name.startsWith('access-control-'));
    expect([...pre.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect(corsHeaders).toEqual([]);
  });

  it('keeps the failure statuses', async () => {
    const wrong = await call(api().url, 'POST', '/api/user/login', {
      email: 'nobody@example.com',
      password: 'wrongpassword',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: 'Invalid email or password' });
  });

  it('keeps catalogue image paths on the API and marks every /images/ answer embeddable from other origins', async () => {
    const [shoe] = await listProducts(api().url);
    const src = shoe!.image[0]!;
    expect(src).toMatch(/^\/images\//);
    const image = await fetch(new URL(src, api().url));
    expect(image.status).toBe(200);
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const etag = image.headers.get('etag');
    expect(etag).toBeTruthy();
    // As a browser revalidates (fetch would otherwise add `cache-control: no-cache`, which never answers 304).
    const revalidated = await fetch(new URL(src, api().url), {
      headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const missing = await fetch(new URL('/images/no-such-shoe.svg', api().url));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});

describe('FAILURES_AS_200 answers the failures of known endpoints with 200', () => {
  const api = useApi('sqlite', { FAILURES_AS_200: 'true' });
  let shoes: CatalogProduct[];
  let token: string;
  let email: string;
  beforeAll(async () => {
    shoes = await listProducts(api().url);
    ({ token, email } = await signUp(api().url));
  });
  const as200 = (message: string) => ({ status: 200, body: { success: false, message } });
  const answer = async (res: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await res;
    return { status, body };
  };
  // The original client's way of sending the token.
  const withToken = () => ({ headers: { token } });

  it('for a duplicate registration and a wrong password', async () => {
    const register = call(api().url, 'POST', '/api/user/register', {
      name: 'Asha',
      email,
      password: 'correct horse 1',
    });
    expect(await answer(register)).toEqual(as200('An account with this email already exists'));
    const login = call(api().url, 'POST', '/api/user/login', { email, password: 'wrong horse 1' });
    expect(await answer(login)).toEqual(as200('Invalid email or password'));
  });

  it('for cart calls without a token, with an unknown product or an out-of-range quantity', async () => {
    expect(await answer(call(api().url, 'POST', '/api/cart/get', {}))).toEqual(
      as200('Not authorized. Please sign in.'),
    );
    const shoe = shoes[0]!;
    const unknown = call(
      api().url,
      'POST',
      '/api/cart/add',
      { itemId: 'no-such-shoe', size: 'UK 8' },
      withToken(),
    );
    expect(await answer(unknown)).toEqual(as200('Product not found for ID: no-such-shoe'));
    const update = { itemId: shoe._id, size: shoe.sizes[0], quantity: 100 };
    expect(await answer(call(api().url, 'POST', '/api/cart/update', update, withToken()))).toEqual(
      as200('quantity: quantity cannot be more than 99'),
    );
    // Nothing was written by the refused calls.
    expect((await call(api().url, 'POST', '/api/cart/get', {}, withToken())).body.cartData).toEqual({});
  });

  it('for an order with a bad address or a wrong amount', async () => {
    const shoe = shoes[0]!;
    const items = [{ ...shoe, size: shoe.sizes[0], quantity: 1 }];
    const badAddress = {
      address: { ...VALID_ADDRESS, email: 'not-an-email' },
      items,
      amount: shoe.price + 10,
    };
    const bad = await answer(call(api().url, 'POST', '/api/order/place', badAddress, withToken()));
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, message: expect.stringMatching(/email/i) as unknown });
    const wrongAmount = { address: VALID_ADDRESS, items, amount: 1 };
    const wrong = await answer(call(api().url, 'POST', '/api/order/place', wrongAmount, withToken()));
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Prices have changed/) as unknown,
    });
    expect((await call(api().url, 'POST', '/api/order/userorders', {}, withToken())).body.orders).toEqual([]);
  });

  it('but keeps 400, 413 and 415 for a body it could not read, and 404 for an unknown endpoint', async () => {
    const malformed = call(api().url, 'POST', '/api/user/login', undefined, { raw: '{"email":' });
    expect(await answer(malformed)).toEqual({
      status: 400,
      body: { success: false, message: 'Malformed JSON body' },
    });
    const huge = call(
      api().url,
      'POST',
      '/api/cart/add',
      { itemId: 'x'.repeat(100_000), size: 'UK 8' },
      withToken(),
    );
    expect(await answer(huge)).toEqual({
      status: 413,
      body: { success: false, message: 'Request body is too large' },
    });
    const form = call(api().url, 'POST', '/api/user/login', undefined, {
      raw: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await form).status).toBe(415);
    const unknown = await call(api().url, 'POST', '/api/cart/remove', {}, withToken());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: 'No such endpoint: POST /api/cart/remove' });
  });

  it('leaves successes as they were', async () => {
    const signedUp = await signUp(api().url);
    const login = await call(api().url, 'POST', '/api/user/login', {
      email: signedUp.email,
      password: 'correct horse 1',
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, message: 'Signed in' });
    const shoe = shoes[1]!;
    const added = await call(
      api().url,
      'POST',
      '/api/cart/add',
      { itemId: shoe._id, size: shoe.sizes[0] },
      withToken(),
    );
    expect(added.body).toMatchObject({ success: true, cartData: { [shoe._id]: { [shoe.sizes[0]!]: 1 } } });
  });
});

describe('FAILURES_AS_200 with the sign-in rate limit', () => {
  const api = useApi('sqlite', { FAILURES_AS_200: 'true', AUTH_RATE_LIMIT_MAX: '2' });

  it('answers a throttled login with 200, its message and Retry-After', async () => {
    const attempt = () =>
      call(api().url, 'POST', '/api/user/login', { email: 'nobody@example.com', password: 'whatever1' });
    await attempt();
    await attempt();
    const throttled = await attempt();
    expect(throttled.status).toBe(200);
    expect(throttled.body).toEqual({
      success: false,
      message: 'Too many attempts. Please wait a minute and try again.',
    });
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('ASSET_BASE_URL makes catalogue image URLs absolute', () => {
  // Written with a trailing slash: it is dropped, so the joined URL has no `//`.
  const api = useApi('sqlite', { ASSET_BASE_URL: 'https://cdn.example/store/' });

  it('prefixes every image in the list, while the API still serves the file at /images/', async () => {
    const products = await listProducts(api().url);
    const images = products.flatMap((p) => p.image);
    expect(images.length).toBeGreaterThan(0);
    for (const src of images) expect(src).toMatch(/^https:\/\/cdn\.example\/store\/images\/[^/]/);
    const file = await fetch(new URL(images[0]!.slice('https://cdn.example/store'.length), api().url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^image\//);
  });

  it("names the CDN among the catalogue's image origins, for the pages' policy", async () => {
    const answer = await call(api().url, 'GET', '/api/product/query?limit=0');
    expect(answer.body.imageOrigins).toEqual(['https://cdn.example']);
  });
});

describe('settings for other clients are checked at start', () => {
  async function startError(env: Record<string, string>): Promise<string> {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-api-config-'));
    try {
      const api = await startApi(env, dir);
      await api.stop();
      return 'started';
    } catch (error) {
      return (error as Error).message;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('refuses a CORS origin with a path, a wildcard or another scheme, naming the entry', async () => {
    const message = await startError({ CORS_ORIGINS: 'https://shop.example/app,*' });
    expect(message).toContain('Invalid API configuration');
    expect(message).toContain('CORS_ORIGINS: "https://shop.example/app" is not an origin');
    expect(message).toContain('CORS_ORIGINS: "*" is not an origin');
  });

  it('refuses an ASSET_BASE_URL that is not an http(s) URL', async () => {
    const message = await startError({ ASSET_BASE_URL: 'cdn.example/store' });
    expect(message).toContain('ASSET_BASE_URL: must be empty or an http(s) URL');
  });
});

describe.each(BACKENDS)('orders of full product copies on %s', (backend) => {
  const api = useApi(backend);
  let shoes: CatalogProduct[];
  beforeAll(async () => {
    shoes = await listProducts(api().url);
  });

  // The largest products the catalogue allows: a 2000-character description and 8 image URLs.
  function fullCopies(descriptionLength: number) {
    const lines = shoes.flatMap((p) => p.sizes.map((size) => ({ p, size }))).slice(0, MAX_ORDER_LINES);
    expect(lines).toHaveLength(MAX_ORDER_LINES);
    return lines.map(({ p, size }) => ({
      ...p,
      description: 'Soft suede upper, cushioned sole. '.repeat(100).slice(0, descriptionLength),
      image: Array.from({ length: 8 }, (_, i) => `https://cdn.example/store/images/${p._id}-view-${i}.webp`),
      size,
      quantity: 1,
    }));
  }

  it(`accepts ${MAX_ORDER_LINES} lines of full product copies, a body far over the default 64 KiB limit`, async () => {
    const { token } = await signUp(api().url);
    const items = fullCopies(2000);
    const body = { address: VALID_ADDRESS, items, amount: cartTotal(cartSubtotal(items)) };
    expect(JSON.stringify(body).length).toBeGreaterThan(64 * 1024);
    const res = await call(api().url, 'POST', '/api/order/place', body, { headers: { token } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Order placed' });
    const orders = await call(api().url, 'POST', '/api/order/userorders', {}, { token });
    expect((orders.body.orders as { items: unknown[] }[])[0]!.items).toHaveLength(MAX_ORDER_LINES);
  });

  it('refuses an order body over 1 MiB with 413, and other routes keep the default limit', async () => {
    const { token } = await signUp(api().url);
    const items = fullCopies(2000).map((item) => ({ ...item, description: item.description.repeat(11) }));
    const body = { address: VALID_ADDRESS, items };
    expect(JSON.stringify(body).length).toBeGreaterThan(1024 * 1024);
    const res = await call(api().url, 'POST', '/api/order/place', body, { headers: { token } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'Request body is too large' });
    const cart = await call(
      api().url,
      'POST',
      '/api/cart/add',
      { itemId: 'x'.repeat(100 * 1024), size: 'UK 8' },
      { token },
    );
    expect(cart.status).toBe(413);
  });
});
