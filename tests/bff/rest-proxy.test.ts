import { describe, expect, it } from 'vitest';
import { useStore } from '../support/bff-process.js';
import { call } from '../support/http.js';
import { VALID_ADDRESS } from '../support/store-api.js';

// The REST contract at the store's one URL: the BFF passes /api/* to the API and its answers back unchanged.
describe('the REST contract through the BFF', () => {
  const store = useStore();
  const bff = () => store().bff.url;

  it('lists the same products as the API, with its ETag revalidation', async () => {
    const direct = await call(store().api.url, 'GET', '/api/product/list');
    const proxied = await call(bff(), 'GET', '/api/product/list');
    expect(proxied.status).toBe(200);
    expect(proxied.body).toEqual(direct.body);
    const etag = proxied.headers.get('etag')!;
    expect(
      (await fetch(new URL('/api/product/list', bff()), { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
  });

  it('registers, keeps a cart and places an order with the idempotency key honoured', async () => {
    const email = `proxy-${Date.now()}@example.com`;
    const registered = await call(bff(), 'POST', '/api/user/register', {
      name: 'Asha',
      email,
      password: 'correct horse 1',
    });
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;
    const products = (await call(bff(), 'GET', '/api/product/list')).body.products as Array<{
      _id: string;
      sizes: string[];
      price: number;
    }>;
    const shoe = products[0]!;
    const added = await call(
      bff(),
      'POST',
      '/api/cart/add',
      { itemId: shoe._id, size: shoe.sizes[0] },
      { token },
    );
    expect(added.body).toMatchObject({ success: true });
    const cart = await call(bff(), 'POST', '/api/cart/get', undefined, { token });
    expect(cart.body.cartData).toEqual({ [shoe._id]: { [shoe.sizes[0]!]: 1 } });
    const order = { address: VALID_ADDRESS, items: [{ _id: shoe._id, size: shoe.sizes[0], quantity: 1 }] };
    const headers = { 'idempotency-key': `proxy-${Date.now()}` };
    const first = await call(bff(), 'POST', '/api/order/place', order, { token, headers });
    const again = await call(bff(), 'POST', '/api/order/place', order, { token, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect((again.body.order as { _id: string })._id).toBe((first.body.order as { _id: string })._id);
    const orders = await call(bff(), 'POST', '/api/order/userorders', undefined, { token });
    expect(orders.body.orders).toHaveLength(1);
  });

  it("passes the API's refusals back in the contract's envelope", async () => {
    const malformed = await call(bff(), 'POST', '/api/user/login', undefined, { raw: '{"email":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ success: false, message: 'Malformed JSON body' });
    const noToken = await call(bff(), 'POST', '/api/cart/get');
    expect(noToken.status).toBe(401);
    expect(noToken.body.success).toBe(false);
    const unknown = await call(bff(), 'GET', '/api/no/such/endpoint');
    expect(unknown.status).toBe(404);
    expect(unknown.body.success).toBe(false);
    const huge = await call(bff(), 'POST', '/api/user/login', {
      email: 'a@b.co',
      password: 'x'.repeat(300_000),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ success: false, message: 'Request body is too large' });
  });
});

describe('the REST contract through the BFF, for a client on another origin', () => {
  const client = 'http://client.example:5173';
  const store = useStore({ CORS_ORIGINS: client }, { CORS_ORIGINS: client });
  const bff = () => store().bff.url;

  it('answers it image URLs on the store it called, which a page of its own origin can show', async () => {
    const same = await call(bff(), 'GET', '/api/product/list');
    const [first] = same.body.products as Array<{ image: string[] }>;
    expect(first!.image[0]).toMatch(/^\/images\//);
    expect(same.headers.get('etag')).not.toBeNull();

    const other = await call(bff(), 'GET', '/api/product/list', undefined, { headers: { origin: client } });
    expect(other.headers.get('access-control-allow-origin')).toBe(client);
    expect(other.headers.get('vary')).toMatch(/origin/i);
    const products = other.body.products as Array<{ _id: string; image: string[] }>;
    expect(products[0]!.image[0]).toBe(`${bff()}${first!.image[0]!}`);
    expect(products).toHaveLength((same.body.products as unknown[]).length);

    const email = `client-${Date.now()}@example.com`;
    const token = (
      await call(bff(), 'POST', '/api/user/register', { name: 'Asha', email, password: 'correct horse 1' })
    ).body.token as string;
    const shoe = (same.body.products as Array<{ _id: string; sizes: string[] }>)[0]!;
    await call(
      bff(),
      'POST',
      '/api/order/place',
      { address: VALID_ADDRESS, items: [{ _id: shoe._id, size: shoe.sizes[0], quantity: 1 }] },
      { headers: { token, origin: client } },
    );
    const orders = await call(
      bff(),
      'POST',
      '/api/order/userorders',
      {},
      { headers: { token, origin: client } },
    );
    const [order] = orders.body.orders as Array<{ items: Array<{ image: string[] }> }>;
    expect(order!.items[0]!.image[0]).toBe(`${bff()}${first!.image[0]!}`);
  });
});
