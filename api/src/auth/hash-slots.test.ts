import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusyError } from '../http/errors.js';
import { HashSlots, STORE_BUSY_MESSAGE } from './hash-slots.js';

/** A piece of work the test finishes when it wants. */
function gate(): { work: () => Promise<void>; finish: () => void; started: () => boolean } {
  let started = false;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: () => {
      started = true;
      return done;
    },
    finish: () => finish(),
    started: () => started,
  };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('hash slots', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at most `concurrency` at once, queues up to `queueLimit` in order, and refuses the rest at once', async () => {
    const slots = new HashSlots({ concurrency: 2, queueLimit: 1 });
    const [a, b, c] = [gate(), gate(), gate()];
    const running = [slots.run(a.work), slots.run(b.work), slots.run(c.work)];
    await settle();
    expect([a.started(), b.started(), c.started()]).toEqual([true, true, false]);

    const refused = slots.run(() => Promise.resolve('never'));
    await expect(refused).rejects.toBeInstanceOf(BusyError);
    await expect(refused).rejects.toMatchObject({ statusCode: 503, message: STORE_BUSY_MESSAGE });

    a.finish();
    await settle();
    expect(c.started()).toBe(true);
    b.finish();
    c.finish();
    await Promise.all(running);
    // All slots free again: the next runs at once.
    await expect(slots.run(() => Promise.resolve('ran'))).resolves.toBe('ran');
  });

  it('frees the slot when the work fails', async () => {
    const slots = new HashSlots({ concurrency: 1, queueLimit: 0 });
    await expect(slots.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(slots.run(() => Promise.resolve(1))).resolves.toBe(1);
  });

  it('estimates Retry-After from the work in hand, in whole seconds, at least 1', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const slots = new HashSlots({ concurrency: 1, queueLimit: 100 });
    expect(slots.retryAfterSeconds()).toBe(1);
    // Teach it that a hash takes 100 ms.
    for (let i = 0; i < 30; i += 1) {
      const hashed = slots.run(() => new Promise((resolve) => setTimeout(resolve, 100)));
      await vi.advanceTimersByTimeAsync(100);
      await hashed;
    }
    vi.useRealTimers();
    const gates = Array.from({ length: 51 }, gate);
    const running = gates.map((g) => slots.run(g.work));
    await settle();
    // 51 hashes of 100 ms, one at a time: 5.1 s, rounded up to whole seconds.
    expect(slots.retryAfterSeconds()).toBe(6);
    for (const g of gates) g.finish();
    await Promise.all(running);
  });
});
