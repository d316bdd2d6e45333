import { describe, expect, it } from 'vitest';
import { parseCollectionParams, toProductFilter, toSearchParams } from './collection-params';

describe('collection URL parameters', () => {
  it('unknown categories, types and sorts in a link are ignored', () => {
    const view = parseCollectionParams(new URLSearchParams('category=KIDS&category=men&type=BOOTS,sandals&sort=CHEAPEST'));
    expect(view).toEqual({ categories: ['MEN'], types: ['SANDALS'], sort: 'RELEVANT', q: '' });
  });

  it('the same selection in any order gives the same filter (one cache entry)', () => {
    const a = parseCollectionParams(new URLSearchParams('type=SANDALS&type=SNEAKERS'));
    const b = parseCollectionParams(new URLSearchParams('type=SNEAKERS,SANDALS'));
    expect(toProductFilter(a)).toEqual(toProductFilter(b));
  });

  it('writes back only what differs from the default view', () => {
    const params = toSearchParams({ categories: ['WOMEN'], types: [], sort: 'RELEVANT', q: '  run ' });
    expect(params.toString()).toBe('category=WOMEN&q=run');
  });
});
