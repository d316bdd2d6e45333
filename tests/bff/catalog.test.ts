import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../support/api-process.js';
import { startBff } from '../support/bff-process.js';
import { codesOf, gql } from '../support/graphql.js';
import { startLineageBackend } from '../support/lineage-backend.js';
import { listProducts, TEST_JWT_SECRET, type CatalogProduct } from '../support/store-api.js';

interface Node {
  id: string;
  name: string;
  price: number;
  category: 'MEN' | 'WOMEN';
  type: string;
}
interface ProductsAnswer {
  products: {
    totalCount: number;
    nodes: Node[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    facets: {
      categories: Array<{ category: string; count: number }>;
      types: Array<{ type: string; count: number }>;
    };
  };
}

const PRODUCTS = /* GraphQL */ `
  query Products($filter: ProductFilter, $sort: ProductSort, $first: Int, $after: String) {
    products(filter: $filter, sort: $sort, first: $first, after: $after) {
      totalCount
      nodes {
        id
        name
        price
        category
        type
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      facets {
        categories {
          category
          count
        }
        types {
          type
          count
        }
      }
    }
  }
`;

const TYPE_LABELS: Record<string, string> = {
  SPORTS_SHOES: 'Sports Shoes',
  SNEAKERS: 'Sneakers',
  LEATHER_SHOES: 'Leather Shoes',
  SLIPPERS: 'Slippers',
  SANDALS: 'Sandals',
};

// The same rules on both ways the BFF reads a catalogue: our API's query (in its database), and the whole list
// held in memory for a backend that speaks only spec section 7.
const BACKENDS = [
  {
    name: 'our API (the BFF asks its catalogue query)',
    start: () => startApi({ JWT_SECRET: TEST_JWT_SECRET }),
  },
  { name: 'a backend of the seed kind (the BFF holds its list)', start: () => startLineageBackend() },
];

describe.each(BACKENDS)('catalogue through the BFF on $name', ({ start }) => {
  let backend: { url: string; stop(): Promise<void> };
  let bffProcess: { url: string; stop(): Promise<void> };
  let catalog: CatalogProduct[] = [];
  const bff = () => bffProcess.url;
  beforeAll(async () => {
    backend = await start();
    bffProcess = await startBff(backend.url);
    catalog = await listProducts(backend.url);
  });
  afterAll(async () => {
    await bffProcess.stop();
    await backend.stop();
  });

  it('lists the whole catalogue in the API order, with totals', async () => {
    const answer = await gql<ProductsAnswer>(bff(), PRODUCTS, { first: 100 });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.products.totalCount).toBe(catalog.length);
    expect(answer.data?.products.nodes.map((n) => n.id)).toEqual(catalog.map((p) => p._id));
  });

  it('filters OR within a group and AND across groups, with facet counts', async () => {
    const filter = { categories: ['WOMEN'], types: ['SNEAKERS', 'SANDALS'] };
    const answer = await gql<ProductsAnswer>(bff(), PRODUCTS, { filter, first: 100 });
    const expected = catalog.filter(
      (p) => p.category === 'Women' && ['Sneakers', 'Sandals'].includes(p.subCategory),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.data?.products.nodes.map((n) => n.id)).toEqual(expected.map((p) => p._id));
    // Each group's counts apply the other group: ticking Men would show Men's sneakers and sandals.
    const men = catalog.filter(
      (p) => p.category === 'Men' && ['Sneakers', 'Sandals'].includes(p.subCategory),
    ).length;
    expect(answer.data?.products.facets.categories).toContainEqual({ category: 'MEN', count: men });
    const womenSlippers = catalog.filter(
      (p) => p.category === 'Women' && p.subCategory === 'Slippers',
    ).length;
    expect(answer.data?.products.facets.types).toContainEqual({ type: 'SLIPPERS', count: womenSlippers });
  });

  it('sorts by price both ways and searches case-insensitively', async () => {
    const ascending = await gql<ProductsAnswer>(bff(), PRODUCTS, { sort: 'PRICE_ASC', first: 100 });
    const prices = ascending.data?.products.nodes.map((n) => n.price) ?? [];
    expect(prices).toEqual([...catalog.map((p) => p.price)].sort((a, b) => a - b));
    const descending = await gql<ProductsAnswer>(bff(), PRODUCTS, { sort: 'PRICE_DESC', first: 100 });
    expect(descending.data?.products.nodes.map((n) => n.price)).toEqual([...prices].reverse());

    const word = catalog[0]!.name.split(' ')[0]!;
    const found = await gql<ProductsAnswer>(bff(), PRODUCTS, {
      filter: { search: word.toUpperCase() },
      first: 100,
    });
    expect(found.data?.products.nodes.map((n) => n.id)).toContain(catalog[0]!._id);
    for (const node of found.data?.products.nodes ?? []) {
      const product = catalog.find((p) => p._id === node.id)!;
      const text =
        `${product.name} ${(product as unknown as { description: string }).description} ${product.subCategory}`.toLowerCase();
      expect(text).toContain(word.toLowerCase());
    }
  });

  it('pages with cursors without repeating or skipping', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 20; page++) {
      const answer: Awaited<ReturnType<typeof gql<ProductsAnswer>>> = await gql<ProductsAnswer>(
        bff(),
        PRODUCTS,
        { first: 10, after },
      );
      seen.push(...(answer.data?.products.nodes.map((n) => n.id) ?? []));
      if (answer.data?.products.pageInfo.hasNextPage !== true) break;
      after = answer.data.products.pageInfo.endCursor;
    }
    expect(seen).toEqual(catalog.map((p) => p._id));
  });

  it('shows one product with at most 5 related products of the same category and type', async () => {
    const shoe = catalog.find((p) =>
      catalog.some((q) => q._id !== p._id && q.category === p.category && q.subCategory === p.subCategory),
    )!;
    const answer = await gql<{ product: (Node & { sizes: string[]; related: Node[] }) | null }>(
      bff(),
      'query($id: ID!) { product(id: $id) { id name price category type sizes related { id category type } } }',
      { id: shoe._id },
    );
    expect(answer.data?.product?.sizes).toEqual(shoe.sizes);
    const related = answer.data?.product?.related ?? [];
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(5);
    for (const r of related) {
      expect(r.id).not.toBe(shoe._id);
      expect(r.category).toBe(shoe.category.toUpperCase());
      expect(TYPE_LABELS[r.type]).toBe(shoe.subCategory);
    }
  });

  it('answers null for an unknown product and the 4 newest for latestProducts', async () => {
    const unknown = await gql<{ product: unknown }>(bff(), '{ product(id: "no-such-shoe") { id } }');
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data?.product).toBeNull();
    const latest = await gql<{ latestProducts: Array<{ id: string; addedAt: string }> }>(
      bff(),
      '{ latestProducts { id addedAt } }',
    );
    expect(latest.data?.latestProducts).toHaveLength(4);
    const dates = latest.data?.latestProducts.map((p) => Date.parse(p.addedAt)) ?? [];
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('refuses bad arguments with BAD_USER_INPUT', async () => {
    expect(codesOf(await gql(bff(), PRODUCTS, { first: 0 }))).toEqual(['BAD_USER_INPUT']);
    expect(codesOf(await gql(bff(), PRODUCTS, { first: 1000 }))).toEqual(['BAD_USER_INPUT']);
    expect(codesOf(await gql(bff(), PRODUCTS, { after: 'not-a-cursor' }))).toEqual(['BAD_USER_INPUT']);
    expect(codesOf(await gql(bff(), PRODUCTS, { filter: { search: 'x'.repeat(500) } }))).toEqual([
      'BAD_USER_INPUT',
    ]);
    expect(codesOf(await gql(bff(), PRODUCTS, { sort: 'CHEAPEST' }))).toEqual(['BAD_USER_INPUT']);
    expect(codesOf(await gql(bff(), PRODUCTS, { filter: { categories: ['KIDS'] } }))).toEqual([
      'BAD_USER_INPUT',
    ]);
  });
});
