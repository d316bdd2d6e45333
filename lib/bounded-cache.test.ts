import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedCache, stringBytes } from './bounded-cache.js';

const OVERHEAD = 64;
const text = (maxBytes: number, maxEntries?: number) =>
  new BoundedCache<string>({
    maxBytes,
    sizeOf: stringBytes,
    ...(maxEntries === undefined ? {} : { maxEntries }),
  });

describe('BoundedCache', () => {
  it('counts keys, values and the per-entry overhead', () => {
    const cache = text(10_000);
    cache.set('ab', 'xyz');
    expect(cache.bytes).toBe(4 + 6 + OVERHEAD);
    cache.set('ab', 'x');
    expect(cache.bytes).toBe(4 + 2 + OVERHEAD);
    cache.delete('ab');
    expect(cache.bytes).toBe(0);
  });

  it('drops the least recently used entries when the bytes are over', () => {
    const entry = stringBytes('k1') + stringBytes('v'.repeat(100)) + OVERHEAD;
    const cache = text(entry * 2);
    cache.set('k1', 'v'.repeat(100));
    cache.set('k2', 'v'.repeat(100));
    expect(cache.get('k1')).toBeDefined(); // k1 is now the most recently used
    cache.set('k3', 'v'.repeat(100));
    expect(cache.has('k2')).toBe(false);
    expect(cache.has('k1')).toBe(true);
    expect(cache.has('k3')).toBe(true);
  });

  it('counts long keys: many distinct long keys with tiny values stay within the bytes', () => {
    const cache = text(100_000);
    for (let i = 0; i < 1000; i += 1) cache.set(`${'#'.repeat(8000)}${i}`, '');
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.size).toBeLessThan(10);
  });

  it('refuses a value larger than the whole cache, and forgets the older value of its key', () => {
    const cache = text(1000);
    cache.set('k', 'small');
    expect(cache.set('k', 'x'.repeat(1000))).toBe(false);
    expect(cache.has('k')).toBe(false);
    expect(cache.bytes).toBe(0);
  });

  it('bounds entries too when asked', () => {
    const cache = text(1_000_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key);
    expect(cache.size).toBe(3);
    expect(cache.has('a')).toBe(false);
  });

  it('does not serve an entry past its age', () => {
    let now = 0;
    const cache = new BoundedCache<string>({
      maxBytes: 1000,
      sizeOf: stringBytes,
      ttlMs: 100,
      now: () => now,
    });
    cache.set('k', 'v');
    now = 99;
    expect(cache.get('k')).toBe('v');
    now = 100;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('resizes a value once known, and drops it when it no longer fits', () => {
    const cache = new BoundedCache<Promise<string>>({ maxBytes: 1000, sizeOf: () => 0 });
    const a = Promise.resolve('a');
    const b = Promise.resolve('b');
    cache.set('a', a);
    cache.set('b', b);
    cache.resize('a', a, 500);
    expect(cache.bytes).toBe(2 * (2 + OVERHEAD) + 500);
    cache.resize('b', b, 500); // over: the least recently used (a) goes, b stays
    expect(cache.has('a')).toBe(false);
    expect(cache.has('b')).toBe(true);
    cache.resize('b', b, 2000);
    expect(cache.has('b')).toBe(false);
    expect(cache.bytes).toBe(0);
  });

  it('deleteIf leaves a replacement alone', () => {
    const cache = text(1000);
    cache.set('k', 'old');
    cache.set('k', 'new');
    cache.deleteIf('k', 'old');
    expect(cache.get('k')).toBe('new');
  });

  it('never holds more than its bytes, whatever is set, read and deleted', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('set' as const),
        key: fc.string({ maxLength: 40 }),
        value: fc.string({ maxLength: 400 }),
      }),
      fc.record({ kind: fc.constant('get' as const), key: fc.string({ maxLength: 40 }) }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.string({ maxLength: 40 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.array(op, { maxLength: 200 }), (maxBytes, ops) => {
        const cache = text(maxBytes);
        const model = new Map<string, string>();
        for (const o of ops) {
          if (o.kind === 'set') {
            if (cache.set(o.key, o.value)) model.set(o.key, o.value);
            else model.delete(o.key);
          } else if (o.kind === 'delete') {
            cache.delete(o.key);
            model.delete(o.key);
          } else {
            const got = cache.get(o.key);
            // Whatever the cache still has is what was last set.
            if (got !== undefined) expect(got).toBe(model.get(o.key));
          }
          expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
          expect(cache.bytes).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});
