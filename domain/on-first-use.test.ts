import { describe, expect, it } from 'vitest';
import { onFirstUse } from './on-first-use.js';

describe('onFirstUse', () => {
  it('builds nothing until asked, then builds once and keeps the value', () => {
    let builds = 0;
    const value = onFirstUse(() => ({ built: (builds += 1) }));
    expect(builds).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(builds).toBe(1);
  });

  it('keeps a value that is undefined instead of building it again', () => {
    let builds = 0;
    const value = onFirstUse(() => {
      builds += 1;
      return undefined;
    });
    value();
    value();
    expect(builds).toBe(1);
  });

  it('builds again after a build that threw', () => {
    let builds = 0;
    const value = onFirstUse(() => {
      builds += 1;
      if (builds === 1) throw new Error('not yet');
      return builds;
    });
    expect(value).toThrow('not yet');
    expect(value()).toBe(2);
  });
});
