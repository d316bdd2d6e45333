import { describe, expect, it } from 'vitest';
import { CONFLICT_ATTEMPTS, isTransientConflict, retryOnTransientConflict } from './conflict-retry.js';

/** An error as pg raises it: the SQLSTATE in `code`. */
const pgError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

describe('retry on a transient conflict', () => {
  it('knows a deadlock and a serialization failure from other errors', () => {
    expect(isTransientConflict(pgError('40P01'))).toBe(true);
    expect(isTransientConflict(pgError('40001'))).toBe(true);
    expect(isTransientConflict(pgError('23505'))).toBe(false);
    expect(isTransientConflict(new Error('40P01'))).toBe(false);
    expect(isTransientConflict(undefined)).toBe(false);
  });

  it('runs the transaction again after a deadlock, and answers what the retry answered', async () => {
    let calls = 0;
    const answer = await retryOnTransientConflict(() => {
      calls += 1;
      return calls < 3 ? Promise.reject(pgError('40P01')) : Promise.resolve('placed');
    });
    expect({ answer, calls }).toEqual({ answer: 'placed', calls: 3 });
  });

  it('gives up after a bounded number of tries, with the last error', async () => {
    let calls = 0;
    const attempt = () => {
      calls += 1;
      return Promise.reject(pgError('40001'));
    };
    await expect(retryOnTransientConflict(attempt)).rejects.toMatchObject({ code: '40001' });
    expect(calls).toBe(CONFLICT_ATTEMPTS);
  });

  it('never runs again after any other error (a refusal for stock is an answer, not a conflict)', async () => {
    let calls = 0;
    const attempt = () => {
      calls += 1;
      return Promise.reject(new Error('Only 1 left of Stride Pro, UK 9'));
    };
    await expect(retryOnTransientConflict(attempt)).rejects.toThrow('Only 1 left');
    expect(calls).toBe(1);
  });
});
