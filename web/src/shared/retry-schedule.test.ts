import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_CAP_MS } from '#machines/retry-delay';
import { retrySchedule } from './retry-schedule';

describe('retrySchedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The times, from the start, at which `attempt` ran. */
  function attemptsOver(ms: number, pending: () => boolean = () => true, now = true): number[] {
    const times: number[] = [];
    const start = Date.now();
    const schedule = retrySchedule(() => times.push(Date.now() - start), pending);
    schedule.wake(now);
    vi.advanceTimersByTime(ms);
    schedule.stop();
    return times;
  }

  it('tries at once, then after 1, 2, 4, 8 and 16 s, then every half minute', () => {
    expect(attemptsOver(100_000)).toEqual([0, 1_000, 3_000, 7_000, 15_000, 31_000, 61_000, 91_000]);
  });

  it('waits for the first retry when told not to try now', () => {
    expect(attemptsOver(3_500, () => true, false)).toEqual([1_000, 3_000]);
  });

  it('stops once nothing is pending, and a wake starts again from the shortest wait', () => {
    let pending = true;
    const times: number[] = [];
    const schedule = retrySchedule(
      () => times.push(Date.now()),
      () => pending,
    );
    const start = Date.now();
    schedule.wake(true);
    vi.advanceTimersByTime(20_000);
    expect(times.length).toBe(5);
    pending = false;
    vi.advanceTimersByTime(10 * RETRY_CAP_MS);
    expect(times.length).toBe(5);
    expect(vi.getTimerCount()).toBe(0);

    pending = true;
    const woken = Date.now();
    schedule.wake(true);
    vi.advanceTimersByTime(1_000);
    expect(times.slice(5).map((t) => t - woken)).toEqual([0, 1_000]);
    expect(start).toBeLessThan(woken);
    schedule.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stop cancels the next try', () => {
    const attempt = vi.fn();
    const schedule = retrySchedule(attempt, () => true);
    schedule.wake(false);
    schedule.stop();
    vi.advanceTimersByTime(RETRY_CAP_MS * 3);
    expect(attempt).not.toHaveBeenCalled();
  });
});
