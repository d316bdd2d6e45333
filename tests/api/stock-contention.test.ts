import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/src/db/database.js';
import { startApi, type RunningApi } from '../support/api-process.js';
import { freshDatabaseEnv, openStoreDatabase, type Backend } from '../support/databases.js';
import { call, type JsonResponse } from '../support/http.js';
import { readStockRows, setStockRows, stockKey } from '../support/stock-rows.js';
import {
  listProducts,
  signUp,
  TEST_JWT_SECRET,
  VALID_ADDRESS,
  type CatalogProduct,
  type Shopper,
} from '../support/store-api.js';

// Many shoppers race for the last pairs (issue 28): exactly as many orders as there were pairs, every other shopper
// told plainly, stock exactly zero, nothing lost or duplicated. SQLite with its one API process; PostgreSQL with two
// API processes on one database, so the race is settled by the database's row locks, not by one process's turns.

const SHOPPERS = 30;
const PAIRS = 5;

const setups: Array<{ backend: Backend; processes: number }> = [
  { backend: 'sqlite', processes: 1 },
  { backend: 'postgres', processes: 2 },
];

describe.each(setups)(
  'the last pairs on $backend with $processes API process(es)',
  ({ backend, processes }) => {
    let apis: RunningApi[] = [];
    let store: StoreDatabase;
    let shoes: CatalogProduct[];
    let shoppers: Shopper[];
    /** Each shopper talks to one API process, in turn: on PostgreSQL, half of them to each. */
    const apiOf = (index: number) => apis[index % apis.length]!;

    beforeAll(async () => {
      const env = { JWT_SECRET: TEST_JWT_SECRET, ...(await freshDatabaseEnv(backend)) };
      const first = await startApi(env);
      // The second process opens the first one's database (the same PostgreSQL database).
      apis = [first, ...(await Promise.all(Array.from({ length: processes - 1 }, () => startApi(env))))];
      store = openStoreDatabase(env, first.dataDir);
      shoes = (await listProducts(first.url)).filter((shoe) => shoe.sizes.length >= 2);
      shoppers = await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => signUp(apiOf(i).url)));
    });
    afterAll(async () => {
      await store.destroy();
      await Promise.all(apis.map((api) => api.stop()));
    });

    const place = (index: number, lines: Array<[CatalogProduct, string]>) =>
      call(
        apiOf(index).url,
        'POST',
        '/api/order/place',
        { address: VALID_ADDRESS, items: lines.map(([shoe, size]) => ({ ...shoe, size, quantity: 1 })) },
        { token: shoppers[index]!.token },
      );
    const cartOf = async (index: number) =>
      (await call(apiOf(index).url, 'POST', '/api/cart/get', {}, { token: shoppers[index]!.token })).body
        .cartData as Record<string, Record<string, number>>;
    const addToCart = async (index: number, shoe: CatalogProduct, size: string) => {
      const res = await call(
        apiOf(index).url,
        'POST',
        '/api/cart/add',
        { itemId: shoe._id, size },
        { token: shoppers[index]!.token },
      );
      expect(res.status).toBe(200);
    };
    const storedOrdersOf = (shoe: CatalogProduct) =>
      store.db
        .selectFrom('orders')
        .select(['id', 'items'])
        .where('items', 'like', `%"_id":"${shoe._id}"%`)
        .execute();

    /** The race's outcome checked: winners' orders stored once each, losers refused plainly with their carts kept. */
    async function expectSettled(
      results: JsonResponse[],
      cartsBefore: Array<Record<string, Record<string, number>>>,
      refusal: string,
    ) {
      const won = results.flatMap((res, index) => (res.status === 201 ? [index] : []));
      const lost = results.flatMap((res, index) => (res.status === 409 ? [index] : []));
      expect(won).toHaveLength(PAIRS);
      expect(lost).toHaveLength(SHOPPERS - PAIRS);
      for (const index of lost) {
        expect(results[index]!.body).toMatchObject({
          success: false,
          code: 'OUT_OF_STOCK',
          message: refusal,
        });
        expect(await cartOf(index)).toEqual(cartsBefore[index]);
      }
      for (const index of won) expect(await cartOf(index)).toEqual({});
      return won.map((index) => (results[index]!.body.order as { _id: string })._id);
    }

    it(`sells the last ${PAIRS} pairs of a size to exactly ${PAIRS} of ${SHOPPERS} shoppers racing for them`, async () => {
      const shoe = shoes[0]!;
      const size = shoe.sizes[0]!;
      await setStockRows(store.db, [{ productId: shoe._id, size, quantity: PAIRS }]);
      await Promise.all(shoppers.map((_, index) => addToCart(index, shoe, size)));
      const cartsBefore = await Promise.all(shoppers.map((_, index) => cartOf(index)));

      const results = await Promise.all(shoppers.map((_, index) => place(index, [[shoe, size]])));
      const acknowledged = await expectSettled(results, cartsBefore, `${shoe.name}, ${size} is sold out`);
      expect(results.every((res) => res.status === 201 || res.status === 409)).toBe(true);
      for (const res of results.filter((r) => r.status === 409)) {
        expect(res.body.shortfalls).toEqual([
          { _id: shoe._id, name: shoe.name, size, requested: 1, left: 0 },
        ]);
      }

      expect((await readStockRows(store.db)).get(stockKey(shoe._id, size))).toBe(0);
      const stored = await storedOrdersOf(shoe);
      // Every acknowledged order stored exactly once, and no order that nobody was told about.
      expect(stored.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
    });

    it('fills orders naming two scarce sizes whole or not at all, whichever order they name them in', async () => {
      const [left, right] = [shoes[1]!, shoes[2]!];
      const [leftSize, rightSize] = [left.sizes[1]!, right.sizes[1]!];
      await setStockRows(store.db, [
        { productId: left._id, size: leftSize, quantity: PAIRS },
        { productId: right._id, size: rightSize, quantity: PAIRS },
      ]);
      const cartsBefore = await Promise.all(shoppers.map((_, index) => cartOf(index)));
      // Half name the lines one way round, half the other: without one lock order, PostgreSQL would see deadlocks.
      const results = await Promise.all(
        shoppers.map((_, index) =>
          place(
            index,
            index % 2 === 0
              ? [
                  [left, leftSize],
                  [right, rightSize],
                ]
              : [
                  [right, rightSize],
                  [left, leftSize],
                ],
          ),
        ),
      );
      const refusal = (index: number) => (index % 2 === 0 ? [left, right] : [right, left]);
      const won = results.flatMap((res, index) => (res.status === 201 ? [index] : []));
      expect(won).toHaveLength(PAIRS);
      for (const [index, res] of results.entries()) {
        if (res.status === 201) continue;
        expect(res.status).toBe(409);
        // Both lines are short: the refusal names both, in the order the shopper named them.
        const [first, second] = refusal(index);
        const sizeOf = (shoe: CatalogProduct) => (shoe === left ? leftSize : rightSize);
        expect(res.body.message).toBe(
          `${first!.name}, ${sizeOf(first!)} is sold out; ${second!.name}, ${sizeOf(second!)} is sold out`,
        );
        expect(await cartOf(index)).toEqual(cartsBefore[index]);
      }
      const stock = await readStockRows(store.db);
      expect([stock.get(stockKey(left._id, leftSize)), stock.get(stockKey(right._id, rightSize))]).toEqual([
        0, 0,
      ]);
      const stored = await storedOrdersOf(left);
      expect(stored.map((row) => row.id).sort()).toEqual(
        won.map((index) => (results[index]!.body.order as { _id: string })._id).sort(),
      );
      // Each stored order holds both lines.
      for (const row of stored) expect(row.items).toContain(right._id);
    });

    it('shows what is left of every size when shoppers take different sizes of one product at once', async () => {
      const shoe = shoes.find(
        (candidate) => candidate.sizes.length >= 4 && !shoes.slice(0, 4).includes(candidate),
      )!;
      // 4 pairs of each size, and two shoppers per size taking one each: every size ends at 2, "Only 2 left".
      await setStockRows(
        store.db,
        shoe.sizes.map((size) => ({ productId: shoe._id, size, quantity: 4 })),
      );
      const buyers = shoppers.slice(0, shoe.sizes.length * 2);
      const results = await Promise.all(
        buyers.map((_, index) => place(index, [[shoe, shoe.sizes[index % shoe.sizes.length]!]])),
      );
      expect(results.map((res) => res.status)).toEqual(buyers.map(() => 201));
      const row = await store.db
        .selectFrom('products')
        .select(['low_stock', 'sold_out'])
        .where('id', '=', shoe._id)
        .executeTakeFirstOrThrow();
      // Each order's view of the other sizes is the one after the orders before it committed, never an older one.
      expect(JSON.parse(row.low_stock ?? 'null')).toEqual(
        Object.fromEntries(shoe.sizes.map((size) => [size, 2])),
      );
      expect(row.sold_out).toBe(0);
    });

    // An import locks the catalogue version, then products; an order locks its stock and products, then the version
    // (when what shoppers see changes). Met head-on, PostgreSQL ends one of them with a deadlock: the order runs again.
    it.runIf(backend === 'postgres')(
      'places an order that met a catalogue write in a deadlock, by running it again',
      async () => {
        const shoe = shoes[3]!;
        const size = shoe.sizes[0]!;
        // 4 pairs: the order leaves 3, "Only 3 left", so it changes what is shown and needs the catalogue version.
        await setStockRows(store.db, [{ productId: shoe._id, size, quantity: 4 }]);
        const { order } = await store.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('catalog_state')
            .set((eb) => ({ revision: eb('revision', '+', 1) }))
            .where('id', '=', 1)
            .execute();
          // Wrapped: a promise returned as is would be awaited inside the transaction.
          const placing = { order: place(0, [[shoe, size]]) };
          // The order takes its stock and product, then waits for the version this transaction holds...
          await new Promise((resolve) => setTimeout(resolve, 300));
          // ...which now waits for the order's product: a cycle, which PostgreSQL breaks in the order that waited first.
          await trx
            .updateTable('products')
            .set({ description: 'Rewritten by an import' })
            .where('id', '=', shoe._id)
            .execute();
          return placing;
        });
        const placed = await order;
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
        expect((await readStockRows(store.db)).get(stockKey(shoe._id, size))).toBe(3);
      },
    );
  },
);
