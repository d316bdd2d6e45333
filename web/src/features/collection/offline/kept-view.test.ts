import { describe, expect, it } from 'vitest';
import { serializeServerState } from '../../../graphql/server-state';
import { cardProduct, productsPage } from '../../../test/fixtures';
import { parseCollectionParams } from '../collection-params';
import { productsOfPages, type KeptPage } from './kept-products';
import { viewOfKept } from './kept-view';

/** A page the worker keeps: markup, then the results it was rendered from. */
function keptPage(
  results: Array<{ operationName: string; data: Record<string, unknown> }>,
  fetchedAt: string,
): KeptPage {
  const state = serializeServerState(results.map((result) => ({ ...result, variables: {} })));
  return {
    html: `<!doctype html><html><body><div id="root"></div>${state}</body></html>`,
    fetchedAt: new Date(fetchedAt),
  };
}

const runner = cardProduct('p1', 'Trail Runner', 2999, { category: 'MEN', type: 'SPORTS_SHOES' });
const loafer = cardProduct('p2', 'Suede Loafer', 1999, { category: 'MEN', type: 'LEATHER_SHOES' });
const sandal = cardProduct('p3', 'Strappy Sandal', 999, {
  category: 'WOMEN',
  type: 'SANDALS',
  soldOut: true,
});

const collectionPage = keptPage(
  [{ operationName: 'CollectionProducts', data: productsPage([runner, loafer, sandal]) }],
  '2026-11-20T10:00:00Z',
);
// The loafer's own page, seen later: a new price, and the description a search also reads.
const loaferPage = keptPage(
  [
    {
      operationName: 'ProductDetail',
      data: {
        product: {
          ...loafer,
          price: 1799,
          description: 'Breathable mesh lining',
          sizes: ['8'],
          related: [runner],
        },
      },
    },
  ],
  '2026-11-22T10:00:00Z',
);

const view = (query: string) =>
  viewOfKept(
    productsOfPages([collectionPage, loaferPage]),
    parseCollectionParams(new URLSearchParams(query)),
  );
const names = (query: string) => view(query).products.map((product) => product.name);

describe('the collection over the products kept on the device', () => {
  it('reads each product once from the kept pages, newest page first, with what the newest page said', () => {
    const kept = productsOfPages([collectionPage, loaferPage]);
    expect(kept.map((product) => product.id)).toEqual(['p2', 'p1', 'p3']);
    expect(kept[0]).toMatchObject({ price: 1799, description: 'Breathable mesh lining' });
    expect(kept[0]!.fetchedAt).toEqual(new Date('2026-11-22T10:00:00Z'));
  });

  it('ignores pages without results, or with results of another shape', () => {
    const broken: KeptPage = {
      html: '<html><body><script type="application/json" id="server-state">{"not":"a list"}</script></body></html>',
      fetchedAt: undefined,
    };
    const plain: KeptPage = { html: '<html><body><h1>Shoes</h1></body></html>', fetchedAt: undefined };
    expect(productsOfPages([broken, plain])).toEqual([]);
    expect(productsOfPages([broken, collectionPage]).map((product) => product.id)).toEqual([
      'p1',
      'p2',
      'p3',
    ]);
  });

  it('filters, searches and sorts as the store does', () => {
    expect(names('')).toEqual(['Suede Loafer', 'Trail Runner', 'Strappy Sandal']);
    expect(names('category=WOMEN')).toEqual(['Strappy Sandal']);
    expect(names('category=MEN&type=SPORTS_SHOES,SANDALS')).toEqual(['Trail Runner']);
    expect(names('inStock=true')).toEqual(['Suede Loafer', 'Trail Runner']);
    // In the name, the type's name, and the description where a kept page had it.
    expect(names('q=runner')).toEqual(['Trail Runner']);
    expect(names('q=leather')).toEqual(['Suede Loafer']);
    expect(names('q=MESH')).toEqual(['Suede Loafer']);
    expect(names('q=boots')).toEqual([]);
    expect(names('sort=PRICE_ASC')).toEqual(['Strappy Sandal', 'Suede Loafer', 'Trail Runner']);
    expect(names('sort=PRICE_DESC&inStock=true')).toEqual(['Trail Runner', 'Suede Loafer']);
  });

  it('counts each filter group with the others applied, over what is kept', () => {
    const { facets } = view('category=MEN&q=s');
    expect(facets.categories).toEqual([
      { __typename: 'CategoryCount', category: 'MEN', count: 2 },
      { __typename: 'CategoryCount', category: 'WOMEN', count: 1 },
    ]);
    expect(facets.types.find((count) => count.type === 'SPORTS_SHOES')?.count).toBe(1);
    expect(facets.types.find((count) => count.type === 'SANDALS')?.count).toBe(0);
  });

  it('says the list is only what this device has seen, as of the oldest page it shows', () => {
    expect(view('').notice).toMatch(
      /^You’re offline: only the shoes you’ve already seen on this device are shown, as of 20 Nov 2026, .+\. Prices and stock may have changed\.$/,
    );
    expect(view('q=mesh').notice).toContain('as of 22 Nov 2026');
  });
});
