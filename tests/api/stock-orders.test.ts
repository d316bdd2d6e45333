import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/src/db/database.js';
import { startApi, type RunningApi } from '../support/api-process.js';
import { BACKENDS, freshDatabaseEnv, openStoreDatabase } from '../support/databases.js';
import { call } from '../support/http.js';
import { readStockRows, setStockRows, stockKey } from '../support/stock-rows.js';
import {
  listProducts,
  signUp,
  TEST_JWT_SECRET,
  VALID_ADDRESS,
  type CatalogProduct,
} from '../support/store-api.js';

// Orders take stock (issue 28): in the transaction that stores the order, every line or none; the stock is set
// straight in the database, as the back office sets it.

describe.each(BACKENDS)('orders take stock on %s', (backend) => {
  let api: RunningApi;
  let store: StoreDatabase;
  let shoes: CatalogProduct[];
  /** Each test takes its own shoes, so one test's stock never meets another's. */
  let nextShoe = 0;
  const takeShoes = (n: number) => {
    const taken = shoes.slice(nextShoe, nextShoe + n);
    nextShoe += n;
    expect(taken).toHaveLength(n);
    return taken;
  };

  beforeAll(async () => {
    const env = { JWT_SECRET: TEST_JWT_SECRET, ...(await freshDatabaseEnv(backend)) };
    api = await startApi(env);
    store = openStoreDatabase(env, api.dataDir);
    shoes = (await listProducts(api.url)).filter((shoe) => shoe.sizes.length >= 2);
  });
  afterAll(async () => {
    await store.destroy();
    await api.stop();
  });

  const place = (token: string, lines: Array<[CatalogProduct, string, number]>, key?: string) =>
    call(
      api.url,
      'POST',
      '/api/order/place',
      { address: VALID_ADDRESS, items: lines.map(([shoe, size, quantity]) => ({ ...shoe, size, quantity })) },
      { token, headers: key === undefined ? {} : { 'idempotency-key': key } },
    );
  const ordersOf = async (token: string) =>
    (await call(api.url, 'POST', '/api/order/userorders', {}, { token })).body.orders as Array<{
      _id: string;
    }>;
  const cartOf = async (token: string) =>
    (await call(api.url, 'POST', '/api/cart/get', {}, { token })).body.cartData;
  const addToCart = (token: string, shoe: CatalogProduct, size: string) =>
    call(api.url, 'POST', '/api/cart/add', { itemId: shoe._id, size }, { token });
  const stockOf = async (shoe: CatalogProduct, size: string) =>
    (await readStockRows(store.db)).get(stockKey(shoe._id, size));
  const setStock = (shoe: CatalogProduct, size: string, quantity: number) =>
    setStockRows(store.db, [{ productId: shoe._id, size, quantity }]);
  const catalogVersion = async () =>
    (await call(api.url, 'GET', '/api/product/query?limit=0')).body.version as string;

  it('an order takes its pairs from each tracked size, and leaves the other sizes alone', async () => {
    const [a, b] = takeShoes(2);
    await setStockRows(store.db, [
      { productId: a!._id, size: a!.sizes[0]!, quantity: 5 },
      { productId: a!._id, size: a!.sizes[1]!, quantity: 5 },
      { productId: b!._id, size: b!.sizes[0]!, quantity: 7 },
    ]);
    const { token } = await signUp(api.url);
    const res = await place(token, [
      [a!, a!.sizes[0]!, 2],
      [b!, b!.sizes[0]!, 7],
    ]);
    expect(res.status).toBe(201);
    expect(await stockOf(a!, a!.sizes[0]!)).toBe(3);
    expect(await stockOf(a!, a!.sizes[1]!)).toBe(5);
    expect(await stockOf(b!, b!.sizes[0]!)).toBe(0);
  });

  it('refuses an order asking for more than is left with 409 OUT_OF_STOCK naming every short line, and changes nothing', async () => {
    const [low, gone, plenty, untracked] = takeShoes(4);
    const size = (shoe: CatalogProduct) => shoe.sizes[0]!;
    await setStockRows(store.db, [
      { productId: low!._id, size: size(low!), quantity: 1 },
      { productId: gone!._id, size: size(gone!), quantity: 0 },
      { productId: plenty!._id, size: size(plenty!), quantity: 10 },
    ]);
    const { token } = await signUp(api.url);
    for (const shoe of [low!, gone!, plenty!, untracked!]) await addToCart(token, shoe, size(shoe));
    const cartBefore = await cartOf(token);
    const versionBefore = await catalogVersion();

    const res = await place(token, [
      [plenty!, size(plenty!), 1],
      [low!, size(low!), 2],
      [untracked!, size(untracked!), 1],
      [gone!, size(gone!), 1],
    ]);
    expect(res.status).toBe(409);
    // The short lines in the order's own order, each with what it asked and what is left.
    expect(res.body).toEqual({
      success: false,
      code: 'OUT_OF_STOCK',
      message: `Only 1 left of ${low!.name}, ${size(low!)}; ${gone!.name}, ${size(gone!)} is sold out`,
      shortfalls: [
        { _id: low!._id, name: low!.name, size: size(low!), requested: 2, left: 1 },
        { _id: gone!._id, name: gone!.name, size: size(gone!), requested: 1, left: 0 },
      ],
    });
    expect(await ordersOf(token)).toEqual([]);
    expect(await cartOf(token)).toEqual(cartBefore);
    // No pair taken, not even from the lines it could have filled; nothing shown changed.
    expect(await stockOf(low!, size(low!))).toBe(1);
    expect(await stockOf(gone!, size(gone!))).toBe(0);
    expect(await stockOf(plenty!, size(plenty!))).toBe(10);
    expect(await stockOf(untracked!, size(untracked!))).toBeUndefined();
    expect(await catalogVersion()).toBe(versionBefore);

    // Fixed as the message says, the same cart's order goes through.
    const fixed = await place(token, [
      [plenty!, size(plenty!), 1],
      [low!, size(low!), 1],
      [untracked!, size(untracked!), 1],
    ]);
    expect(fixed.status).toBe(201);
    expect(await stockOf(low!, size(low!))).toBe(0);
    expect(await stockOf(plenty!, size(plenty!))).toBe(9);
  });

  it('is whole or nothing: one short line keeps every other line in stock', async () => {
    const [a, b, c] = takeShoes(3);
    await setStockRows(store.db, [
      { productId: a!._id, size: a!.sizes[0]!, quantity: 4 },
      { productId: b!._id, size: b!.sizes[0]!, quantity: 4 },
      { productId: c!._id, size: c!.sizes[0]!, quantity: 2 },
    ]);
    const { token } = await signUp(api.url);
    const lines: Array<[CatalogProduct, string, number]> = [
      [a!, a!.sizes[0]!, 2],
      [b!, b!.sizes[0]!, 2],
      [c!, c!.sizes[0]!, 3],
    ];
    const refused = await place(token, lines);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'OUT_OF_STOCK', message: `Only 2 left of ${c!.name}, ${c!.sizes[0]}` },
    });
    expect((refused.body.shortfalls as unknown[]).length).toBe(1);
    expect([
      await stockOf(a!, a!.sizes[0]!),
      await stockOf(b!, b!.sizes[0]!),
      await stockOf(c!, c!.sizes[0]!),
    ]).toEqual([4, 4, 2]);

    lines[2] = [c!, c!.sizes[0]!, 2];
    expect((await place(token, lines)).status).toBe(201);
    expect([
      await stockOf(a!, a!.sizes[0]!),
      await stockOf(b!, b!.sizes[0]!),
      await stockOf(c!, c!.sizes[0]!),
    ]).toEqual([2, 2, 0]);
  });

  it('sells a size the store does not count, whatever the other sizes have left', async () => {
    const [shoe] = takeShoes(1);
    const [counted, uncounted] = shoe!.sizes as [string, string];
    await setStock(shoe!, counted, 0);
    const { token } = await signUp(api.url);
    const res = await place(token, [[shoe!, uncounted, 5]]);
    expect(res.status).toBe(201);
    expect(await stockOf(shoe!, uncounted)).toBeUndefined();
    expect(await stockOf(shoe!, counted)).toBe(0);
  });

  it('answers a retried Idempotency-Key with the first order, taking no more stock, even once the size has sold out', async () => {
    const [shoe] = takeShoes(1);
    const size = shoe!.sizes[0]!;
    await setStock(shoe!, size, 2);
    const { token } = await signUp(api.url);
    const key = randomUUID();
    const first = await place(token, [[shoe!, size, 1]], key);
    expect(first.status).toBe(201);
    expect(await stockOf(shoe!, size)).toBe(1);

    const replay = await place(token, [[shoe!, size, 1]], key);
    expect(replay).toMatchObject({ status: 200, body: { success: true, message: 'Order already placed' } });
    expect((replay.body.order as { _id: string })._id).toBe((first.body.order as { _id: string })._id);
    expect(await stockOf(shoe!, size)).toBe(1);

    await setStock(shoe!, size, 0);
    const afterSellOut = await place(token, [[shoe!, size, 1]], key);
    expect(afterSellOut).toMatchObject({ status: 200, body: { message: 'Order already placed' } });
    expect(await stockOf(shoe!, size)).toBe(0);
    expect(await ordersOf(token)).toHaveLength(1);
  });

  it('takes stock once for one Idempotency-Key sent several times at once', async () => {
    const [shoe] = takeShoes(1);
    const size = shoe!.sizes[0]!;
    await setStock(shoe!, size, 5);
    const { token } = await signUp(api.url);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 4 }, () => place(token, [[shoe!, size, 2]], key)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(results.map((r) => (r.body.order as { _id: string })._id)).size).toBe(1);
    expect(await stockOf(shoe!, size)).toBe(3);
    expect(await ordersOf(token)).toHaveLength(1);
  });

  it('changes the catalogue version when an order leaves a size low, not while plenty is left', async () => {
    const [shoe] = takeShoes(1);
    const size = shoe!.sizes[0]!;
    await setStock(shoe!, size, 10);
    const { token } = await signUp(api.url);
    const start = await catalogVersion();
    expect((await place(token, [[shoe!, size, 2]])).status).toBe(201);
    // 8 left: nothing a shopper sees changed, every cached page stands.
    expect(await catalogVersion()).toBe(start);
    expect((await place(token, [[shoe!, size, 5]])).status).toBe(201);
    // 3 left: now "Only 3 left".
    const low = await catalogVersion();
    expect(low).not.toBe(start);
    expect((await place(token, [[shoe!, size, 3]])).status).toBe(201);
    // Sold out: shown differently again.
    expect(await catalogVersion()).not.toBe(low);
    expect(await stockOf(shoe!, size)).toBe(0);
  });

  it('a refused order undoes only itself: the carts and orders written at the same moment are all kept', async () => {
    const [scarce, free] = takeShoes(2);
    const size = scarce!.sizes[0]!;
    await setStock(scarce!, size, 0);
    const refusedShopper = await signUp(api.url);
    await addToCart(refusedShopper.token, scarce!, size);
    const others = await Promise.all(Array.from({ length: 12 }, () => signUp(api.url)));
    const buyers = others.slice(0, 6);
    const carters = others.slice(6);

    // Several rounds, each firing the refused order among the others' writes, so they meet in one commit turn.
    for (let round = 1; round <= 3; round += 1) {
      const results = await Promise.all([
        place(refusedShopper.token, [[scarce!, size, 1]]),
        ...buyers.map((buyer) => place(buyer.token, [[free!, free!.sizes[0]!, 1]])),
        ...carters.map((carter) => addToCart(carter.token, free!, free!.sizes[1]!)),
        place(refusedShopper.token, [[scarce!, size, 1]]),
      ]);
      expect(results[0].status).toBe(409);
      expect(results.at(-1)!.status).toBe(409);
      expect(results.slice(1, -1).map((r) => r.status)).toEqual([
        ...buyers.map(() => 201),
        ...carters.map(() => 200),
      ]);
      for (const buyer of buyers) expect(await ordersOf(buyer.token)).toHaveLength(round);
      for (const carter of carters)
        expect(await cartOf(carter.token)).toEqual({ [free!._id]: { [free!.sizes[1]!]: round } });
    }
    expect(await ordersOf(refusedShopper.token)).toEqual([]);
    expect(await cartOf(refusedShopper.token)).toEqual({ [scarce!._id]: { [size]: 1 } });
    // What the API answered is what the database holds, read by another connection.
    const stored = await store.db
      .selectFrom('orders')
      .select('id')
      .where('items', 'like', `%${free!._id}%`)
      .execute();
    expect(stored).toHaveLength(buyers.length * 3);
  });
});
