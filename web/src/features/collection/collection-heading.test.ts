import { describe, expect, it } from 'vitest';
import { collectionHeading, resultCountText } from './collection-heading';

const none = { categories: [], types: [], inStock: false, q: '' } as const;

describe('the collection heading', () => {
  it('is the spec’s "All collections" with nothing set', () => {
    expect(collectionHeading(none)).toBe('All collections');
  });

  it('names the category and the types ticked', () => {
    expect(collectionHeading({ ...none, categories: ['MEN'], types: ['SNEAKERS'] })).toBe('Men’s sneakers');
    expect(collectionHeading({ ...none, categories: ['WOMEN'] })).toBe('Women’s collection');
    expect(collectionHeading({ ...none, categories: ['MEN', 'WOMEN'] })).toBe('Men’s & women’s collection');
    expect(collectionHeading({ ...none, types: ['SPORTS_SHOES', 'SANDALS'] })).toBe('Sports shoes & sandals');
    expect(
      collectionHeading({ ...none, categories: ['WOMEN'], types: ['SNEAKERS', 'SANDALS', 'SLIPPERS'] }),
    ).toBe('Women’s footwear');
  });

  it('follows a search or "In stock only" when no box of the catalogue is ticked', () => {
    expect(collectionHeading({ ...none, q: 'runner' })).toBe('Search results');
    expect(collectionHeading({ ...none, inStock: true })).toBe('In stock now');
    expect(collectionHeading({ ...none, inStock: true, q: 'runner', types: ['SANDALS'] })).toBe('Sandals');
  });

  it('counts products, and says what they were searched for', () => {
    expect(resultCountText(1, '')).toBe('1 product');
    expect(resultCountText(12, 'run')).toBe('12 products for “run”');
  });
});
