import { describe, expect, it } from 'vitest';
import { DELIVERY_FEE, MAX_LINE_QUANTITY } from '#domain/store-rules';
import type { CartEvent } from './cart-events.js';
import { cartCount, cartLines, foldCart } from './cart-fold.js';
import { priceCart } from './cart-totals.js';

let seq = 0;
const added = (itemId: string, size: string): CartEvent => ({
  type: 'added',
  id: `e${++seq}`,
  at: 0,
  itemId,
  size,
});
const set = (itemId: string, size: string, quantity: number): CartEvent => ({
  type: 'quantitySet',
  id: `e${++seq}`,
  at: 0,
  itemId,
  size,
  quantity,
});

describe('cart fold', () => {
  it('add sets a new line to 1 and adds 1 to an existing one', () => {
    expect(foldCart([added('p1', 'M'), added('p1', 'M'), added('p1', 'L')])).toEqual({ p1: { M: 2, L: 1 } });
  });

  it(`add stops a line at ${MAX_LINE_QUANTITY}, as the server refuses the add`, () => {
    expect(foldCart([set('p1', 'M', MAX_LINE_QUANTITY), added('p1', 'M')])).toEqual({
      p1: { M: MAX_LINE_QUANTITY },
    });
  });

  it('quantitySet sets the quantity, and 0 removes the line and an emptied product', () => {
    expect(foldCart([added('p1', 'M'), set('p1', 'M', 7)])).toEqual({ p1: { M: 7 } });
    expect(foldCart([added('p1', 'M'), added('p1', 'L'), set('p1', 'M', 0)])).toEqual({ p1: { L: 1 } });
    expect(foldCart([added('p1', 'M'), set('p1', 'M', 0)])).toEqual({});
  });

  it.each([MAX_LINE_QUANTITY + 1, -1, 1.5, Number.NaN])(
    'quantitySet %d changes nothing, as the server refuses it',
    (quantity) => {
      expect(foldCart([set('p1', 'M', 3), set('p1', 'M', quantity)])).toEqual({ p1: { M: 3 } });
    },
  );

  it('replays events on a base cart without changing the base', () => {
    const base = { p1: { M: 3 } };
    expect(foldCart([added('p1', 'M'), set('p2', 'S', 2)], base)).toEqual({ p1: { M: 4 }, p2: { S: 2 } });
    expect(base).toEqual({ p1: { M: 3 } });
  });

  it('treats a product id such as __proto__ as data', () => {
    const cart = foldCart([added('__proto__', 'M')]);
    expect(Object.keys(cart)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).M).toBeUndefined();
  });

  it('count is the sum of quantities above 0, and lines list each size', () => {
    const cart = foldCart([set('p1', 'M', 2), added('p2', 'L'), set('p3', 'S', 0)]);
    expect(cartCount(cart)).toBe(3);
    expect(cartLines(cart)).toEqual([
      { itemId: 'p1', size: 'M', quantity: 2 },
      { itemId: 'p2', size: 'L', quantity: 1 },
    ]);
    expect(cartCount({})).toBe(0);
  });
});

describe('cart totals', () => {
  const prices: Record<string, number> = { p1: 100, p2: 45.5 };
  const priceOf = (id: string) => prices[id];

  it('subtotal is Σ price × quantity and total adds the delivery fee', () => {
    const totals = priceCart({ p1: { M: 2 }, p2: { L: 1 } }, priceOf);
    expect(totals.subtotal).toBe(245.5);
    expect(totals.total).toBe(245.5 + DELIVERY_FEE);
    expect(totals.count).toBe(3);
  });

  it('an empty cart totals 0, without the delivery fee', () => {
    expect(priceCart({}, priceOf)).toEqual({ lines: [], count: 0, subtotal: 0, total: 0 });
  });

  it('an unknown product adds nothing to the totals and is left unpriced', () => {
    const totals = priceCart({ gone: { M: 2, L: 1 }, p1: { M: 1 } }, priceOf);
    expect(totals.lines.filter((line) => line.price === undefined)).toHaveLength(2);
    expect(totals.subtotal).toBe(100);
    expect(totals.count).toBe(4);
  });

  it('a cart of only unknown products totals 0', () => {
    expect(priceCart({ gone: { M: 1 } }, priceOf).total).toBe(0);
  });

  it('keeps sums to two decimals', () => {
    expect(priceCart({ a: { M: 3 } }, () => 0.1).subtotal).toBe(0.3);
  });
});
