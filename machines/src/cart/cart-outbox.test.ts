import { describe, expect, it } from 'vitest';
import { parseStoredCartLog, serializeCartLog, type CartLog } from './cart-events.js';
import { foldCart } from './cart-fold.js';
import { outboxAsAbsolute, restoredCartLog } from './cart-log.js';

const log: CartLog = {
  events: [
    { type: 'quantitySet', id: 'base-0', at: 0, itemId: 'a', size: '8', quantity: 2 },
    { type: 'added', id: 'e1', at: 1, itemId: 'a', size: '8' },
    { type: 'added', id: 'e2', at: 2, itemId: 'b', size: '9' },
    { type: 'added', id: 'e3', at: 3, itemId: 'a', size: '8' },
  ],
  synced: 1,
};

describe('a stored outbox read back after a reload', () => {
  it('becomes one absolute quantity per line, giving the same cart', () => {
    const absolute = outboxAsAbsolute(log);
    expect(absolute.synced).toBe(1);
    expect(absolute.events.slice(1)).toEqual([
      { type: 'quantitySet', id: 'e2', at: 2, itemId: 'b', size: '9', quantity: 1 },
      { type: 'quantitySet', id: 'e3', at: 3, itemId: 'a', size: '8', quantity: 4 },
    ]);
    expect(foldCart(absolute.events)).toEqual(foldCart(log.events));
  });

  it('replayed on a server cart that already took the first change, it does not count it twice', () => {
    const server = { a: { '8': 3 } };
    expect(foldCart(outboxAsAbsolute(log).events.slice(1), server)).toEqual({ a: { '8': 4 }, b: { '9': 1 } });
  });
});

describe('a stored log says whether it is an outbox', () => {
  it('an outbox is restored as absolute quantities; a guest’s cart as it was', () => {
    const stored = (outbox: boolean) =>
      parseStoredCartLog(serializeCartLog({ ...log, ...(outbox ? { outbox } : {}) }), () => undefined);
    expect(restoredCartLog(stored(true))).toEqual(outboxAsAbsolute(log));
    expect(restoredCartLog(stored(false))).toEqual(log);
  });
});
