import { describe, expect, it } from 'vitest';
import { orderReference } from '#domain/order-life';
import { ordersAnswerSchema, type RestOrder } from '../rest/answer-shapes.js';
import { exchangeSizesOf, orderLifeResolvers, withinReturnWindow } from './order-life.js';
import { toCatalogProduct } from '../catalog/product.js';

const DAY = 24 * 60 * 60 * 1000;
const base = {
  _id: '65f2a1c0ffee',
  items: [],
  status: 'Delivered',
  paymentMethod: 'COD',
  date: 1_700_000_000_000,
};

function readOrder(order: Record<string, unknown>): RestOrder {
  const [parsed] = ordersAnswerSchema.parse({ success: true, orders: [order] });
  return parsed!;
}

// The resolvers are plain functions of the order here (no context, no arguments needed).
const resolve = (field: keyof typeof orderLifeResolvers, order: RestOrder): unknown =>
  (orderLifeResolvers[field] as unknown as (order: RestOrder) => unknown)(order);

describe("an order's life as the BFF reads it", () => {
  it("reads our API's extras: history, cancellable, deadline and the returns it can read", () => {
    const order = readOrder({
      ...base,
      reference: '#65F2A1C0',
      statusHistory: [
        { status: 'Order Placed', at: base.date },
        { status: 'Delivered', at: base.date + DAY },
      ],
      cancellable: false,
      deliveredAt: base.date + DAY,
      returnableUntil: base.date + 8 * DAY,
      returns: [
        {
          _id: 'r1',
          productId: 'p1',
          size: '8',
          quantity: 1,
          kind: 'exchange',
          reason: 'Does not fit',
          exchangeSize: '9',
          status: 'Approved',
          requestedAt: base.date + 2 * DAY,
          updatedAt: base.date + 3 * DAY,
        },
        // A request the BFF cannot read is left out, never the order with it.
        { _id: 'r2', kind: 'swap' },
      ],
    });
    expect(resolve('reference', order)).toBe('#65F2A1C0');
    expect(resolve('statusHistory', order)).toEqual([
      { status: 'Order Placed', at: new Date(base.date).toISOString() },
      { status: 'Delivered', at: new Date(base.date + DAY).toISOString() },
    ]);
    expect(resolve('cancellable', order)).toBe(false);
    expect(resolve('returnableUntil', order)).toBe(new Date(base.date + 8 * DAY).toISOString());
    expect(resolve('returns', order)).toEqual([
      {
        id: 'r1',
        productId: 'p1',
        size: '8',
        quantity: 1,
        kind: 'EXCHANGE',
        reason: 'Does not fit',
        exchangeSize: '9',
        status: 'APPROVED',
        requestedAt: new Date(base.date + 2 * DAY).toISOString(),
        updatedAt: new Date(base.date + 3 * DAY).toISOString(),
      },
    ]);
  });

  it('an order without them (a backend of the seed kind) offers nothing, and a malformed extra counts as absent', () => {
    for (const extras of [
      {},
      { statusHistory: 'yesterday', cancellable: 'yes', returnableUntil: {}, returns: 'none', reference: 7 },
    ]) {
      const order = readOrder({ ...base, ...extras });
      expect(order._id).toBe(base._id);
      expect(resolve('reference', order)).toBe(orderReference(base._id));
      expect(resolve('statusHistory', order)).toEqual([
        { status: 'Delivered', at: new Date(base.date).toISOString() },
      ]);
      expect(resolve('cancellable', order)).toBe(false);
      expect(resolve('returnableUntil', order)).toBeNull();
      expect(resolve('returns', order)).toEqual([]);
      expect(withinReturnWindow(order)).toBe(false);
    }
  });

  it('an item may be exchanged only within the window, for another size in stock', () => {
    const now = base.date + 2 * DAY;
    expect(withinReturnWindow(readOrder({ ...base, returnableUntil: base.date + 8 * DAY }), now)).toBe(true);
    expect(withinReturnWindow(readOrder({ ...base, returnableUntil: base.date + DAY }), now)).toBe(false);
    expect(withinReturnWindow(readOrder({ ...base, returnableUntil: null }), now)).toBe(false);

    const product = toCatalogProduct(
      {
        _id: 'p1',
        name: 'Stride Pro',
        description: '',
        price: 4499,
        image: [],
        category: 'Men',
        subCategory: 'Sneakers',
        sizes: ['7', '8', '9', '10'],
        bestseller: false,
        date: 0,
        lowStock: { '9': 0, '10': 2 },
      },
      0,
    );
    expect(exchangeSizesOf(product, '8')).toEqual(['7', '10']);
    expect(exchangeSizesOf(undefined, '8')).toEqual([]);
  });
});
