import { describe, expect, it } from 'vitest';
import { SlotsFull, WorkSlots } from './work-slots.js';

function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('WorkSlots', () => {
  it('runs at most `concurrency` at once, queues at most `queueLimit`, refuses the rest at once', async () => {
    const slots = new WorkSlots({ concurrency: 2, queueLimit: 1, firstEstimateMs: 300 });
    const { opened, open } = gate();
    let running = 0;
    let most = 0;
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      await opened;
      running -= 1;
    };
    const taken = [slots.run(work), slots.run(work), slots.run(work)];
    await expect(slots.run(work)).rejects.toBeInstanceOf(SlotsFull);
    expect(slots.load).toEqual({ running: 2, waiting: 1 });
    open();
    await Promise.all(taken);
    expect(most).toBe(2);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('runs background work only in an idle slot, never queued', async () => {
    const slots = new WorkSlots({ concurrency: 1, queueLimit: 5, firstEstimateMs: 300 });
    const { opened, open } = gate();
    const busy = slots.run(() => opened);
    expect(slots.runIfIdle(() => Promise.resolve(1))).toBeUndefined();
    open();
    await busy;
    await expect(slots.runIfIdle(() => Promise.resolve(2))).resolves.toBe(2);
  });

  it('frees the slot when work fails', async () => {
    const slots = new WorkSlots({ concurrency: 1, queueLimit: 0, firstEstimateMs: 300 });
    await expect(slots.run(() => Promise.reject(new Error('bad bytes')))).rejects.toThrow('bad bytes');
    await expect(slots.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
