import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_FEE } from '#domain/store-rules';
import { BACKENDS } from '../support/databases.js';
import { call } from '../support/http.js';
import { listProducts, signUp, useApi, VALID_ADDRESS, type CatalogProduct } from '../support/store-api.js';

interface OrderBody {
  _id: string;
  items: { _id: string; name: string; price: number; quantity: number; size: string; image: string[] }[];
  amount: number;
  address: Record<string, string>;
  status: string;
  paymentMethod: string;
  date: number;
}

describe.each(BACKENDS)('orders on %s', (backend) => {
  const api = useApi(backend);
  let shoes: CatalogProduct[];
  beforeAll(async () => {
    shoes = await listProducts(api().url);
  });

  const place = (token: string, body: unknown, key?: string) =>
    call(api().url, 'POST', '/api/order/place', body, {
      token,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const ordersOf = async (token: string) =>
    (await call(api().url, 'POST', '/api/order/userorders', {}, { token })).body.orders as OrderBody[];
  const cartOf = async (token: string) =>
    (await call(api().url, 'POST', '/api/cart/get', {}, { token })).body.cartData;

  // Product copies as the seed client sends them, with the client's own (untrusted) price.
  const copy = (p: CatalogProduct, size: string, quantity: number, price = p.price) => ({
    ...p,
    price,
    size,
    quantity,
  });

  it('places a COD order at catalogue prices, empties the cart, and lists it', async () => {
    const { token } = await signUp(api().url);
    const [a, b] = shoes;
    await call(api().url, 'POST', '/api/cart/add', { itemId: a!._id, size: a!.sizes[0] }, { token });
    const amount = a!.price * 2 + b!.price + DELIVERY_FEE;
    const res = await place(token, {
      address: VALID_ADDRESS,
      items: [copy(a!, a!.sizes[0]!, 2), copy(b!, b!.sizes[0]!, 1)],
      amount,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Order placed' });
    expect(await cartOf(token)).toEqual({});
    const [order] = await ordersOf(token);
    expect(order).toMatchObject({
      amount,
      status: 'Order Placed',
      paymentMethod: 'COD',
      address: VALID_ADDRESS,
    });
    expect(order!.items).toEqual([
      { _id: a!._id, name: a!.name, price: a!.price, quantity: 2, size: a!.sizes[0], image: a!.image },
      { _id: b!._id, name: b!.name, price: b!.price, quantity: 1, size: b!.sizes[0], image: b!.image },
    ]);
    expect(typeof order!.date).toBe('number');
  });

  it("never trusts the client's prices", async () => {
    const { token } = await signUp(api().url);
    const shoe = shoes[1]!;
    const cheap = await place(token, {
      address: VALID_ADDRESS,
      items: [copy(shoe, shoe.sizes[0]!, 1, 1)],
      amount: 1 + DELIVERY_FEE,
    });
    expect(cheap.status).toBe(409);
    expect(cheap.body.message).toBe(
      `Prices have changed: your order total is now ₹${shoe.price + DELIVERY_FEE}. Please review your cart and place the order again.`,
    );
    expect(await ordersOf(token)).toEqual([]);
    // Without an amount the server's own figure is used, whatever price the copy claims.
    const res = await place(token, { address: VALID_ADDRESS, items: [copy(shoe, shoe.sizes[0]!, 1, 1)] });
    expect(res.status).toBe(201);
    const [order] = await ordersOf(token);
    expect(order!.amount).toBe(shoe.price + DELIVERY_FEE);
    expect(order!.items[0]!.price).toBe(shoe.price);
  });

  it('lists orders oldest first, as the seed backend does (its clients reverse them to show the newest first)', async () => {
    const { token } = await signUp(api().url);
    const ids: string[] = [];
    for (const shoe of shoes.slice(0, 3)) {
      const res = await place(token, { address: VALID_ADDRESS, items: [copy(shoe, shoe.sizes[0]!, 1)] });
      ids.push((res.body.order as OrderBody)._id);
    }
    expect((await ordersOf(token)).map((o) => o._id)).toEqual(ids);
  });

  it('makes exactly one order for a retried Idempotency-Key, even concurrently', async () => {
    const { token } = await signUp(api().url);
    const shoe = shoes[2]!;
    const body = { address: VALID_ADDRESS, items: [copy(shoe, shoe.sizes[0]!, 1)] };
    const key = randomUUID();
    const results = await Promise.all([
      place(token, body, key),
      place(token, body, key),
      place(token, body, key),
    ]);
    const ids = new Set(results.map((r) => (r.body.order as OrderBody)._id));
    expect(ids.size).toBe(1);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(await ordersOf(token)).toHaveLength(1);
    const again = await place(token, body, key);
    expect(again.body).toMatchObject({ success: true, message: 'Order already placed' });
    // The same key for another order is refused, not answered with the first one.
    const other = { ...body, items: [copy(shoe, shoe.sizes[0]!, 2)] };
    expect(await place(token, other, key)).toMatchObject({
      status: 409,
      body: { success: false, message: 'This Idempotency-Key was already used for a different order' },
    });
    expect(await ordersOf(token)).toHaveLength(1);
    // The same key from another shopper is that shopper's own, separate order.
    const someoneElse = await signUp(api().url);
    const theirs = await place(someoneElse.token, body, key);
    expect(theirs.status).toBe(201);
    expect((theirs.body.order as OrderBody)._id).not.toBe((again.body.order as OrderBody)._id);
  });

  it.each([
    ['firstName', '', 'address.firstName: First name is required'],
    ['email', 'asha@', 'address.email: Please enter a valid email'],
    ['zipcode', '56O001', 'address.zipcode: Zip code must be 3 to 10 digits'],
    ['phone', '12', 'address.phone: Phone must be 7 to 15 digits'],
    ['country', undefined, 'address.country: Country is required'],
  ])('refuses an address with a bad %s and writes nothing', async (field, value, message) => {
    const { token } = await signUp(api().url);
    const shoe = shoes[0]!;
    await call(api().url, 'POST', '/api/cart/add', { itemId: shoe._id, size: shoe.sizes[0] }, { token });
    const res = await place(token, {
      address: { ...VALID_ADDRESS, [field]: value },
      items: [copy(shoe, shoe.sizes[0]!, 1)],
    });
    expect(res).toMatchObject({ status: 400, body: { success: false, message } });
    expect(await ordersOf(token)).toEqual([]);
    expect(await cartOf(token)).toEqual({ [shoe._id]: { [shoe.sizes[0]!]: 1 } });
  });

  it.each([
    [-5, 'amount: amount cannot be negative'],
    ['1499', 'amount: amount must be a number'],
    [2e9, 'amount: amount must be at most 1000000000'],
  ])('refuses an amount of %j saying what is wrong with it', async (amount, message) => {
    const { token } = await signUp(api().url);
    const shoe = shoes[0]!;
    const res = await place(token, {
      address: VALID_ADDRESS,
      items: [copy(shoe, shoe.sizes[0]!, 1)],
      amount,
    });
    expect(res).toMatchObject({ status: 400, body: { success: false, message } });
    expect(await ordersOf(token)).toEqual([]);
  });

  it('refuses empty orders, unknown products and sizes the shoe lacks', async () => {
    const { token } = await signUp(api().url);
    const shoe = shoes[0]!;
    const empty = await place(token, { address: VALID_ADDRESS, items: [] });
    expect(empty.body).toEqual({ success: false, message: 'items: Your cart is empty' });
    const unknown = await place(token, {
      address: VALID_ADDRESS,
      items: [{ _id: 'ghost', size: 'UK 8', quantity: 1 }],
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Product not found for ID: ghost' } });
    const size = await place(token, { address: VALID_ADDRESS, items: [copy(shoe, 'UK 99', 1)] });
    expect(size.status).toBe(400);
    const zero = await place(token, { address: VALID_ADDRESS, items: [copy(shoe, shoe.sizes[0]!, 0)] });
    expect(zero.body.message).toBe('items.0.quantity: item quantity must be at least 1');
    expect(await ordersOf(token)).toEqual([]);
  });

  it("never shows one shopper another's orders", async () => {
    const alice = await signUp(api().url);
    const bob = await signUp(api().url);
    const shoe = shoes[3]!;
    await place(alice.token, { address: VALID_ADDRESS, items: [copy(shoe, shoe.sizes[0]!, 1)] });
    expect(await ordersOf(bob.token)).toEqual([]);
    expect(await ordersOf(alice.token)).toHaveLength(1);
  });
});
