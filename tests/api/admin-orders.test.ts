import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_FEE } from '#domain/store-rules';
import { ADMIN, ADMIN_ENV, adminLogin } from '../support/back-office.js';
import { BACKENDS } from '../support/databases.js';
import { call } from '../support/http.js';
import {
  listProducts,
  signUp,
  useApi,
  VALID_ADDRESS,
  type CatalogProduct,
  type Shopper,
} from '../support/store-api.js';

// The admin contract's orders: POST /api/order/list (every shopper's, paged back in time, each page oldest first as the
// lineage's backend answers it) and POST /api/order/status
// (the lineage's statuses, each change kept).

interface ShopOrder {
  _id: string;
  userId: string;
  shopper: { _id: string; name: string; email: string | null };
  items: Array<{ _id: string; name: string; price: number; quantity: number; size: string; image: string[] }>;
  amount: number;
  address: Record<string, string>;
  status: string;
  paymentMethod: string;
  payment: boolean;
  date: number;
  statusHistory: Array<{ from: string; to: string; by: string; at: number }>;
}

describe.each(BACKENDS)("the shop's orders on %s", (backend) => {
  const api = useApi(backend, ADMIN_ENV);
  let admin: string;
  let shoes: CatalogProduct[];
  beforeAll(async () => {
    admin = await adminLogin(api().url);
    shoes = await listProducts(api().url);
  });

  const place = async (
    shopper: Shopper,
    shoe: CatalogProduct,
    quantity = 1,
    address: Record<string, string> = VALID_ADDRESS,
  ) => {
    const res = await call(
      api().url,
      'POST',
      '/api/order/place',
      { address, items: [{ _id: shoe._id, size: shoe.sizes[0], quantity }] },
      { token: shopper.token },
    );
    expect(res.status).toBe(201);
    return (res.body.order as { _id: string })._id;
  };
  const list = async (body: Record<string, unknown> = {}) => {
    const res = await call(api().url, 'POST', '/api/order/list', body, { headers: { token: admin } });
    expect(res.status).toBe(200);
    return res.body as { success: true; orders: ShopOrder[]; nextCursor: string | null };
  };
  const setStatus = (orderId: string, status: string) =>
    call(api().url, 'POST', '/api/order/status', { orderId, status }, { headers: { token: admin } });
  const statusSeenBy = async (shopper: Shopper, orderId: string) => {
    const res = await call(api().url, 'POST', '/api/order/userorders', {}, { token: shopper.token });
    return (res.body.orders as Array<{ _id: string; status: string }>).find((o) => o._id === orderId)?.status;
  };

  it("lists every shopper's orders oldest first, with the shopper, address, items, amount, status, payment and date", async () => {
    const asha = await signUp(api().url, 'Asha Rao');
    const ravi = await signUp(api().url, 'Ravi Menon');
    const first = await place(asha, shoes[0]!, 2);
    const second = await place(ravi, shoes[1]!, 1, { ...VALID_ADDRESS, firstName: 'Ravi', city: 'Kochi' });
    const { orders, nextCursor } = await list();
    expect(nextCursor).toBeNull();
    expect(orders.slice(-2).map((o) => o._id)).toEqual([first, second]);
    const [older, newest] = orders.slice(-2) as [ShopOrder, ShopOrder];
    expect(newest).toMatchObject({
      shopper: { name: 'Ravi Menon', email: ravi.email },
      address: { ...VALID_ADDRESS, firstName: 'Ravi', city: 'Kochi' },
      amount: shoes[1]!.price + DELIVERY_FEE,
      status: 'Order Placed',
      paymentMethod: 'COD',
      payment: false,
      statusHistory: [],
    });
    expect(newest.userId).toBe(newest.shopper._id);
    expect(older).toMatchObject({
      shopper: { name: 'Asha Rao', email: asha.email },
      amount: shoes[0]!.price * 2 + DELIVERY_FEE,
    });
    expect(older.items).toEqual([
      {
        _id: shoes[0]!._id,
        name: shoes[0]!.name,
        price: shoes[0]!.price,
        quantity: 2,
        size: shoes[0]!.sizes[0],
        image: shoes[0]!.image,
      },
    ]);
    expect(newest.date).toBeGreaterThanOrEqual(older.date);
    expect(newest.date).toBeGreaterThan(Date.now() - 60_000);
  });

  it('pages with a limit and a cursor, and answers every recent order when asked for none', async () => {
    const shopper = await signUp(api().url);
    const placed: string[] = [];
    for (const shoe of shoes.slice(0, 5)) placed.push(await place(shopper, shoe));
    const everything = (await list()).orders.map((o) => o._id);
    expect(everything.slice(-5)).toEqual(placed);

    // Each page is the newest orders before the cursor, oldest first: the pages, put before one another, are the list.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list({ limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.orders.length).toBeLessThanOrEqual(2);
      seen.unshift(...page.orders.map((o) => o._id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(everything);

    for (const [body, message] of [
      [{ limit: 0 }, 'limit: limit must be a whole number from 1 to 1000'],
      [{ limit: 1001 }, 'limit: limit must be a whole number from 1 to 1000'],
      [{ cursor: 'bm90IG9uZSBvZiBvdXJz' }, 'cursor is not one this API gave out'],
      [
        { status: 'Lost' },
        'Unknown status "Lost": use one of Order Placed, Packing, Shipped, Out for delivery, Delivered, Cancelled',
      ],
      [{ page: 2 }, 'Unknown field: page'],
    ] as const) {
      expect(
        await call(api().url, 'POST', '/api/order/list', body, { headers: { token: admin } }),
      ).toMatchObject({
        status: 400,
        body: { success: false, message },
      });
    }
  });

  it('moves an order through the statuses, keeps each change (who, when, from, to), and the shopper sees it', async () => {
    const shopper = await signUp(api().url);
    const orderId = await place(shopper, shoes[2]!);
    const before = Date.now();
    for (const status of ['Packing', 'Shipped', 'Out for delivery', 'Delivered', 'Shipped']) {
      expect(await setStatus(orderId, status)).toMatchObject({
        status: 200,
        body: { success: true, message: 'Status updated' },
      });
      expect(await statusSeenBy(shopper, orderId)).toBe(status);
    }
    const order = (await list()).orders.find((o) => o._id === orderId)!;
    expect(order.status).toBe('Shipped');
    expect(order.statusHistory.map(({ from, to, by }) => ({ from, to, by }))).toEqual([
      { from: 'Order Placed', to: 'Packing', by: ADMIN.email },
      { from: 'Packing', to: 'Shipped', by: ADMIN.email },
      { from: 'Shipped', to: 'Out for delivery', by: ADMIN.email },
      { from: 'Out for delivery', to: 'Delivered', by: ADMIN.email },
      { from: 'Delivered', to: 'Shipped', by: ADMIN.email },
    ]);
    for (const change of order.statusHistory) expect(change.at).toBeGreaterThanOrEqual(before);

    // The status it already has: answered, and nothing recorded.
    expect(await setStatus(orderId, 'Shipped')).toMatchObject({
      status: 200,
      body: { success: true, message: 'The order is already Shipped' },
    });
    expect((await list()).orders.find((o) => o._id === orderId)!.statusHistory).toHaveLength(5);
    expect((await list({ status: 'Shipped' })).orders.map((o) => o._id)).toContain(orderId);
    expect((await list({ status: 'Order Placed' })).orders.map((o) => o._id)).not.toContain(orderId);
  });

  it('refuses an unknown status or order with a clear message, and changes nothing', async () => {
    const shopper = await signUp(api().url);
    const orderId = await place(shopper, shoes[3]!);
    const cases = [
      [
        { orderId, status: 'shipped' },
        400,
        'Unknown status "shipped": use one of Order Placed, Packing, Shipped, Out for delivery, Delivered, Cancelled',
      ],
      [
        { orderId, status: 'Lost' },
        400,
        'Unknown status "Lost": use one of Order Placed, Packing, Shipped, Out for delivery, Delivered, Cancelled',
      ],
      [{ orderId: 'no-such-order', status: 'Shipped' }, 404, 'Order not found for ID: no-such-order'],
      [{ orderId }, 400, 'status: status is required'],
      [{ orderId, status: 'Shipped', note: 'x' }, 400, 'Unknown field: note'],
    ] as const;
    for (const [body, status, message] of cases) {
      expect(
        await call(api().url, 'POST', '/api/order/status', body, { headers: { token: admin } }),
      ).toMatchObject({
        status,
        body: { success: false, message },
      });
    }
    expect(await statusSeenBy(shopper, orderId)).toBe('Order Placed');
    expect((await list()).orders.find((o) => o._id === orderId)!.statusHistory).toEqual([]);
  });

  it('records concurrent changes as one chain, each with the status it replaced', async () => {
    const shopper = await signUp(api().url);
    const orderId = await place(shopper, shoes[4]!);
    const targets = ['Packing', 'Shipped', 'Out for delivery', 'Delivered', 'Packing', 'Shipped'];
    const answers = await Promise.all(targets.map((status) => setStatus(orderId, status)));
    for (const answer of answers) expect(answer.body.success).toBe(true);
    const order = (await list()).orders.find((o) => o._id === orderId)!;
    const history = order.statusHistory;
    expect(history.length).toBeGreaterThan(0);
    expect(history[0]!.from).toBe('Order Placed');
    for (let i = 1; i < history.length; i += 1) expect(history[i]!.from).toBe(history[i - 1]!.to);
    expect(history.at(-1)!.to).toBe(order.status);
  });
});

describe('admin refusals with FAILURES_AS_200', () => {
  const api = useApi('sqlite', { ...ADMIN_ENV, FAILURES_AS_200: 'true' });

  it("answers the admin calls' failures with status 200 and the same message", async () => {
    const admin = await adminLogin(api().url);
    expect(
      await call(
        api().url,
        'POST',
        '/api/order/status',
        { orderId: 'x', status: 'Lost' },
        { headers: { token: admin } },
      ),
    ).toMatchObject({
      status: 200,
      body: {
        success: false,
        message:
          'Unknown status "Lost": use one of Order Placed, Packing, Shipped, Out for delivery, Delivered, Cancelled',
      },
    });
    expect(await call(api().url, 'POST', '/api/order/list', {})).toMatchObject({
      status: 200,
      body: { success: false, message: 'Not authorized. Please sign in to the back office again.' },
    });
    expect(
      await call(api().url, 'POST', '/api/user/admin', { email: ADMIN.email, password: 'wrong password!' }),
    ).toMatchObject({
      status: 200,
      body: { success: false, message: 'Invalid email or password' },
    });
  });
});
