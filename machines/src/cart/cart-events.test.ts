import { describe, expect, it, vi } from 'vitest';
import { MAX_LINE_QUANTITY } from '#domain/store-rules';
import {
  EMPTY_CART_LOG,
  MAX_STORED_EVENTS,
  parseStoredCartLog,
  serializeCartLog,
  type CartLog,
} from './cart-events.js';

const log: CartLog = {
  events: [
    { type: 'quantitySet', id: 'base-0', at: 1, itemId: 'p1', size: 'M', quantity: 2 },
    { type: 'added', id: 'a', at: 2, itemId: 'p2', size: 'L' },
  ],
  synced: 1,
};

const stored = (value: unknown) => JSON.stringify(value);
const withEvents = (events: unknown[], synced = 0) => stored({ version: 1, synced, events });
const event = { type: 'added', id: 'x', at: 1, itemId: 'p1', size: 'M' };

describe('parseStoredCartLog', () => {
  it('reads back what serializeCartLog wrote', () => {
    const warn = vi.fn();
    expect(parseStoredCartLog(serializeCartLog(log), warn)).toEqual(log);
    expect(warn).not.toHaveBeenCalled();
  });

  it('starts empty, without a warning, when nothing is stored', () => {
    const warn = vi.fn();
    expect(parseStoredCartLog(null, warn)).toEqual(EMPTY_CART_LOG);
    expect(parseStoredCartLog('', warn)).toEqual(EMPTY_CART_LOG);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['bad JSON', '{"version":1,'],
    ['JSON that is not an object', '42'],
    ['the seed client’s cart object', stored({ p1: { M: 2 } })],
    ['another version', stored({ version: 2, synced: 0, events: [] })],
    ['an unknown event type', withEvents([{ ...event, type: 'removed' }])],
    ['an event with an extra field', withEvents([{ ...event, price: 1 }])],
    ['an event without a size', withEvents([{ ...event, size: '' }])],
    ['an absurd quantity', withEvents([{ ...event, type: 'quantitySet', quantity: 1e9 }])],
    [
      'a quantity above the maximum',
      withEvents([{ ...event, type: 'quantitySet', quantity: MAX_LINE_QUANTITY + 1 }]),
    ],
    ['a negative quantity', withEvents([{ ...event, type: 'quantitySet', quantity: -1 }])],
    ['a fractional quantity', withEvents([{ ...event, type: 'quantitySet', quantity: 1.5 }])],
    ['a quantity as text', withEvents([{ ...event, type: 'quantitySet', quantity: '2' }])],
    ['repeated event ids', withEvents([event, event])],
    ['synced past the end', withEvents([event], 2)],
    [
      'too many events',
      withEvents(Array.from({ length: MAX_STORED_EVENTS + 1 }, (_, i) => ({ ...event, id: `e${i}` }))),
    ],
  ])('discards %s with one warning', (_what, raw) => {
    const warn = vi.fn();
    expect(parseStoredCartLog(raw, warn)).toEqual(EMPTY_CART_LOG);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^Discarded the stored cart: /);
  });
});
