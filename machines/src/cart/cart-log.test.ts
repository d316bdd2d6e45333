import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '#domain/store-rules';
import type { CartData, CartEvent, CartLog } from './cart-events.js';
import { foldCart } from './cart-fold.js';
import {
  appendCartEvent,
  COMPACT_ABOVE,
  compactCartLog,
  nextChangeToSend,
  pendingEvents,
  rebaseCartLog,
} from './cart-log.js';

const itemIds = ['p1', 'p2'];
const sizes = ['S', 'M'];
const eventArb = fc.oneof(
  fc.record({
    type: fc.constant('added' as const),
    itemId: fc.constantFrom(...itemIds),
    size: fc.constantFrom(...sizes),
  }),
  fc.record({
    type: fc.constant('quantitySet' as const),
    itemId: fc.constantFrom(...itemIds),
    size: fc.constantFrom(...sizes),
    quantity: fc.oneof(
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom(MAX_LINE_QUANTITY - 1, MAX_LINE_QUANTITY),
    ),
  }),
);
const eventsArb = (maxLength: number) =>
  fc
    .array(eventArb, { maxLength })
    .map((events) => events.map((event, i): CartEvent => ({ ...event, id: `e${i}`, at: i })));
const cartArb: fc.Arbitrary<CartData> = fc
  .array(
    fc.tuple(
      fc.constantFrom(...itemIds),
      fc.constantFrom(...sizes),
      fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
    ),
  )
  .map((lines) => {
    const cart: CartData = {};
    for (const [itemId, size, quantity] of lines) (cart[itemId] ??= {})[size] = quantity;
    return cart;
  });
const logArb = eventsArb(300).chain((events) =>
  fc.integer({ min: 0, max: events.length }).map((synced): CartLog => ({ events, synced })),
);

describe('cart log compaction', () => {
  it('gives the same cart, and the same cart when its pending part is replayed on any other cart', () => {
    fc.assert(
      fc.property(logArb, cartArb, (log, other) => {
        const compacted = compactCartLog(log);
        expect(foldCart(compacted.events)).toEqual(foldCart(log.events));
        expect(foldCart(compacted.events.slice(0, compacted.synced))).toEqual(
          foldCart(log.events.slice(0, log.synced)),
        );
        if (compacted.events.length <= COMPACT_ABOVE) {
          expect(foldCart(pendingEvents(compacted), other)).toEqual(foldCart(pendingEvents(log), other));
        }
      }),
    );
  });

  it('keeps the oldest pending event as it is, since it may be on its way to the server', () => {
    fc.assert(
      fc.property(logArb, (log) => {
        expect(pendingEvents(compactCartLog(log))[0]).toEqual(pendingEvents(log)[0]);
      }),
    );
  });

  it('leaves one set per line of the confirmed part and at most a few events per pending line', () => {
    fc.assert(
      fc.property(logArb, (log) => {
        const compacted = compactCartLog(log);
        // 2 products × 2 sizes: ≤ 4 confirmed lines, the kept head, and ≤ 4 lines of ≤ 98 adds each.
        expect(compacted.synced).toBeLessThanOrEqual(4);
        expect(compacted.events.length).toBeLessThanOrEqual(COMPACT_ABOVE + 1);
        expect(new Set(compacted.events.map((event) => event.id)).size).toBe(compacted.events.length);
      }),
    );
  });

  it(`compacts on append once the log is longer than ${COMPACT_ABOVE}`, () => {
    let log: CartLog = { events: [], synced: 0 };
    for (let i = 0; i < 5 * COMPACT_ABOVE; i++) {
      log = appendCartEvent(log, {
        type: 'quantitySet',
        id: `e${i}`,
        at: i,
        itemId: 'p1',
        size: 'M',
        quantity: i % 7,
      });
    }
    expect(log.events.length).toBeLessThanOrEqual(COMPACT_ABOVE);
    expect(foldCart(log.events)).toEqual({ p1: { M: (5 * COMPACT_ABOVE - 1) % 7 } });
  });
});

describe('cart log sync', () => {
  const events: CartEvent[] = [
    { type: 'quantitySet', id: 'base-0', at: 0, itemId: 'p1', size: 'M', quantity: 3 },
    { type: 'added', id: 'a', at: 1, itemId: 'p1', size: 'M' },
    { type: 'added', id: 'b', at: 2, itemId: 'p2', size: 'S' },
  ];

  it('sends the oldest pending event as the line’s quantity right after it', () => {
    expect(nextChangeToSend({ events, synced: 1 })).toEqual({ itemId: 'p1', size: 'M', quantity: 4 });
    expect(nextChangeToSend({ events, synced: 2 })).toEqual({ itemId: 'p2', size: 'S', quantity: 1 });
    expect(nextChangeToSend({ events, synced: 3 })).toBeUndefined();
  });

  it('re-bases on the server’s cart and replays the kept pending events on top of it', () => {
    const rebased = rebaseCartLog({ events, synced: 1 }, { p1: { M: 10 }, p3: { L: 1 } }, 1, 5);
    expect(rebased.synced).toBe(2);
    expect(foldCart(rebased.events.slice(0, rebased.synced))).toEqual({ p1: { M: 10 }, p3: { L: 1 } });
    expect(foldCart(rebased.events)).toEqual({ p1: { M: 11 }, p2: { S: 1 }, p3: { L: 1 } });
    expect(pendingEvents(rebased).map((event) => event.id)).toEqual(['a', 'b']);
  });
});
