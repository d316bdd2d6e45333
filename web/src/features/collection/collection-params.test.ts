import { describe, expect, it } from 'vitest';
import { parseCollectionParams, toProductFilter, toSearchParams } from './collection-params';

describe('collection URL parameters', () => {
  it('unknown categories, types and sorts in a link are ignored', () => {
    const view = parseCollectionParams(
      new URLSearchParams('category=KIDS&category=men&type=BOOTS,sandals&sort=CHEAPEST'),
    );
    expect(view).toEqual({
      categories: ['MEN'],
      types: ['SANDALS'],
      inStock: false,
      sort: 'RELEVANT',
      q: '',
    });
  });

  it('the same selection in any order gives the same filter (one cache entry)', () => {
    const a = parseCollectionParams(new URLSearchParams('type=SANDALS&type=SNEAKERS'));
    const b = parseCollectionParams(new URLSearchParams('type=SNEAKERS,SANDALS'));
    expect(toProductFilter(a)).toEqual(toProductFilter(b));
  });

  it('writes back only what differs from the default view', () => {
    const params = toSearchParams({
      categories: ['WOMEN'],
      types: [],
      inStock: false,
      sort: 'RELEVANT',
      q: '  run ',
    });
    expect(params.toString()).toBe('category=WOMEN&q=run');
  });

  it('inStock=true in a link keeps only products in stock; anything else is every product', () => {
    const view = parseCollectionParams(new URLSearchParams('inStock=TRUE&type=SANDALS'));
    expect(view.inStock).toBe(true);
    expect(toProductFilter(view)).toEqual({ types: ['SANDALS'], inStock: true });
    expect(toSearchParams(view).toString()).toBe('type=SANDALS&inStock=true');
    for (const other of ['inStock=false', 'inStock=yes', 'instock=true', '']) {
      const every = parseCollectionParams(new URLSearchParams(other));
      expect(every.inStock).toBe(false);
      expect(toProductFilter(every)).toEqual({});
    }
  });
});
