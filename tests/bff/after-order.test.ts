import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMoveRefusal, orderReference } from '#domain/order-life';
import { RETURN_POLICY_DAYS } from '#domain/store-rules';
import type { RunningService } from '../../scripts/service-process.js';
import { ADMIN_ENV, adminLogin } from '../support/back-office.js';
import { startBff, useStore } from '../support/bff-process.js';
import { codesOf, gql } from '../support/graphql.js';
import { call } from '../support/http.js';
import { startLineageBackend, type LineageBackend } from '../support/lineage-backend.js';
import { listProducts, VALID_ADDRESS, type CatalogProduct } from '../support/store-api.js';

// The order's life after it is placed, through GraphQL (issue 29): on our API the shopper sees its history and
// cancels or asks for a return within the rules; on a backend of the seed kind the orders offer no action and the
// calls say the store takes them offline.

const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) { token } }';
const PLACE = 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { id } } }';
const ORDER_FIELDS = `id reference status placedAt cancellable returnableUntil statusHistory { status at }
  items { productId size quantity exchangeSizes }
  returns { id productId size quantity kind reason exchangeSize status requestedAt updatedAt }`;
const MY_ORDERS = `{ myOrders { ${ORDER_FIELDS} } }`;
const CANCEL = `mutation($orderId: ID!) { cancelOrder(orderId: $orderId) { ${ORDER_FIELDS} } }`;
const RETURN = `mutation($input: ReturnRequestInput!) { requestReturn(input: $input) { ${ORDER_FIELDS} } }`;

interface ReturnView {
  id: string;
  productId: string;
  size: string;
  quantity: number;
  kind: 'RETURN' | 'EXCHANGE';
  reason: string;
  exchangeSize: string | null;
  status: string;
  requestedAt: string;
  updatedAt: string;
}

interface OrderView {
  id: string;
  reference: string;
  status: string;
  placedAt: string;
  cancellable: boolean;
  returnableUntil: string | null;
  statusHistory: Array<{ status: string; at: string }>;
  items: Array<{ productId: string; size: string; quantity: number; exchangeSizes: string[] }>;
  returns: ReturnView[];
}

async function signUp(bff: string): Promise<string> {
  const answer = await gql<{ register: { token: string } }>(bff, REGISTER, {
    input: { name: 'Asha Rao', email: `shopper-${randomUUID()}@example.com`, password: 'correct horse 1' },
  });
  expect(answer.errors).toBeUndefined();
  return answer.data!.register.token;
}

async function myOrders(bff: string, token: string): Promise<OrderView[]> {
  const answer = await gql<{ myOrders: OrderView[] }>(bff, MY_ORDERS, {}, { token });
  expect(answer.errors).toBeUndefined();
  return answer.data!.myOrders;
}

describe('after the order, on our API', () => {
  const store = useStore({ CATALOG_TTL_MS: '0' }, { ...ADMIN_ENV });
  const bff = () => store().bff.url;
  const api = () => store().api.url;
  let shoes: CatalogProduct[] = [];
  let admin = '';
  beforeAll(async () => {
    shoes = (await listProducts(api())).filter((shoe) => shoe.sizes.length >= 3);
    admin = await adminLogin(api());
  });

  async function placeOrder(token: string, shoe: CatalogProduct, quantity = 1): Promise<string> {
    const answer = await gql<{ placeOrder: { order: { id: string } } }>(
      bff(),
      PLACE,
      {
        input: {
          address: VALID_ADDRESS,
          lines: [{ productId: shoe._id, size: shoe.sizes[0], quantity }],
          idempotencyKey: randomUUID(),
        },
      },
      { token },
    );
    expect(answer.errors).toBeUndefined();
    return answer.data!.placeOrder.order.id;
  }

  async function moveTo(orderId: string, ...statuses: string[]): Promise<void> {
    for (const status of statuses) {
      const moved = await call(
        api(),
        'POST',
        '/api/order/status',
        { orderId, status },
        { headers: { token: admin } },
      );
      expect(moved.status).toBe(200);
    }
  }

  it("shows a placed order's reference and history, and cancels it once (a second cancel changes nothing)", async () => {
    const token = await signUp(bff());
    const orderId = await placeOrder(token, shoes[0]!);
    const [placed] = await myOrders(bff(), token);
    expect(placed).toMatchObject({
      id: orderId,
      reference: orderReference(orderId),
      status: 'Order Placed',
      cancellable: true,
      returnableUntil: null,
      returns: [],
      statusHistory: [{ status: 'Order Placed', at: placed!.placedAt }],
    });
    expect(placed!.items[0]!.exchangeSizes).toEqual([]);

    const cancelled = await gql<{ cancelOrder: OrderView }>(bff(), CANCEL, { orderId }, { token });
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data!.cancelOrder).toMatchObject({
      id: orderId,
      status: 'Cancelled',
      cancellable: false,
    });
    expect(cancelled.data!.cancelOrder.statusHistory.map((change) => change.status)).toEqual([
      'Order Placed',
      'Cancelled',
    ]);
    const again = await gql<{ cancelOrder: OrderView }>(bff(), CANCEL, { orderId }, { token });
    expect(again.errors).toBeUndefined();
    expect(again.data!.cancelOrder.statusHistory).toEqual(cancelled.data!.cancelOrder.statusHistory);
    // Never a stale answer: the shopper's orders read afresh show the cancellation.
    expect((await myOrders(bff(), token))[0]).toMatchObject({ status: 'Cancelled', cancellable: false });
  });

  it('refuses to cancel an order being packed, with the reason, and changes nothing', async () => {
    const token = await signUp(bff());
    const orderId = await placeOrder(token, shoes[1]!);
    await moveTo(orderId, 'Packing');
    const [packing] = await myOrders(bff(), token);
    expect(packing).toMatchObject({ status: 'Packing', cancellable: false });
    const refused = await gql(bff(), CANCEL, { orderId }, { token });
    expect(codesOf(refused)).toEqual(['BAD_USER_INPUT']);
    expect(refused.errors?.[0]?.message).toBe(orderMoveRefusal('Packing', 'Cancelled', 'shopper'));
    expect((await myOrders(bff(), token))[0]!.status).toBe('Packing');
  });

  it("keeps each shopper to their own orders: another's is not found, and neither answer is cached for the other", async () => {
    const asha = await signUp(bff());
    const ravi = await signUp(bff());
    const orderId = await placeOrder(asha, shoes[0]!);
    const foreign = await gql(bff(), CANCEL, { orderId }, { token: ravi });
    expect(codesOf(foreign)).toEqual(['NOT_FOUND']);
    expect(foreign.errors?.[0]?.message).toBe(`Order not found for ID: ${orderId}`);
    expect(await myOrders(bff(), ravi)).toEqual([]);
    expect((await myOrders(bff(), asha)).map((order) => order.id)).toEqual([orderId]);
    expect(await myOrders(bff(), ravi)).toEqual([]);
    expect(codesOf(await gql(bff(), CANCEL, { orderId }))).toEqual(['UNAUTHENTICATED']);
  });

  it('a delivered order can be returned or exchanged for a size in stock until its deadline, and says so', async () => {
    const token = await signUp(bff());
    const shoe = shoes[2]!;
    const orderId = await placeOrder(token, shoe, 2);
    // One of the other sizes sold out: an exchange is never offered into it.
    const [soldOutSize, ...inStock] = shoe.sizes.slice(1);
    const stocked = await call(
      api(),
      'POST',
      '/api/product/stock',
      { productId: shoe._id, size: soldOutSize, count: 0 },
      { headers: { token: admin } },
    );
    expect(stocked.status).toBe(200);
    const before = Date.now();
    await moveTo(orderId, 'Shipped', 'Delivered');

    const [delivered] = await myOrders(bff(), token);
    expect(delivered!.statusHistory.map((change) => change.status)).toEqual([
      'Order Placed',
      'Shipped',
      'Delivered',
    ]);
    const deadline = Date.parse(delivered!.returnableUntil!);
    const deliveredAt = Date.parse(delivered!.statusHistory[2]!.at);
    expect(deliveredAt).toBeGreaterThanOrEqual(before - 1000);
    expect(deadline - deliveredAt).toBe(RETURN_POLICY_DAYS * 24 * 60 * 60 * 1000);
    expect(delivered!.cancellable).toBe(false);
    expect(delivered!.items[0]!.exchangeSizes).toEqual(inStock);

    const line = { orderId, productId: shoe._id, size: shoe.sizes[0] };
    const badReason = await gql(
      bff(),
      RETURN,
      { input: { ...line, kind: 'RETURN', reason: 'Bored' } },
      { token },
    );
    expect(codesOf(badReason)).toEqual(['BAD_USER_INPUT']);
    expect(badReason.errors?.[0]?.message).toMatch(/^reason must be one of: Does not fit/);

    const exchanged = await gql<{ requestReturn: OrderView }>(
      bff(),
      RETURN,
      {
        input: {
          ...line,
          quantity: 1,
          kind: 'EXCHANGE',
          reason: 'Does not fit',
          exchangeSize: inStock[0],
          idempotencyKey: randomUUID(),
        },
      },
      { token },
    );
    expect(exchanged.errors).toBeUndefined();
    expect(exchanged.data!.requestReturn.returns).toEqual([
      expect.objectContaining({
        productId: shoe._id,
        size: shoe.sizes[0],
        quantity: 1,
        kind: 'EXCHANGE',
        reason: 'Does not fit',
        exchangeSize: inStock[0],
        status: 'REQUESTED',
      }),
    ]);
    const returned = await gql<{ requestReturn: OrderView }>(
      bff(),
      RETURN,
      { input: { ...line, kind: 'RETURN', reason: 'Arrived damaged' } },
      { token },
    );
    expect(returned.errors).toBeUndefined();
    expect(
      returned.data!.requestReturn.returns.map(({ kind, quantity, exchangeSize, size }) => ({
        kind,
        quantity,
        exchangeSize,
        size,
      })),
    ).toEqual([
      { kind: 'EXCHANGE', quantity: 1, exchangeSize: inStock[0], size: shoe.sizes[0] },
      { kind: 'RETURN', quantity: 1, exchangeSize: null, size: shoe.sizes[0] },
    ]);
    // Both pairs are in requests now: a third is refused with the store's reason.
    const third = await gql(
      bff(),
      RETURN,
      { input: { ...line, kind: 'RETURN', reason: 'Changed my mind' } },
      { token },
    );
    expect(codesOf(third)).toEqual(['BAD_USER_INPUT']);
    expect(third.errors?.[0]?.message).toMatch(/already in a return or exchange request/);
  });

  it('an order not yet delivered cannot be returned: the store says when it can', async () => {
    const token = await signUp(bff());
    const shoe = shoes[0]!;
    const orderId = await placeOrder(token, shoe);
    const refused = await gql(
      bff(),
      RETURN,
      {
        input: { orderId, productId: shoe._id, size: shoe.sizes[0], kind: 'RETURN', reason: 'Does not fit' },
      },
      { token },
    );
    expect(codesOf(refused)).toEqual(['BAD_USER_INPUT']);
    expect(refused.errors?.[0]?.message).toBe('You can ask for a return once the order is delivered.');
  });
});

describe('after the order, on a backend of the seed kind (no cancellations, no returns)', () => {
  let backend: LineageBackend;
  let bff: RunningService;
  beforeAll(async () => {
    backend = await startLineageBackend();
    bff = await startBff(backend.url, { API_TIMEOUT_MS: '1500', CATALOG_TTL_MS: '0' });
  });
  afterAll(async () => {
    await bff.stop();
    await backend.stop();
  });

  it('shows the orders with no action: not cancellable, no return window, the current status as the whole history', async () => {
    const token = await signUp(bff.url);
    const shoe = backend.products[0]!;
    const placed = await gql(
      bff.url,
      PLACE,
      {
        input: {
          address: VALID_ADDRESS,
          lines: [{ productId: shoe._id, size: shoe.sizes[0], quantity: 1 }],
          idempotencyKey: randomUUID(),
        },
      },
      { token },
    );
    expect(placed.errors).toBeUndefined();
    const [order] = await myOrders(bff.url, token);
    expect(order).toMatchObject({
      reference: orderReference(order!.id),
      status: 'Order Placed',
      cancellable: false,
      returnableUntil: null,
      returns: [],
      statusHistory: [{ status: 'Order Placed', at: order!.placedAt }],
    });
    expect(order!.items[0]!.exchangeSizes).toEqual([]);

    const cancel = await gql(bff.url, CANCEL, { orderId: order!.id }, { token });
    expect(codesOf(cancel)).toEqual(['NOT_SUPPORTED']);
    expect(cancel.errors?.[0]?.message).toMatch(/takes cancellations by phone or email/);
    const ask = await gql(
      bff.url,
      RETURN,
      {
        input: {
          orderId: order!.id,
          productId: shoe._id,
          size: shoe.sizes[0],
          kind: 'RETURN',
          reason: 'Does not fit',
        },
      },
      { token },
    );
    expect(codesOf(ask)).toEqual(['NOT_SUPPORTED']);
    expect(ask.errors?.[0]?.message).toMatch(/takes returns and exchanges by phone or email/);
    // The backend's orders are untouched.
    expect(backend.orders().at(-1)).toMatchObject({ status: 'Order Placed' });
  });
});
