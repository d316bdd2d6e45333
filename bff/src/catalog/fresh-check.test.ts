import { describe, expect, it } from 'vitest';
import { FreshCheck } from './fresh-check.js';

/** A check whose runs the test settles by hand, counting how many run at once. */
function handCheck() {
  const pending: Array<{ resolve: (value: number) => void; reject: (error: Error) => void }> = [];
  let started = 0;
  let running = 0;
  let mostAtOnce = 0;
  const check = new FreshCheck<number>(
    () =>
      new Promise<number>((resolve, reject) => {
        started += 1;
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        pending.push({
          resolve: (value) => {
            running -= 1;
            resolve(value);
          },
          reject: (error) => {
            running -= 1;
            reject(error);
          },
        });
      }),
  );
  const settle = async (value: number | Error) => {
    const next = pending.shift()!;
    if (value instanceof Error) next.reject(value);
    else next.resolve(value);
    // Let the waiting callers and the next check start.
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  return { check, settle, started: () => started, mostAtOnce: () => mostAtOnce };
}

describe('a fresh check', () => {
  it('answers a caller only with a check that began after it asked, one check at a time', async () => {
    const { check, settle, started, mostAtOnce } = handCheck();
    const first = check.run();
    // Both arrive while the first check runs: they share the next one, not the first.
    const second = check.run();
    const third = check.run();
    expect(started()).toBe(1);
    await settle(1);
    expect(await first).toBe(1);
    expect(started()).toBe(2);
    // One arriving while the second runs waits for a third.
    const fourth = check.run();
    await settle(2);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    await settle(3);
    expect(await fourth).toBe(3);
    expect(started()).toBe(3);
    expect(mostAtOnce()).toBe(1);
  });

  it('passes a failure to the callers of that check only, and the next caller starts afresh', async () => {
    const { check, settle, started } = handCheck();
    const failing = check.run();
    const waiting = check.run();
    await settle(new Error('down'));
    await expect(failing).rejects.toThrow('down');
    await settle(7);
    expect(await waiting).toBe(7);
    const later = check.run();
    expect(started()).toBe(3);
    await settle(8);
    expect(await later).toBe(8);
  });
});
