import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/src/db/database.js';
import { CANCELLED_STATUS, ORDER_STATUSES } from '#domain/back-office';
import { canMoveOrder, orderMoveRefusal, orderReference, returnDeadline } from '#domain/order-life';
import { FIRST_ORDER_STATUS } from '#domain/store-rules';
import { startApi, type RunningApi } from '../support/api-process.js';
import { ADMIN, ADMIN_ENV, adminLogin } from '../support/back-office.js';
import { BACKENDS, freshDatabaseEnv, openStoreDatabase } from '../support/databases.js';
import { call } from '../support/http.js';
import { readStockRows, setStockRows, stockKey } from '../support/stock-rows.js';
import {
  listProducts,
  signUp,
  TEST_JWT_SECRET,
  VALID_ADDRESS,
  type CatalogProduct,
  type Shopper,
} from '../support/store-api.js';

// An order's life after it is placed (issue 29): the shopper cancels it or asks for a return or an exchange, the
// shop moves it as ORDER_TRANSITIONS allows and handles the requests; pairs go back to stock or leave it with them.

interface ReturnView {
  _id: string;
  productId: string;
  size: string;
  quantity: number;
  kind: string;
  reason: string;
  exchangeSize: string | null;
  status: string;
  requestedAt: number;
  updatedAt: number;
}

interface ShopperOrder {
  _id: string;
  status: string;
  items: Array<{ _id: string; size: string; quantity: number }>;
  reference: string;
  statusHistory: Array<{ status: string; at: number }>;
  cancellable: boolean;
  deliveredAt: number | null;
  returnableUntil: number | null;
  returns: ReturnView[];
}

interface ShopReturn extends ReturnView {
  orderId: string;
  reference: string;
  shopper: { _id: string; name: string; email: string | null };
  history: Array<{ from: string; to: string; by: string; at: number }>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(BACKENDS)("an order's life after it is placed, on %s", (backend) => {
  let api: RunningApi;
  let store: StoreDatabase;
  let admin: string;
  let shoes: CatalogProduct[];
  /** Each test takes its own shoes, so one test's stock never meets another's. */
  let nextShoe = 0;
  const takeShoe = () => {
    const shoe = shoes[nextShoe++];
    if (!shoe) throw new Error('Out of shoes for the tests');
    return shoe;
  };

  beforeAll(async () => {
    const env = { JWT_SECRET: TEST_JWT_SECRET, ...ADMIN_ENV, ...(await freshDatabaseEnv(backend)) };
    api = await startApi(env);
    store = openStoreDatabase(env, api.dataDir);
    admin = await adminLogin(api.url);
    shoes = (await listProducts(api.url)).filter((shoe) => shoe.sizes.length >= 3);
  });
  afterAll(async () => {
    await store.destroy();
    await api.stop();
  });

  const place = async (shopper: Shopper, lines: Array<[CatalogProduct, string, number]>) => {
    const items = lines.map(([shoe, size, quantity]) => ({ _id: shoe._id, size, quantity }));
    const res = await call(
      api.url,
      'POST',
      '/api/order/place',
      { address: VALID_ADDRESS, items },
      { token: shopper.token },
    );
    expect(res.status).toBe(201);
    return (res.body.order as { _id: string })._id;
  };
  const ordersOf = async (shopper: Shopper) => {
    const res = await call(api.url, 'POST', '/api/order/userorders', {}, { token: shopper.token });
    expect(res.status).toBe(200);
    return res.body.orders as ShopperOrder[];
  };
  const orderOf = async (shopper: Shopper, orderId: string) =>
    (await ordersOf(shopper)).find((o) => o._id === orderId)!;
  const setStatus = (orderId: string, status: string) =>
    call(api.url, 'POST', '/api/order/status', { orderId, status }, { headers: { token: admin } });
  const moveTo = async (orderId: string, status: string) =>
    expect((await setStatus(orderId, status)).status).toBe(200);
  const cancel = (shopper: Shopper, orderId: string) =>
    call(api.url, 'POST', '/api/order/cancel', { orderId }, { token: shopper.token });
  const askReturn = (shopper: Shopper, body: Record<string, unknown>, key?: string) =>
    call(api.url, 'POST', '/api/order/return', body, {
      token: shopper.token,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const listReturns = async (body: Record<string, unknown> = {}) => {
    const res = await call(api.url, 'POST', '/api/order/returns', body, { headers: { token: admin } });
    expect(res.status).toBe(200);
    return res.body as { success: true; returns: ShopReturn[]; nextCursor: string | null };
  };
  const act = (returnId: string, action: string) =>
    call(api.url, 'POST', '/api/order/return/status', { returnId, action }, { headers: { token: admin } });
  const stock = async (shoe: CatalogProduct, size: string) =>
    (await readStockRows(store.db)).get(stockKey(shoe._id, size));
  const deliveredOrder = async (shopper: Shopper, lines: Array<[CatalogProduct, string, number]>) => {
    const orderId = await place(shopper, lines);
    await moveTo(orderId, 'Delivered');
    return orderId;
  };
  const changeCount = async (orderId: string) =>
    (
      await store.db
        .selectFrom('order_status_changes')
        .select('seq')
        .where('order_id', '=', orderId)
        .execute()
    ).length;

  describe('the shopper’s orders', () => {
    it('carry a reference, the status history from the placement on, and whether the order may be cancelled', async () => {
      const shopper = await signUp(api.url);
      const shoe = takeShoe();
      const orderId = await place(shopper, [[shoe, shoe.sizes[0]!, 1]]);
      const placed = await orderOf(shopper, orderId);
      expect(placed).toMatchObject({
        reference: orderReference(orderId),
        status: FIRST_ORDER_STATUS,
        cancellable: true,
        deliveredAt: null,
        returnableUntil: null,
        returns: [],
      });
      expect(placed.statusHistory).toEqual([
        { status: FIRST_ORDER_STATUS, at: expect.any(Number) as number },
      ]);

      await moveTo(orderId, 'Packing');
      const packing = await orderOf(shopper, orderId);
      expect(packing.cancellable).toBe(false);
      expect(packing.statusHistory.map((h) => h.status)).toEqual([FIRST_ORDER_STATUS, 'Packing']);
      // Who in the shop moved it is never the shopper's to see.
      expect(JSON.stringify(packing)).not.toContain(ADMIN.email);
    });

    it('carry the last delivery and the return window while the order is Delivered, and none after it moves back', async () => {
      const shopper = await signUp(api.url);
      const shoe = takeShoe();
      const orderId = await place(shopper, [[shoe, shoe.sizes[0]!, 1]]);
      const before = Date.now();
      await moveTo(orderId, 'Delivered');
      const after = Date.now();
      const delivered = await orderOf(shopper, orderId);
      expect(delivered.deliveredAt).toBeGreaterThanOrEqual(before);
      expect(delivered.deliveredAt).toBeLessThanOrEqual(after);
      expect(delivered.returnableUntil).toBe(returnDeadline(delivered.deliveredAt!));
      expect(delivered.statusHistory.at(-1)).toEqual({ status: 'Delivered', at: delivered.deliveredAt });

      await moveTo(orderId, 'Shipped');
      expect(await orderOf(shopper, orderId)).toMatchObject({ deliveredAt: null, returnableUntil: null });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await moveTo(orderId, 'Delivered');
      const again = await orderOf(shopper, orderId);
      expect(again.deliveredAt).toBeGreaterThan(delivered.deliveredAt!);
      expect(again.statusHistory.map((h) => h.status)).toEqual([
        FIRST_ORDER_STATUS,
        'Delivered',
        'Shipped',
        'Delivered',
      ]);
    });
  });

  describe('cancelling', () => {
    it("puts the pairs of every line back, counted sizes to their counts and untracked ones untracked, and keeps the shopper's change", async () => {
      const shopper = await signUp(api.url);
      const shoe = takeShoe();
      const [counted, untracked] = shoe.sizes as [string, string];
      await setStockRows(store.db, [{ productId: shoe._id, size: counted, quantity: 2 }]);
      const orderId = await place(shopper, [
        [shoe, counted, 2],
        [shoe, untracked, 3],
      ]);
      expect(await stock(shoe, counted)).toBe(0);
      const single = async () =>
        (await call(api.url, 'POST', '/api/product/single', { productId: shoe._id })).body.product as {
          lowStock?: Record<string, number>;
        };
      expect((await single()).lowStock).toEqual({ [counted]: 0 });

      const res = await cancel(shopper, orderId);
      expect(res).toMatchObject({
        status: 200,
        body: { success: true, message: 'Order cancelled', order: { _id: orderId, status: 'Cancelled' } },
      });
      expect((res.body.order as ShopperOrder).cancellable).toBe(false);
      expect(await stock(shoe, counted)).toBe(2);
      expect(await stock(shoe, untracked)).toBeUndefined();
      expect((await single()).lowStock).toEqual({ [counted]: 2 });
      const changes = await store.db
        .selectFrom('order_status_changes')
        .selectAll()
        .where('order_id', '=', orderId)
        .execute();
      expect(changes.map((c) => [c.from_status, c.to_status, c.changed_by])).toEqual([
        [FIRST_ORDER_STATUS, 'Cancelled', 'shopper'],
      ]);

      // Twice is once: the pairs go back one time.
      expect(await cancel(shopper, orderId)).toMatchObject({
        status: 200,
        body: { success: true, message: 'Order already cancelled' },
      });
      expect(await stock(shoe, counted)).toBe(2);
    });

    it("refuses another shopper's order as not found, and an order being packed with the table's reason; nothing changes", async () => {
      const [owner, other] = [await signUp(api.url), await signUp(api.url)];
      const shoe = takeShoe();
      await setStockRows(store.db, [{ productId: shoe._id, size: shoe.sizes[0]!, quantity: 10 }]);
      const orderId = await place(owner, [[shoe, shoe.sizes[0]!, 4]]);
      expect(await cancel(other, orderId)).toMatchObject({
        status: 404,
        body: { success: false, message: `Order not found for ID: ${orderId}` },
      });
      await moveTo(orderId, 'Packing');
      expect(await cancel(owner, orderId)).toMatchObject({
        status: 409,
        body: { success: false, message: orderMoveRefusal('Packing', CANCELLED_STATUS, 'shopper') },
      });
      expect((await orderOf(owner, orderId)).status).toBe('Packing');
      expect(await stock(shoe, shoe.sizes[0]!)).toBe(6);
      expect(await changeCount(orderId)).toBe(1);
    });

    it('lets the shop cancel until the order ships, with its pairs back, and never moves a cancelled order', async () => {
      const shopper = await signUp(api.url);
      const shoe = takeShoe();
      const size = shoe.sizes[1]!;
      await setStockRows(store.db, [{ productId: shoe._id, size, quantity: 5 }]);
      const packed = await place(shopper, [[shoe, size, 2]]);
      await moveTo(packed, 'Packing');
      expect(await setStatus(packed, 'Cancelled')).toMatchObject({
        status: 200,
        body: { success: true, message: 'Status updated' },
      });
      expect(await stock(shoe, size)).toBe(5);
      expect(await setStatus(packed, 'Packing')).toMatchObject({
        status: 409,
        body: { success: false, message: 'This order was cancelled: it cannot change any more.' },
      });

      const shipped = await place(shopper, [[shoe, size, 1]]);
      await moveTo(shipped, 'Shipped');
      expect(await setStatus(shipped, 'Cancelled')).toMatchObject({
        status: 409,
        body: { success: false, message: orderMoveRefusal('Shipped', CANCELLED_STATUS, 'shop') },
      });
      expect(await stock(shoe, size)).toBe(4);
    });

    it('puts the pairs back once when the shopper and the shop cancel at the same moment', async () => {
      const shopper = await signUp(api.url);
      const shoe = takeShoe();
      const size = shoe.sizes[2]!;
      await setStockRows(store.db, [{ productId: shoe._id, size, quantity: 10 }]);
      for (let round = 0; round < 3; round += 1) {
        const orderId = await place(shopper, [[shoe, size, 3]]);
        const answers = await Promise.all([
          cancel(shopper, orderId),
          setStatus(orderId, 'Cancelled'),
          cancel(shopper, orderId),
        ]);
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
        expect(await stock(shoe, size)).toBe(10);
        expect(await changeCount(orderId)).toBe(1);
      }
    });

    it('walks every (from, to) pair through the back office and the shopper’s cancel: allowed ones move, refused ones change nothing', async () => {
      const shopper = await signUp(api.url);
      const shoe = takeShoe();
      const size = shoe.sizes[0]!;
      await setStockRows(store.db, [{ productId: shoe._id, size, quantity: 1000 }]);
      const orderAt = async (status: string) => {
        const orderId = await place(shopper, [[shoe, size, 1]]);
        if (status !== FIRST_ORDER_STATUS) await moveTo(orderId, status);
        return orderId;
      };
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          const orderId = await orderAt(from);
          const [pairs, changes] = [await stock(shoe, size), await changeCount(orderId)];
          const res = await setStatus(orderId, to);
          const what = `${from} → ${to}`;
          if (from === to) {
            expect(res.body, what).toMatchObject({ success: true, message: `The order is already ${to}` });
          } else if (canMoveOrder(from, to, 'shop')) {
            expect(res.body, what).toMatchObject({ success: true, message: 'Status updated' });
            expect((await orderOf(shopper, orderId)).status, what).toBe(to);
            expect(await stock(shoe, size), what).toBe(to === CANCELLED_STATUS ? pairs! + 1 : pairs);
            continue;
          } else {
            expect(res, what).toMatchObject({
              status: 409,
              body: { success: false, message: orderMoveRefusal(from, to, 'shop') },
            });
          }
          expect((await orderOf(shopper, orderId)).status, what).toBe(from);
          expect(await stock(shoe, size), what).toBe(pairs);
          expect(await changeCount(orderId), what).toBe(changes);
        }

        const orderId = await orderAt(from);
        const [pairs, changes] = [await stock(shoe, size), await changeCount(orderId)];
        const res = await cancel(shopper, orderId);
        const what = `shopper cancels from ${from}`;
        if (from === CANCELLED_STATUS) {
          expect(res.body, what).toMatchObject({ success: true, message: 'Order already cancelled' });
        } else if (canMoveOrder(from, CANCELLED_STATUS, 'shopper')) {
          expect(res.body, what).toMatchObject({ success: true, message: 'Order cancelled' });
          expect(await stock(shoe, size), what).toBe(pairs! + 1);
          continue;
        } else {
          expect(res, what).toMatchObject({
            status: 409,
            body: { message: orderMoveRefusal(from, CANCELLED_STATUS, 'shopper') },
          });
        }
        expect((await orderOf(shopper, orderId)).status, what).toBe(from);
        expect(await stock(shoe, size), what).toBe(pairs);
        expect(await changeCount(orderId), what).toBe(changes);
      }
    });
  });

  describe('asking for a return or an exchange', () => {
    it('asks for every pair of a line by default, shows the request in the order, and refuses a second for the same pairs', async () => {
      const shopper = await signUp(api.url, 'Kavya Nair');
      const shoe = takeShoe();
      const size = shoe.sizes[0]!;
      const orderId = await deliveredOrder(shopper, [[shoe, size, 2]]);
      const res = await askReturn(shopper, {
        orderId,
        productId: shoe._id,
        size,
        kind: 'return',
        reason: 'Does not fit',
      });
      expect(res).toMatchObject({
        status: 201,
        body: { success: true, message: 'Return requested', order: { _id: orderId } },
      });
      const order = res.body.order as ShopperOrder;
      expect(order.returns).toEqual([
        {
          _id: expect.any(String) as string,
          productId: shoe._id,
          size,
          quantity: 2,
          kind: 'return',
          reason: 'Does not fit',
          exchangeSize: null,
          status: 'Requested',
          requestedAt: expect.any(Number) as number,
          updatedAt: order.returns[0]!.requestedAt,
        },
      ]);
      expect((await orderOf(shopper, orderId)).returns).toEqual(order.returns);
      expect(
        await askReturn(shopper, {
          orderId,
          productId: shoe._id,
          size,
          kind: 'return',
          reason: 'Does not fit',
        }),
      ).toMatchObject({
        status: 409,
        body: {
          success: false,
          message: 'Every pair of this item is already in a return or exchange request.',
        },
      });

      const { returns } = await listReturns();
      expect(returns[0]).toMatchObject({
        _id: order.returns[0]!._id,
        orderId,
        reference: orderReference(orderId),
        shopper: { name: 'Kavya Nair', email: shopper.email },
        history: [],
      });
    });

    it('asks for part of a line, then the rest, and refuses more than is left', async () => {
      const shopper = await signUp(api.url);
      const shoe = takeShoe();
      const size = shoe.sizes[1]!;
      const orderId = await deliveredOrder(shopper, [[shoe, size, 3]]);
      const base = { orderId, productId: shoe._id, size, kind: 'return', reason: 'Changed my mind' };
      expect((await askReturn(shopper, { ...base, quantity: 1 })).status).toBe(201);
      expect(await askReturn(shopper, { ...base, quantity: 3 })).toMatchObject({
        status: 409,
        body: { message: 'Only 2 pairs of this item can still be returned or exchanged.' },
      });
      const rest = await askReturn(shopper, base);
      expect(rest.status).toBe(201);
      expect((rest.body.order as ShopperOrder).returns.map((r) => r.quantity)).toEqual([1, 2]);

      // A refused request holds no pairs: they may be asked for again.
      const refused = (rest.body.order as ShopperOrder).returns[1]!;
      expect((await act(refused._id, 'refuse')).status).toBe(200);
      const again = await askReturn(shopper, base);
      expect(again.status).toBe(201);
      expect((again.body.order as ShopperOrder).returns.map((r) => [r.quantity, r.status])).toEqual([
        [1, 'Requested'],
        [2, 'Refused'],
        [2, 'Requested'],
      ]);
    });

    it('refuses before delivery, after the window closed, for a cancelled order, and for another shopper’s order', async () => {
      const [shopper, other] = [await signUp(api.url), await signUp(api.url)];
      const shoe = takeShoe();
      const size = shoe.sizes[0]!;
      const orderId = await place(shopper, [[shoe, size, 1]]);
      const body = { orderId, productId: shoe._id, size, kind: 'return', reason: 'Arrived damaged' };
      await moveTo(orderId, 'Out for delivery');
      expect(await askReturn(shopper, body)).toMatchObject({
        status: 409,
        body: { success: false, message: 'You can ask for a return once the order is delivered.' },
      });
      await moveTo(orderId, 'Delivered');
      expect(await askReturn(other, body)).toMatchObject({
        status: 404,
        body: { message: `Order not found for ID: ${orderId}` },
      });

      // Delivered eight days ago, as far as the store knows.
      const deliveredAt = Date.now() - 8 * DAY_MS;
      await store.db
        .updateTable('order_status_changes')
        .set({ changed_at: deliveredAt })
        .where('order_id', '=', orderId)
        .where('to_status', '=', 'Delivered')
        .execute();
      const closedOn = new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'short',
        timeZone: 'Asia/Kolkata',
      }).format(returnDeadline(deliveredAt));
      expect(await orderOf(shopper, orderId)).toMatchObject({
        deliveredAt,
        returnableUntil: returnDeadline(deliveredAt),
      });
      expect(await askReturn(shopper, body)).toMatchObject({
        status: 409,
        body: { success: false, message: `The return window for this order closed on ${closedOn}.` },
      });

      const cancelled = await place(shopper, [[shoe, size, 1]]);
      expect((await cancel(shopper, cancelled)).status).toBe(200);
      expect(await askReturn(shopper, { ...body, orderId: cancelled })).toMatchObject({ status: 409 });
      expect((await orderOf(shopper, orderId)).returns).toEqual([]);
    });

    it('asks for an exchange into another size the shoe has in stock (or does not count), and refuses any other', async () => {
      const shopper = await signUp(api.url);
      const shoe = takeShoe();
      const [size, soldOut, spare] = shoe.sizes as [string, string, string];
      await setStockRows(store.db, [{ productId: shoe._id, size: soldOut, quantity: 0 }]);
      const orderId = await deliveredOrder(shopper, [[shoe, size, 1]]);
      const base = { orderId, productId: shoe._id, size, kind: 'exchange', reason: 'Does not fit' };
      for (const [body, status, message] of [
        [base, 400, 'exchangeSize is required for an exchange: the size you want instead'],
        [{ ...base, kind: 'return', exchangeSize: spare }, 400, 'exchangeSize is only for an exchange'],
        [{ ...base, exchangeSize: size }, 400, 'exchangeSize must be another size than the one ordered'],
        [
          { ...base, exchangeSize: 'XXL-9' },
          400,
          `${shoe.name} has no size "XXL-9"; its sizes are ${shoe.sizes.map((s) => JSON.stringify(s)).join(', ')}`,
        ],
        [{ ...base, exchangeSize: soldOut }, 409, `${shoe.name}, ${soldOut} is sold out`],
        [
          { ...base, size: spare, exchangeSize: size },
          400,
          `This order has no item "${shoe._id}" in size "${spare}"`,
        ],
      ] as const) {
        expect(await askReturn(shopper, body), JSON.stringify(body)).toMatchObject({
          status,
          body: { success: false, message },
        });
      }
      const res = await askReturn(shopper, { ...base, exchangeSize: spare });
      expect(res).toMatchObject({ status: 201, body: { success: true, message: 'Exchange requested' } });
      expect((res.body.order as ShopperOrder).returns).toMatchObject([
        { kind: 'exchange', size, exchangeSize: spare, quantity: 1 },
      ]);
    });

    it('answers a retry under the same Idempotency-Key with the first request, and refuses the key for another request', async () => {
      const shopper = await signUp(api.url);
      const shoe = takeShoe();
      const size = shoe.sizes[0]!;
      const orderId = await deliveredOrder(shopper, [[shoe, size, 2]]);
      const body = {
        orderId,
        productId: shoe._id,
        size,
        quantity: 1,
        kind: 'return',
        reason: 'Not as pictured',
      };
      const key = `return-${orderId}`;
      expect((await askReturn(shopper, body, key)).status).toBe(201);
      expect(await askReturn(shopper, body, key)).toMatchObject({
        status: 200,
        body: { success: true, message: 'Return requested' },
      });
      expect((await orderOf(shopper, orderId)).returns).toHaveLength(1);
      expect(await askReturn(shopper, { ...body, reason: 'Changed my mind' }, key)).toMatchObject({
        status: 409,
        body: { message: 'This Idempotency-Key was already used for a different request' },
      });
      expect(await askReturn(shopper, body, 'bad key!')).toMatchObject({ status: 400 });
    });

    it('takes one of two requests sent at once for every pair of a line, and refuses the other', async () => {
      const shopper = await signUp(api.url);
      const shoe = takeShoe();
      const size = shoe.sizes[0]!;
      const orderId = await deliveredOrder(shopper, [[shoe, size, 2]]);
      const body = { orderId, productId: shoe._id, size, kind: 'return', reason: 'Does not fit' };
      const answers = await Promise.all(Array.from({ length: 4 }, () => askReturn(shopper, body)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
      expect((await orderOf(shopper, orderId)).returns.map((r) => r.quantity)).toEqual([2]);
    });

    it('refuses a body that is not exactly the contract’s, before it looks anything up', async () => {
      const shopper = await signUp(api.url);
      const base = { orderId: 'x', productId: 'p', size: '8', kind: 'return', reason: 'Does not fit' };
      for (const [body, message] of [
        [{ ...base, note: 'hi' }, 'Unknown field: note'],
        [
          { ...base, reason: 'Too pricey' },
          'reason: reason must be one of Does not fit, Not as pictured, Arrived damaged, Wrong item sent, Changed my mind',
        ],
        [{ ...base, kind: 'refund' }, 'kind: kind must be one of return, exchange'],
        [{ ...base, quantity: 0 }, 'quantity: quantity must be a whole number from 1 to 99'],
        [{ ...base, quantity: 1.5 }, 'quantity: quantity must be a whole number from 1 to 99'],
        [{ ...base, orderId: 'o'.repeat(101) }, 'orderId: orderId is too long'],
        [{ ...base, orderId: undefined }, 'orderId: orderId is required'],
      ] as const) {
        expect(await askReturn(shopper, body), message).toMatchObject({
          status: 400,
          body: { success: false, message },
        });
      }
      expect(await cancel(shopper, 'o'.repeat(101))).toMatchObject({
        status: 400,
        body: { message: 'orderId: orderId is too long' },
      });
      expect(
        await call(api.url, 'POST', '/api/order/cancel', { orderId: 'x', also: 1 }, { token: shopper.token }),
      ).toMatchObject({
        status: 400,
        body: { message: 'Unknown field: also' },
      });
    });
  });

  describe("the shop's handling of requests", () => {
    it('approves an exchange taking its pairs, marks the item received putting the ordered pairs back, and closes it', async () => {
      const shopper = await signUp(api.url);
      const shoe = takeShoe();
      const [size, wanted] = shoe.sizes as [string, string];
      await setStockRows(store.db, [
        { productId: shoe._id, size, quantity: 5 },
        { productId: shoe._id, size: wanted, quantity: 4 },
      ]);
      const orderId = await deliveredOrder(shopper, [[shoe, size, 2]]);
      expect(await stock(shoe, size)).toBe(3);
      const asked = await askReturn(shopper, {
        orderId,
        productId: shoe._id,
        size,
        kind: 'exchange',
        reason: 'Does not fit',
        exchangeSize: wanted,
      });
      const returnId = (asked.body.order as ShopperOrder).returns[0]!._id;

      expect(await act(returnId, 'received')).toMatchObject({
        status: 409,
        body: {
          success: false,
          message: 'Only an Approved request can be marked received: this one is Requested.',
        },
      });
      const approved = await act(returnId, 'approve');
      expect(approved).toMatchObject({
        status: 200,
        body: { success: true, message: 'Exchange approved', return: { _id: returnId, status: 'Approved' } },
      });
      expect(await stock(shoe, wanted)).toBe(2);
      expect(await act(returnId, 'approve')).toMatchObject({
        status: 200,
        body: { success: true, message: 'The return is already Approved' },
      });
      expect(await stock(shoe, wanted)).toBe(2);
      expect(await act(returnId, 'refuse')).toMatchObject({ status: 409 });

      expect(await act(returnId, 'received')).toMatchObject({
        status: 200,
        body: { return: { status: 'Received' } },
      });
      expect(await stock(shoe, size)).toBe(5);
      const closed = await act(returnId, 'close');
      expect(closed).toMatchObject({ status: 200, body: { return: { status: 'Closed' } } });
      const history = (closed.body.return as ShopReturn).history;
      expect(history.map((h) => [h.from, h.to, h.by])).toEqual([
        ['Requested', 'Approved', ADMIN.email],
        ['Approved', 'Received', ADMIN.email],
        ['Received', 'Closed', ADMIN.email],
      ]);
      expect((await orderOf(shopper, orderId)).returns[0]).toMatchObject({ status: 'Closed' });
    });

    it('refuses to approve an exchange the stock cannot fill, and the request stays as it was', async () => {
      const shopper = await signUp(api.url);
      const shoe = takeShoe();
      const [size, wanted] = shoe.sizes as [string, string];
      await setStockRows(store.db, [{ productId: shoe._id, size: wanted, quantity: 1 }]);
      const orderId = await deliveredOrder(shopper, [[shoe, size, 1]]);
      const asked = await askReturn(shopper, {
        orderId,
        productId: shoe._id,
        size,
        kind: 'exchange',
        reason: 'Does not fit',
        exchangeSize: wanted,
      });
      const returnId = (asked.body.order as ShopperOrder).returns[0]!._id;
      await setStockRows(store.db, [{ productId: shoe._id, size: wanted, quantity: 0 }]);
      expect(await act(returnId, 'approve')).toMatchObject({
        status: 409,
        body: { success: false, message: `${shoe.name}, ${wanted} is sold out`, code: 'OUT_OF_STOCK' },
      });
      expect((await orderOf(shopper, orderId)).returns[0]).toMatchObject({ status: 'Requested' });
      expect(await stock(shoe, wanted)).toBe(0);
    });

    it('lists every request newest first, by status, a page at a time; refuses unknown requests, actions and fields', async () => {
      const shopper = await signUp(api.url);
      const shoe = takeShoe();
      const size = shoe.sizes[0]!;
      const orderId = await deliveredOrder(shopper, [[shoe, size, 3]]);
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await askReturn(shopper, {
          orderId,
          productId: shoe._id,
          size,
          quantity: 1,
          kind: 'return',
          reason: 'Wrong item sent',
        });
        ids.push((res.body.order as ShopperOrder).returns.at(-1)!._id);
      }
      expect((await listReturns()).returns.slice(0, 3).map((r) => r._id)).toEqual([...ids].reverse());
      await act(ids[1]!, 'refuse');
      expect((await listReturns({ status: 'Refused' })).returns.map((r) => r._id)).toContain(ids[1]);
      expect((await listReturns({ status: 'Refused' })).returns.every((r) => r.status === 'Refused')).toBe(
        true,
      );

      const everything = (await listReturns()).returns.map((r) => r._id);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await listReturns({ limit: 2, ...(cursor ? { cursor } : {}) });
        expect(page.returns.length).toBeLessThanOrEqual(2);
        seen.push(...page.returns.map((r) => r._id));
        cursor = page.nextCursor;
      } while (cursor !== null);
      expect(seen).toEqual(everything);

      for (const [path, body, status, message] of [
        [
          '/api/order/returns',
          { status: 'Lost' },
          400,
          'status: status must be one of Requested, Approved, Refused, Received, Closed',
        ],
        ['/api/order/returns', { limit: 0 }, 400, 'limit: limit must be a whole number from 1 to 1000'],
        ['/api/order/returns', { cursor: 'bm9wZQ' }, 400, 'cursor is not one this API gave out'],
        [
          '/api/order/return/status',
          { returnId: 'nope', action: 'approve' },
          404,
          'Return not found for ID: nope',
        ],
        [
          '/api/order/return/status',
          { returnId: ids[0], action: 'refund' },
          400,
          'action: action must be one of approve, refuse, received, close',
        ],
        [
          '/api/order/return/status',
          { returnId: ids[0], action: 'close', by: 'me' },
          400,
          'Unknown field: by',
        ],
      ] as const) {
        expect(await call(api.url, 'POST', path, body, { headers: { token: admin } }), path).toMatchObject({
          status,
          body: { success: false, message },
        });
      }
    });

    it('lets only the administrator list and act on requests, and only a shopper cancel or ask', async () => {
      const shopper = await signUp(api.url);
      for (const path of ['/api/order/returns', '/api/order/return/status']) {
        expect((await call(api.url, 'POST', path, {})).status, path).toBe(401);
        expect((await call(api.url, 'POST', path, {}, { token: shopper.token })).status, path).toBe(401);
      }
      for (const path of ['/api/order/cancel', '/api/order/return']) {
        expect((await call(api.url, 'POST', path, {})).status, path).toBe(401);
        expect((await call(api.url, 'POST', path, {}, { headers: { token: admin } })).status, path).toBe(401);
      }
    });
  });
});
