import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '#domain/store-rules';
import { BACKENDS } from '../support/databases.js';
import { call } from '../support/http.js';
import { listProducts, signUp, useApi, type CatalogProduct } from '../support/store-api.js';

describe.each(BACKENDS)('cart on %s', (backend) => {
  const api = useApi(backend);
  const post = (path: string, token: string, body?: unknown) =>
    call(api().url, 'POST', path, body, { token });
  const cartOf = async (token: string) => (await post('/api/cart/get', token, {})).body.cartData;
  let product: CatalogProduct;
  beforeAll(async () => {
    product = (await listProducts(api().url))[0]!;
  });

  it('starts empty, with or without the empty body', async () => {
    const { token } = await signUp(api().url);
    expect(await post('/api/cart/get', token, {})).toMatchObject({
      status: 200,
      body: { success: true, cartData: {} },
    });
    expect((await post('/api/cart/get', token)).body).toEqual({ success: true, cartData: {} });
  });

  it('add sets a new size to 1 and adds 1 to an existing one', async () => {
    const { token } = await signUp(api().url);
    const [a, b] = product.sizes;
    await post('/api/cart/add', token, { itemId: product._id, size: a });
    await post('/api/cart/add', token, { itemId: product._id, size: a });
    const res = await post('/api/cart/add', token, { itemId: product._id, size: b });
    expect(res.body).toMatchObject({ success: true, message: 'Added to cart' });
    expect(await cartOf(token)).toEqual({ [product._id]: { [a!]: 2, [b!]: 1 } });
  });

  it('update sets the quantity, and 0 removes the line', async () => {
    const { token } = await signUp(api().url);
    const size = product.sizes[0]!;
    await post('/api/cart/update', token, { itemId: product._id, size, quantity: 5 });
    expect(await cartOf(token)).toEqual({ [product._id]: { [size]: 5 } });
    await post('/api/cart/update', token, { itemId: product._id, size, quantity: 0 });
    expect(await cartOf(token)).toEqual({});
  });

  it('refuses an unknown product or size and writes nothing', async () => {
    const { token } = await signUp(api().url);
    const unknown = await post('/api/cart/add', token, { itemId: 'no-such-shoe', size: 'UK 8' });
    expect(unknown).toMatchObject({
      status: 404,
      body: { success: false, message: 'Product not found for ID: no-such-shoe' },
    });
    const badSize = await post('/api/cart/add', token, { itemId: product._id, size: 'UK 99' });
    expect(badSize.status).toBe(400);
    expect(badSize.body.message).toBe(`Size UK 99 is not available for ${product.name}`);
    const noSize = await post('/api/cart/add', token, { itemId: product._id, size: '' });
    expect(noSize.body).toEqual({ success: false, message: 'size: Select product size!' });
    expect(await cartOf(token)).toEqual({});
  });

  it.each([
    [-1, 'quantity: quantity cannot be negative'],
    [1.5, 'quantity: quantity must be a whole number'],
    [MAX_LINE_QUANTITY + 1, `quantity: quantity cannot be more than ${MAX_LINE_QUANTITY}`],
    ['2', 'quantity: quantity must be a number'],
    [null, 'quantity: quantity must be a number'],
  ])('update refuses quantity %j and writes nothing', async (quantity, message) => {
    const { token } = await signUp(api().url);
    const res = await post('/api/cart/update', token, {
      itemId: product._id,
      size: product.sizes[0],
      quantity,
    });
    expect(res).toMatchObject({ status: 400, body: { success: false, message } });
    expect(await cartOf(token)).toEqual({});
  });

  it('refuses unknown fields', async () => {
    const { token } = await signUp(api().url);
    const res = await post('/api/cart/add', token, { itemId: product._id, size: product.sizes[0], price: 1 });
    expect(res.body).toEqual({ success: false, message: 'Unknown field: price' });
  });

  it(`stops a line at ${MAX_LINE_QUANTITY}`, async () => {
    const { token } = await signUp(api().url);
    const size = product.sizes[0]!;
    await post('/api/cart/update', token, { itemId: product._id, size, quantity: MAX_LINE_QUANTITY });
    const res = await post('/api/cart/add', token, { itemId: product._id, size });
    expect(res.status).toBe(409);
    expect(await cartOf(token)).toEqual({ [product._id]: { [size]: MAX_LINE_QUANTITY } });
  });

  it('loses no update when one shopper adds concurrently', async () => {
    const { token } = await signUp(api().url);
    const size = product.sizes[0]!;
    const results = await Promise.all(
      Array.from({ length: 25 }, () => post('/api/cart/add', token, { itemId: product._id, size })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await cartOf(token)).toEqual({ [product._id]: { [size]: 25 } });
  });

  it("keeps each shopper's cart their own", async () => {
    const alice = await signUp(api().url);
    const bob = await signUp(api().url);
    await post('/api/cart/add', alice.token, { itemId: product._id, size: product.sizes[0] });
    expect(await cartOf(bob.token)).toEqual({});
    await post('/api/cart/update', bob.token, { itemId: product._id, size: product.sizes[0], quantity: 0 });
    expect(await cartOf(alice.token)).toEqual({ [product._id]: { [product.sizes[0]!]: 1 } });
  });

  it('answers 401 without a token and writes nothing', async () => {
    const res = await call(api().url, 'POST', '/api/cart/add', {
      itemId: product._id,
      size: product.sizes[0],
    });
    expect(res).toMatchObject({
      status: 401,
      body: { success: false, message: 'Not authorized. Please sign in.' },
    });
  });

  it("accepts the seed client's `token` header", async () => {
    const { token } = await signUp(api().url);
    const res = await call(api().url, 'POST', '/api/cart/get', {}, { headers: { token } });
    expect(res.body).toEqual({ success: true, cartData: {} });
  });
});
