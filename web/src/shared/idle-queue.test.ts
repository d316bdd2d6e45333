import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inIdlePeriod } from './idle-queue';

let idle: Array<() => void> = [];

beforeEach(() => {
  // Idle periods the test hands out one by one.
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
});

afterEach(() => {
  // Whatever a test left queued runs, so the next starts with an empty queue.
  while (idle.length > 0) idle.shift()!();
  vi.unstubAllGlobals();
});

function nextIdlePeriod(): void {
  expect(idle).toHaveLength(1);
  idle.shift()!();
}

describe('inIdlePeriod', () => {
  it('runs one job per idle period, in the order they were queued, and asks for no period once empty', () => {
    const ran: string[] = [];
    inIdlePeriod(() => ran.push('a'));
    inIdlePeriod(() => ran.push('b'));
    const job = () => ran.push('c');
    inIdlePeriod(job);
    inIdlePeriod(job);
    expect(ran).toEqual([]);
    for (const expected of [['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'c', 'c']]) {
      nextIdlePeriod();
      expect(ran).toEqual(expected);
    }
    expect(idle).toEqual([]);
  });

  it('drops a job taken out before its turn, and only that one', () => {
    const ran: string[] = [];
    const job = () => ran.push('same');
    inIdlePeriod(job);
    const cancel = inIdlePeriod(job);
    inIdlePeriod(() => ran.push('last'));
    cancel();
    nextIdlePeriod();
    nextIdlePeriod();
    expect(ran).toEqual(['same', 'last']);
    expect(idle).toEqual([]);
  });

  it('goes on with the next job after one that throws', () => {
    const ran: string[] = [];
    inIdlePeriod(() => {
      throw new Error('broken job');
    });
    inIdlePeriod(() => ran.push('next'));
    expect(() => idle.shift()!()).toThrow('broken job');
    nextIdlePeriod();
    expect(ran).toEqual(['next']);
  });
});
