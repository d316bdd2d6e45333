import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight.js';

describe('SingleFlight', () => {
  it('runs the work once for every caller waiting on one key', async () => {
    const flights = new SingleFlight<number>();
    let calls = 0;
    let release: (n: number) => void = () => undefined;
    const work = () => {
      calls += 1;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const a = flights.run('k', work);
    const b = flights.run('k', work);
    const other = flights.run('other', () => Promise.resolve(7));
    release(42);
    expect(await Promise.all([a, b, other])).toEqual([42, 42, 7]);
    expect(calls).toBe(1);
    expect(flights.size).toBe(0);
  });

  it('forgets a failure, so the next caller tries again', async () => {
    const flights = new SingleFlight<string>();
    await expect(flights.run('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(flights.run('k', () => Promise.resolve('up'))).resolves.toBe('up');
  });
});
