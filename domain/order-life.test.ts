import { describe, expect, it } from 'vitest';
import { CANCELLED_STATUS, FULFILMENT_STATUSES, ORDER_STATUSES } from './back-office.js';
import {
  ORDER_TRANSITIONS,
  RETURN_ACTIONS,
  RETURN_STATUSES,
  canMoveOrder,
  isOpenReturn,
  orderMoveRefusal,
  orderReference,
  returnDeadline,
  type OrderActor,
} from './order-life.js';
import { FIRST_ORDER_STATUS, RETURN_POLICY_DAYS } from './store-rules.js';

const ACTORS: readonly OrderActor[] = ['shopper', 'shop'];
const listed = (from: string, to: string, actor: OrderActor) =>
  ORDER_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by.includes(actor));

/** The rules in words, written apart from the table: the table must say the same. */
function ruled(from: string, to: string, actor: OrderActor): boolean {
  if (from === to || from === CANCELLED_STATUS) return false;
  if (to === CANCELLED_STATUS)
    return actor === 'shopper' ? from === FIRST_ORDER_STATUS : [FIRST_ORDER_STATUS, 'Packing'].includes(from);
  return (
    actor === 'shop' &&
    (FULFILMENT_STATUSES as readonly string[]).includes(from) &&
    (FULFILMENT_STATUSES as readonly string[]).includes(to)
  );
}

describe('the order transitions table', () => {
  const every = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.flatMap((to) => ACTORS.map((actor) => [from, to, actor] as const)),
  );

  it.each(every)(
    '%s → %s by the %s: allowed exactly when the table lists it, and refused with a reason otherwise',
    (from, to, actor) => {
      expect(listed(from, to, actor)).toBe(ruled(from, to, actor));
      expect(canMoveOrder(from, to, actor)).toBe(listed(from, to, actor));
      expect(orderMoveRefusal(from, to, actor) === undefined).toBe(listed(from, to, actor));
    },
  );

  it('names only known statuses, and never a move to the same status', () => {
    for (const t of ORDER_TRANSITIONS) {
      expect(ORDER_STATUSES).toContain(t.from);
      expect(ORDER_STATUSES).toContain(t.to);
      expect(t.to).not.toBe(t.from);
      expect(t.by.length).toBeGreaterThan(0);
    }
  });

  it('lets the shopper cancel only an order just placed, and nothing else', () => {
    const shopperMoves = ORDER_TRANSITIONS.filter((t) => t.by.includes('shopper')).map((t) => [t.from, t.to]);
    expect(shopperMoves).toEqual([[FIRST_ORDER_STATUS, CANCELLED_STATUS]]);
  });

  it('lets the shop cancel until the order ships, and never moves a cancelled order', () => {
    const cancellableByShop = ORDER_STATUSES.filter((from) => canMoveOrder(from, CANCELLED_STATUS, 'shop'));
    expect(cancellableByShop).toEqual([FIRST_ORDER_STATUS, 'Packing']);
    for (const to of ORDER_STATUSES)
      for (const actor of ACTORS) expect(canMoveOrder(CANCELLED_STATUS, to, actor)).toBe(false);
    expect(orderMoveRefusal(CANCELLED_STATUS, 'Packing', 'shop')).toBe(
      'This order was cancelled: it cannot change any more.',
    );
    expect(orderMoveRefusal('Shipped', CANCELLED_STATUS, 'shopper')).toBe(
      `This order is already Shipped: it can no longer be cancelled. You can return it within ${RETURN_POLICY_DAYS} days of delivery.`,
    );
  });

  it('refuses unknown statuses for every actor', () => {
    for (const actor of ACTORS) {
      expect(canMoveOrder('Lost', 'Packing', actor)).toBe(false);
      expect(canMoveOrder(FIRST_ORDER_STATUS, 'Lost', actor)).toBe(false);
    }
  });
});

describe('returns', () => {
  it('closes the window RETURN_POLICY_DAYS after delivery', () => {
    const delivered = Date.UTC(2026, 10, 25, 12);
    expect(returnDeadline(delivered) - delivered).toBe(RETURN_POLICY_DAYS * 24 * 60 * 60 * 1000);
  });

  it('moves each action from and to known statuses, and counts every request but a refused one as open', () => {
    for (const { from, to } of Object.values(RETURN_ACTIONS)) {
      expect(RETURN_STATUSES).toContain(from);
      expect(RETURN_STATUSES).toContain(to);
    }
    expect(RETURN_STATUSES.filter((status) => !isOpenReturn(status))).toEqual(['Refused']);
  });

  it('reads an order id out as its first 8 letters and digits, upper case', () => {
    expect(orderReference('3f2a9c1e-77b0-4c55-9e1a-0d2b9f6c1a2b')).toBe('#3F2A9C1E');
  });
});
