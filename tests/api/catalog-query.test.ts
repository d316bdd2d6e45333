import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../api/src/catalog/product.js';
import { upsertProducts } from '../../api/src/catalog/repository.js';
import type { StoreDatabase } from '../../api/src/db/database.js';
import { CATEGORIES, SUB_CATEGORIES, type Category, type SubCategory } from '#domain/store-rules';
import { startApi, type RunningApi } from '../support/api-process.js';
import { BACKENDS, freshDatabaseEnv, openStoreDatabase, type Backend } from '../support/databases.js';
import { call } from '../support/http.js';

// GET /api/product/query on a catalogue built for the test, written through the repository the import uses.

interface Answer {
  success: true;
  products: Product[];
  total: number;
  facets?: { category: Record<Category, number>; subCategory: Record<SubCategory, number> };
  nextCursor: string | null;
  cursors: string[];
  version: string;
  imageOrigins: string[];
}

const MODEL: Record<SubCategory, string> = {
  'Sports Shoes': 'Runner',
  Sneakers: 'Court Low',
  'Leather Shoes': 'Oxford',
  Slippers: 'Mule',
  Sandals: 'Strap',
};
const BRANDS = ['Aurex', 'Kavi', 'Solace', 'Tarang', 'Marlow'];
const COLOURS = ['Navy', 'Olive', 'Onyx', 'Tan', 'Chalk'];
const DAY = 86_400_000;

function shoe(
  id: string,
  fields: Partial<Product> & Pick<Product, 'name' | 'category' | 'subCategory'>,
): Product {
  return {
    _id: id,
    description: 'A comfortable pair for every day.',
    price: 1999,
    image: ['/images/sneakers-navy-side.svg'],
    sizes: ['UK 6', 'UK 7'],
    bestseller: false,
    date: Date.UTC(2025, 0, 1),
    ...fields,
  };
}

/** 30 plain shoes (3 per category × type, with price and date ties) between a shoe that says "sandals" only in its
 *  description (first, so the lowest position) and one that has it in its name (last). */
function catalogue(): Product[] {
  const plain = Array.from({ length: 30 }, (_, i) => {
    const category = CATEGORIES[i % 2]!;
    const subCategory = SUB_CATEGORIES[i % 5]!;
    return shoe(`plain-${i}`, {
      name: `${BRANDS[Math.floor(i / 2) % 5]!} ${MODEL[subCategory]} ${COLOURS[Math.floor(i / 5) % 5]!}`,
      category,
      subCategory,
      price: 1000 + (i % 6) * 500 + (i % 4 === 0 ? 0.5 : 0),
      date: Date.UTC(2025, 0, 1) + (i % 7) * DAY,
    });
  });
  return [
    shoe('sandals-in-description', {
      name: 'Kavi Breeze Low',
      description: 'Light enough to wear wherever you would wear sandals.',
      category: 'Women',
      subCategory: 'Sneakers',
      price: 2500,
    }),
    ...plain,
    shoe('cafe-loafer', {
      name: 'Café Crème Loafer',
      category: 'Women',
      subCategory: 'Leather Shoes',
      price: 4200,
    }),
    shoe('sandals-in-name', {
      name: 'Sandals Lounge Edition',
      category: 'Men',
      subCategory: 'Slippers',
      price: 1200,
    }),
  ];
}

function query(api: RunningApi, params: Record<string, string | number>) {
  const search = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  );
  return call(api.url, 'GET', `/api/product/query?${search.toString()}`);
}

async function ask(api: RunningApi, params: Record<string, string | number>): Promise<Answer> {
  const res = await query(api, params);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Answer;
}

/** Every page of a query, following nextCursor; optionally doing something between two pages. */
async function allPages(
  api: RunningApi,
  params: Record<string, string | number>,
  between?: (page: number) => Promise<void>,
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 500; page += 1) {
    const answer: Answer = await ask(api, cursor ? { ...params, cursor } : params);
    ids.push(...answer.products.map((p) => p._id));
    cursor = answer.nextCursor;
    if (cursor === null) return ids;
    await between?.(page);
  }
  throw new Error('paging did not end');
}

const ids = (answer: Answer) => answer.products.map((p) => p._id);

function byKey(products: Product[], key: (p: Product) => number, direction: 1 | -1): string[] {
  const position = new Map(products.map((p, i) => [p._id, i]));
  return [...products]
    .sort((a, b) => direction * (key(a) - key(b)) || position.get(a._id)! - position.get(b._id)!)
    .map((p) => p._id);
}

/** An API on a fresh database holding `products`, for the tests of the describe block it is called in. */
function withCatalogue(
  backend: Backend,
  products: readonly Product[],
  ready: (api: RunningApi, database: StoreDatabase) => void,
): void {
  let api: RunningApi | undefined;
  let database: StoreDatabase | undefined;
  beforeAll(async () => {
    const env = await freshDatabaseEnv(backend);
    api = await startApi({ SEED_CATALOG: 'false', ...env });
    database = openStoreDatabase(env, api.dataDir);
    await upsertProducts(database, products);
    ready(api, database);
  });
  afterAll(async () => {
    await database?.destroy();
    await api?.stop();
  });
}

describe.each(BACKENDS)('catalogue query on %s', (backend) => {
  let api: RunningApi;
  let database: StoreDatabase;
  const products = catalogue();

  withCatalogue(backend, products, (started, opened) => {
    api = started;
    database = opened;
  });

  it('answers the catalogue in its own order with the list product shape, total, facets and version', async () => {
    const answer = await ask(api, { limit: 5 });
    expect(answer.success).toBe(true);
    expect(ids(answer)).toEqual(products.slice(0, 5).map((p) => p._id));
    expect(answer.products[1]).toEqual(products[1]);
    expect(answer.total).toBe(products.length);
    expect(answer.facets).toEqual({
      category: { Men: 16, Women: 17 },
      subCategory: { 'Sports Shoes': 6, Sneakers: 7, 'Leather Shoes': 7, Slippers: 7, Sandals: 6 },
    });
    expect(typeof answer.nextCursor).toBe('string');
    expect(answer.version).toMatch(/\S/);
    const list = await call(api.url, 'GET', '/api/product/list');
    expect((list.body.products as Product[]).slice(0, 5)).toEqual(answer.products);
  });

  it('ranks a match in the name above one in the type above one in the description', async () => {
    const answer = await ask(api, { q: 'sandals', limit: 100 });
    const sandalsByType = products.filter((p) => p.subCategory === 'Sandals').map((p) => p._id);
    expect(ids(answer)).toEqual(['sandals-in-name', ...sandalsByType, 'sandals-in-description']);
    expect(answer.total).toBe(sandalsByType.length + 2);
  });

  it('matches the last word as a prefix, as the shopper types', async () => {
    const sneakers = products.filter((p) => p.subCategory === 'Sneakers').map((p) => p._id);
    for (const q of ['snea', 'sneak', 'court lo']) {
      const answer = await ask(api, { q, limit: 100 });
      expect(answer.total, q).toBeGreaterThan(0);
      expect(
        ids(answer).every((id) => sneakers.includes(id)),
        q,
      ).toBe(true);
    }
    expect((await ask(api, { q: 'snea' })).total).toBe(sneakers.length);
  });

  it('forgives one typo in a word of five letters or more, not in a shorter word', async () => {
    const sneakers = await ask(api, { q: 'sneakers', limit: 100 });
    expect(ids(await ask(api, { q: 'snekers', limit: 100 }))).toEqual(ids(sneakers));
    const sandals = await ask(api, { q: 'sandals', limit: 100 });
    expect(ids(await ask(api, { q: 'sandels', limit: 100 }))).toEqual(ids(sandals));
    // A transposition, and a typo in a word that is not the last one.
    expect((await ask(api, { q: 'olvie' })).total).toBe((await ask(api, { q: 'olive' })).total);
    expect((await ask(api, { q: 'olvie strap' })).total).toBe((await ask(api, { q: 'olive strap' })).total);
    // Four letters: "nevy" is not "navy".
    expect((await ask(api, { q: 'navy' })).total).toBeGreaterThan(0);
    expect((await ask(api, { q: 'nevy' })).total).toBe(0);
    expect((await ask(api, { q: 'xyzzyq' })).total).toBe(0);
  });

  it('ignores case and accents', async () => {
    for (const q of ['CAFE', 'café', 'creme loafer', 'Crème']) {
      expect(ids(await ask(api, { q })), q).toEqual(['cafe-loafer']);
    }
  });

  it('combines filters: OR within a group, AND across groups and with the search text', async () => {
    const answer = await ask(api, { category: 'Men', subCategory: 'Sneakers,Sandals', limit: 100 });
    const expected = products.filter(
      (p) => p.category === 'Men' && ['Sneakers', 'Sandals'].includes(p.subCategory),
    );
    expect(ids(answer)).toEqual(expected.map((p) => p._id));
    const both = await ask(api, { category: 'Men,Women', subCategory: 'Sandals', limit: 100 });
    expect(ids(both)).toEqual(products.filter((p) => p.subCategory === 'Sandals').map((p) => p._id));
    const searched = await ask(api, { q: 'navy', category: 'Women', limit: 100 });
    expect(searched.total).toBeGreaterThan(0);
    expect(searched.products.every((p) => p.category === 'Women' && p.name.includes('Navy'))).toBe(true);
    expect(searched.total).toBe(
      products.filter((p) => p.category === 'Women' && p.name.includes('Navy')).length,
    );
  });

  it('sorts by price both ways and by date, ties by the catalogue order, across pages', async () => {
    expect(await allPages(api, { sort: 'price_asc', limit: 4 })).toEqual(byKey(products, (p) => p.price, 1));
    expect(await allPages(api, { sort: 'price_desc', limit: 4 })).toEqual(
      byKey(products, (p) => p.price, -1),
    );
    expect(await allPages(api, { sort: 'newest', limit: 4 })).toEqual(byKey(products, (p) => p.date, -1));
    expect(await allPages(api, { sort: 'relevant', limit: 4 })).toEqual(products.map((p) => p._id));
    const men = products.filter((p) => p.category === 'Men');
    expect(await allPages(api, { sort: 'price_desc', category: 'Men', limit: 3 })).toEqual(
      byKey(men, (p) => p.price, -1),
    );
    const navy = products.filter((p) => p.name.includes('Navy'));
    expect(await allPages(api, { q: 'navy', sort: 'price_asc', limit: 2 })).toEqual(
      byKey(navy, (p) => p.price, 1),
    );
    expect(await allPages(api, { q: 'navy', sort: 'newest', limit: 2 })).toEqual(
      byKey(navy, (p) => p.date, -1),
    );
  });

  it('pages a ranked search with a cursor, with no duplicates or gaps', async () => {
    const whole = ids(await ask(api, { q: 'sandals', limit: 100 }));
    expect(await allPages(api, { q: 'sandals', limit: 2 })).toEqual(whole);
    expect(await allPages(api, { q: 'sandals', limit: 1 })).toEqual(whole);
  });

  it('gives a cursor after each product, so paging can resume after any of them', async () => {
    const cases: Array<Record<string, string>> = [
      { q: 'sandals' },
      { sort: 'price_desc' },
      { sort: 'newest', category: 'Women' },
      {},
    ];
    for (const params of cases) {
      const page = await ask(api, { ...params, limit: 6 });
      expect(page.cursors).toHaveLength(page.products.length);
      expect(page.nextCursor).toBe(page.cursors.at(-1));
      const resumed = await ask(api, { ...params, limit: 3, cursor: page.cursors[2]! });
      expect(ids(resumed), JSON.stringify(params)).toEqual(ids(page).slice(3, 6));
    }
    expect((await ask(api, { limit: 0 })).cursors).toEqual([]);
  });

  it('counts each facet group with the other group and the search applied, not its own', async () => {
    const filters = { q: 'navy', category: 'Men', subCategory: 'Sneakers,Sandals' };
    const answer = await ask(api, { ...filters, limit: 0 });
    for (const category of CATEGORIES) {
      const alone = await ask(api, { ...filters, category, limit: 0 });
      expect(answer.facets!.category[category], category).toBe(alone.total);
    }
    for (const subCategory of SUB_CATEGORIES) {
      const alone = await ask(api, { ...filters, subCategory, limit: 0 });
      expect(answer.facets!.subCategory[subCategory], subCategory).toBe(alone.total);
    }
    expect(answer.total).toBe(answer.facets!.subCategory.Sneakers + answer.facets!.subCategory.Sandals);
  });

  it('answers only the counts for limit=0, and leaves facets out when asked', async () => {
    const answer = await ask(api, { q: 'navy', limit: 0 });
    expect(answer.products).toEqual([]);
    expect(answer.nextCursor).toBeNull();
    expect(answer.total).toBe(products.filter((p) => p.name.includes('Navy')).length);
    const bare = await ask(api, { facets: 'false', limit: 1 });
    expect(bare.facets).toBeUndefined();
    expect(bare.total).toBe(products.length);
    // A search asked first without facets counts only the matches in the filter; the same as with facets.
    const alone = await ask(api, {
      q: 'marlow',
      category: 'Men',
      subCategory: 'Slippers,Sandals',
      facets: 'false',
    });
    const withFacets = await ask(api, { q: 'marlow', category: 'Men', subCategory: 'Slippers,Sandals' });
    expect(alone.facets).toBeUndefined();
    expect(alone.total).toBeGreaterThan(0);
    expect(alone.total).toBe(withFacets.total);
    expect(ids(alone)).toEqual(ids(withFacets));
  });

  it('looks products up by id', async () => {
    const answer = await ask(api, { ids: 'plain-7,no-such-shoe,plain-2' });
    expect(ids(answer)).toEqual(['plain-2', 'plain-7']);
    expect(answer.total).toBe(2);
    expect(ids(await ask(api, { ids: 'plain-7,plain-2', q: 'olive' }))).toEqual(
      ['plain-2', 'plain-7'].filter((id) => products.find((p) => p._id === id)!.name.includes('Olive')),
    );
  });

  it('answers the related shoes of a product: same category and type, never itself', async () => {
    const product = products.find((p) => p._id === 'plain-3')!;
    const expected = products.filter(
      (p) =>
        p.category === product.category && p.subCategory === product.subCategory && p._id !== product._id,
    );
    const answer = await ask(api, { relatedTo: 'plain-3', limit: 5 });
    expect(ids(answer)).toEqual(expected.map((p) => p._id).slice(0, 5));
    expect(answer.total).toBe(expected.length);
    expect((await ask(api, { relatedTo: 'no-such-shoe' })).total).toBe(0);
  });

  it('refuses bad parameters with 400 and a message', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ colour: 'red' }, 'Unknown parameter: colour'],
      [{ sort: 'cheapest' }, 'sort must be one of relevant, price_asc, price_desc, newest'],
      [{ limit: '101' }, 'limit must be a whole number from 0 to 100'],
      [{ limit: '-1' }, 'limit must be a whole number from 0 to 100'],
      [{ limit: 'ten' }, 'limit must be a whole number from 0 to 100'],
      [{ category: 'Kids' }, 'category must be a comma-separated list of Men, Women (got Kids)'],
      [{ subCategory: 'Boots' }, 'subCategory must be a comma-separated list of'],
      [{ q: 'x'.repeat(101) }, 'q must be at most 100 characters'],
      [{ ids: 'a,b c' }, 'ids must be product ids'],
      [
        { ids: Array.from({ length: 201 }, (_, i) => `p${i}`).join(',') },
        'ids takes at most 200 product ids',
      ],
      [{ relatedTo: 'a b' }, 'relatedTo must be a product id'],
      [{ facets: 'yes' }, 'facets must be true or false'],
      [{ cursor: 'not-a-cursor' }, 'cursor is not one this API gave out'],
    ];
    for (const [params, message] of cases) {
      const res = await query(api, params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message as string).toContain(message);
    }
    const { nextCursor } = await ask(api, { sort: 'price_asc', limit: 2 });
    const res = await query(api, { sort: 'newest', cursor: nextCursor! });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('cursor belongs to another sort or search; start again without it');
  });

  it('changes the version after an import, and only then; the search index follows a rename', async () => {
    const before = (await ask(api, { limit: 0 })).version;
    expect((await ask(api, { q: 'navy', limit: 1 })).version).toBe(before);
    expect((await ask(api, { q: 'cafe', limit: 0 })).total).toBe(1);

    const cafe = products.find((p) => p._id === 'cafe-loafer')!;
    await upsertProducts(database, [{ ...cafe, name: 'Bistro Penny Loafer' }]);
    const after = await ask(api, { q: 'bistro' });
    expect(after.version).not.toBe(before);
    expect(ids(after)).toEqual(['cafe-loafer']);
    expect((await ask(api, { q: 'cafe', limit: 0 })).total).toBe(0);
    expect((await ask(api, { q: 'creme', limit: 0 })).total).toBe(0);
    expect((await ask(api, { limit: 0 })).version).toBe(after.version);
    // The spec's list follows too.
    const list = await call(api.url, 'GET', '/api/product/list');
    expect((list.body.products as Product[]).find((p) => p._id === 'cafe-loafer')?.name).toBe(
      'Bistro Penny Loafer',
    );
    await upsertProducts(database, [cafe]);
  });

  it('tags an answer with the catalogue version, and answers 304 to that tag until the catalogue changes', async () => {
    const path = '/api/product/query?limit=0&facets=false';
    const first = await call(api.url, 'GET', path);
    const etag = first.headers.get('etag')!;
    expect(etag).toBe(`W/"${(first.body as unknown as Answer).version}"`);
    const again = await call(api.url, 'GET', path, undefined, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const cafe = products.find((p) => p._id === 'cafe-loafer')!;
    await upsertProducts(database, [{ ...cafe, price: cafe.price + 100 }]);
    const changed = await call(api.url, 'GET', path, undefined, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).toBe(`W/"${(changed.body as unknown as Answer).version}"`);
    expect(changed.headers.get('etag')).not.toBe(etag);
    await upsertProducts(database, [cafe]);
  });

  it('pages without duplicates or gaps while products are added between pages', async () => {
    let added = 0;
    // A few times per paging, so a growing catalogue still ends.
    const addSome = async (page: number) => {
      if (page >= 5) return;
      added += 1;
      // Shoes that sort before and after the cursor, matching the search and not.
      await upsertProducts(database, [
        shoe(`late-navy-cheap-${added}`, {
          name: 'Late Navy Runner',
          category: 'Men',
          subCategory: 'Sports Shoes',
          price: 600 + added,
        }),
        shoe(`late-navy-dear-${added}`, {
          name: 'Late Navy Strap',
          category: 'Women',
          subCategory: 'Sandals',
          price: 9000 + added,
        }),
        shoe(`late-plain-${added}`, {
          name: 'Late Plain Mule',
          category: 'Men',
          subCategory: 'Slippers',
          price: 1500,
          date: Date.UTC(2026, 0, 1),
        }),
      ]);
    };
    const original = (filter: (p: Product) => boolean, order: string[]) =>
      order.filter((id) => products.some((p) => p._id === id && filter(p)));
    const isNavy = (p: Product) => p.name.includes('Navy');
    const cases: Array<[Record<string, string | number>, string[]]> = [
      [{ sort: 'relevant', limit: 3 }, products.map((p) => p._id)],
      [{ sort: 'price_asc', limit: 3 }, byKey(products, (p) => p.price, 1)],
      [{ sort: 'newest', limit: 3 }, byKey(products, (p) => p.date, -1)],
      [
        { q: 'navy', sort: 'price_desc', limit: 1 },
        original(
          isNavy,
          byKey(products, (p) => p.price, -1),
        ),
      ],
      [
        { q: 'navy', limit: 1 },
        original(
          isNavy,
          products.map((p) => p._id),
        ),
      ],
      [{ q: 'sandals', limit: 2 }, ids(await ask(api, { q: 'sandals', limit: 100 }))],
    ];
    for (const [params, expected] of cases) {
      const seen = await allPages(api, params, addSome);
      expect(new Set(seen).size, JSON.stringify(params)).toBe(seen.length);
      expect(
        seen.filter((id) => !id.startsWith('late-')),
        JSON.stringify(params),
      ).toEqual(expected);
    }
    expect(added).toBeGreaterThan(10);
  });
  it("names the origins of the catalogue's absolute image URLs, and follows an import that adds one", async () => {
    expect((await ask(api, { limit: 0 })).imageOrigins).toEqual([]);
    const cdn = shoe('on-a-cdn', {
      name: 'Cdn Runner',
      category: 'Men',
      subCategory: 'Sports Shoes',
      image: ['https://img.shop.example/a.png', '/images/a.svg'],
    });
    await upsertProducts(database, [cdn]);
    expect((await ask(api, { limit: 0 })).imageOrigins).toEqual(['https://img.shop.example']);
    await upsertProducts(database, [{ ...cdn, image: ['/images/sneakers-navy-side.svg'] }]);
    expect((await ask(api, { limit: 0 })).imageOrigins).toEqual([]);
  });
});

// More matches than a price or date order sorts whole: the order's index is walked instead (SQLite), on both.
describe.each(BACKENDS)('catalogue query over many matches on %s', (backend) => {
  let api: RunningApi;
  let database: StoreDatabase;
  const products = Array.from({ length: 2600 }, (_, i) =>
    shoe(`many-${i}`, {
      name: `${BRANDS[i % 5]!} ${MODEL[SUB_CATEGORIES[i % 5]!]} ${COLOURS[i % 3]!}`,
      description: i % 13 === 0 ? 'A plain pair.' : 'An everyday pair.',
      category: CATEGORIES[i % 2]!,
      subCategory: SUB_CATEGORIES[i % 5]!,
      price: 500 + ((i * 7919) % 997) + (i % 3 === 0 ? 0.25 : 0),
      date: Date.UTC(2025, 0, 1) + ((i * 104_729) % 613) * 3_600_000,
    }),
  );
  const everyday = products.filter((p) => p.description.includes('everyday'));

  withCatalogue(backend, products, (started, opened) => {
    api = started;
    database = opened;
  });

  it('sorts and pages over all of them', async () => {
    expect((await ask(api, { q: 'everyday', limit: 0 })).total).toBe(everyday.length);
    expect(await allPages(api, { q: 'everyday', sort: 'price_asc', limit: 100 })).toEqual(
      byKey(everyday, (p) => p.price, 1),
    );
    expect(await allPages(api, { q: 'everyday', sort: 'price_desc', limit: 100 })).toEqual(
      byKey(everyday, (p) => p.price, -1),
    );
    expect(await allPages(api, { q: 'everyday', sort: 'newest', limit: 100 })).toEqual(
      byKey(everyday, (p) => p.date, -1),
    );
    const women = everyday.filter((p) => p.category === 'Women');
    expect(await allPages(api, { q: 'everyday', sort: 'price_desc', category: 'Women', limit: 100 })).toEqual(
      byKey(women, (p) => p.price, -1),
    );
    const noSandals = everyday.filter((p) => p.subCategory !== 'Sandals');
    const types = 'Sports Shoes,Sneakers,Leather Shoes,Slippers';
    expect(await allPages(api, { q: 'everyday', sort: 'newest', subCategory: types, limit: 100 })).toEqual(
      byKey(noSandals, (p) => p.date, -1),
    );
    expect(await allPages(api, { q: 'everyday', limit: 100 })).toEqual(everyday.map((p) => p._id));
  });

  it('sorts and pages a filter over many of them without search text', async () => {
    const women = products.filter((p) => p.category === 'Women');
    expect(await allPages(api, { sort: 'price_asc', category: 'Women', limit: 100 })).toEqual(
      byKey(women, (p) => p.price, 1),
    );
    expect(
      await allPages(api, { sort: 'newest', category: 'Women', subCategory: 'Sneakers,Sandals', limit: 100 }),
    ).toEqual(
      byKey(
        women.filter((p) => ['Sneakers', 'Sandals'].includes(p.subCategory)),
        (p) => p.date,
        -1,
      ),
    );
    expect(await allPages(api, { sort: 'price_desc', limit: 100 })).toEqual(
      byKey(products, (p) => p.price, -1),
    );
  });

  it('leaves the sold-out products out of every sort and filter with inStock=true, and counts without them', async () => {
    const gone = products.filter((_, i) => i % 3 === 2);
    await upsertProducts(database, gone, {
      stock: new Map(gone.map((p) => [p._id, Object.fromEntries(p.sizes.map((s) => [s, 0]))])),
    });
    const left = products.filter((_, i) => i % 3 !== 2);
    const women = left.filter((p) => p.category === 'Women');
    const answer = await ask(api, { inStock: 'true', category: 'Women', limit: 0 });
    expect(answer.total).toBe(women.length);
    expect(answer.facets!.category).toEqual({ Men: left.length - women.length, Women: women.length });
    // More than 1,000 matches: SQLite walks the sort's index (its own plan).
    expect(await allPages(api, { inStock: 'true', sort: 'price_asc', limit: 100 })).toEqual(
      byKey(left, (p) => p.price, 1),
    );
    expect(await allPages(api, { inStock: 'true', sort: 'newest', category: 'Women', limit: 100 })).toEqual(
      byKey(women, (p) => p.date, -1),
    );
    expect(await allPages(api, { inStock: 'true', limit: 100 })).toEqual(left.map((p) => p._id));
    expect(await allPages(api, { inStock: 'true', q: 'everyday', sort: 'price_desc', limit: 100 })).toEqual(
      byKey(
        everyday.filter((p) => left.includes(p)),
        (p) => p.price,
        -1,
      ),
    );
  });
});

// The search's rules for a catalogue of plain ASCII words: a query word matches a word equal to it, a word it begins
// (the last query word, from 2 letters) or, from 5 letters, a word one insertion, deletion, substitution or
// transposition away. Tier 3: every query word in the name; 2: in the name or the type; 1: anywhere.
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Words of ASCII letters and digits one insertion, deletion, substitution or transposition apart. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  const indexes = (s: string) => Array.from({ length: s.length }, (_, i) => i);
  if (a.length === b.length) {
    const differ = indexes(a).filter((i) => a[i] !== b[i]);
    if (differ.length === 1) return true;
    const [i, j] = differ as [number, number];
    return differ.length === 2 && j === i + 1 && a[i] === b[j] && a[j] === b[i];
  }
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  if (longer.length - shorter.length !== 1) return false;
  return indexes(longer).some((i) => longer.slice(0, i) + longer.slice(i + 1) === shorter);
}

type Tier = 0 | 1 | 2 | 3;

/** The oracle's answers by query and product text: the catalogues repeat a few hundred texts thousands of times. */
const tiers = new Map<string, Tier>();

function tierOf(q: string, product: Product): Tier {
  const key = [q, product.name, product.subCategory, product.description].join('\u0000');
  let tier = tiers.get(key);
  if (tier === undefined) {
    tier = tierOfText(q, product);
    tiers.set(key, tier);
  }
  return tier;
}

function tierOfText(q: string, product: Product): Tier {
  const words = [...new Set(wordsOf(q))];
  const last = wordsOf(q).at(-1)!;
  const matches = (word: string, among: string[]) =>
    among.some(
      (w) =>
        w === word ||
        (word === last && word.length >= 2 && w.startsWith(word)) ||
        (word.length >= 5 && oneEditApart(word, w)),
    );
  const all = (among: string[]) => words.every((word) => matches(word, among));
  const name = wordsOf(product.name);
  const type = wordsOf(product.subCategory);
  if (all(name)) return 3;
  if (all([...name, ...type])) return 2;
  return all([...name, ...type, ...wordsOf(product.description)]) ? 1 : 0;
}

// Matches spread over every tier and cell, some sparse and some dense, so that each page plan PostgreSQL picks from
// the counts (walking the catalogue or a sort's index, or sorting every match) is taken by some of these queries.
describe.each(BACKENDS)('catalogue search ranked and sorted over many matches on %s', (backend) => {
  let api: RunningApi;
  let database: StoreDatabase;
  let products = Array.from({ length: 3000 }, (_, i) => {
    const subCategory = SUB_CATEGORIES[i % 5]!;
    return shoe(`tier-${i}`, {
      name: `${BRANDS[i % 5]!} ${MODEL[subCategory]} ${COLOURS[Math.floor(i / 7) % 5]!}${i % 97 === 0 ? ' Breeze' : ''}`,
      description:
        i % 7 === 0
          ? 'Light as a breeze, cool as sandals.'
          : i % 11 === 0
            ? 'Wear it like sandals all summer.'
            : 'An everyday pair.',
      category: CATEGORIES[Math.floor(i / 5) % 2]!,
      subCategory,
      price: 500 + ((i * 7919) % 997) + (i % 3 === 0 ? 0.25 : 0),
      date: Date.UTC(2025, 0, 1) + ((i * 104_729) % 613) * 3_600_000,
    });
  });

  const searches: Array<Record<string, string>> = [
    { q: 'breeze' },
    { q: 'breeze', category: 'Men' },
    { q: 'breeze', subCategory: 'Sneakers,Slippers' },
    { q: 'sandals' },
    { q: 'sandals', category: 'Women', subCategory: 'Sneakers' },
    { q: 'sandals', subCategory: 'Sports Shoes,Sandals' },
    { q: 'sand', category: 'Men' },
    { q: 'breze' },
    { q: 'navy strap' },
    { q: 'summer sandals', subCategory: 'Sneakers,Leather Shoes' },
    { q: 'sandals', relatedTo: 'tier-9' },
  ];

  /** The expected answer from the products as they are now. */
  function expected(params: Record<string, string>): { ids: string[]; total: number } {
    const related =
      params.relatedTo === undefined ? undefined : products.find((p) => p._id === params.relatedTo)!;
    const categories = params.category?.split(',') ?? [...CATEGORIES];
    const types = params.subCategory?.split(',') ?? [...SUB_CATEGORIES];
    const found = products
      .map((p) => ({ p, tier: tierOf(params.q!, p) }))
      .filter(({ p, tier }) => tier > 0 && categories.includes(p.category) && types.includes(p.subCategory))
      .filter(
        ({ p }) =>
          !related ||
          (p.category === related.category && p.subCategory === related.subCategory && p._id !== related._id),
      )
      .filter(({ p }) => params.inStock !== 'true' || !soldOut.has(p._id));
    const matching = found.map(({ p }) => p);
    const ids =
      params.sort === 'price_asc'
        ? byKey(matching, (p) => p.price, 1)
        : params.sort === 'price_desc'
          ? byKey(matching, (p) => p.price, -1)
          : params.sort === 'newest'
            ? byKey(matching, (p) => p.date, -1)
            : [...found].sort((a, b) => b.tier - a.tier).map(({ p }) => p._id); // stable: catalogue order within a tier
    return { ids, total: found.length };
  }

  /** Sold out in every size (inStock=true leaves them out). */
  const soldOut = new Set<string>();

  async function expectAllSearches(extra: Record<string, string> = {}): Promise<void> {
    for (const search of searches) {
      for (const sort of ['relevant', 'price_asc', 'price_desc', 'newest']) {
        const params = { ...search, ...extra, sort };
        const want = expected(params);
        const first = await ask(api, { ...params, limit: 24 });
        expect(first.total, JSON.stringify(params)).toBe(want.total);
        expect(await allPages(api, { ...params, limit: 24 }), JSON.stringify(params)).toEqual(want.ids);
      }
    }
  }

  withCatalogue(backend, products, (started, opened) => {
    api = started;
    database = opened;
  });

  it('answers every tier in order, with filters, typos and prefixes, each sort, across pages', async () => {
    // The catalogue spreads as intended: sparse and dense tiers.
    expect(expected({ q: 'breeze' }).total).toBeGreaterThan(400);
    expect(products.filter((p) => tierOf('breeze', p) === 3)).toHaveLength(31);
    await expectAllSearches();
  });

  it('counts the facets of a search over many matches', async () => {
    const params = { q: 'sandals', category: 'Women', subCategory: 'Sneakers,Sandals' };
    const answer = await ask(api, { ...params, limit: 0 });
    for (const category of CATEGORIES) {
      expect(answer.facets!.category[category], category).toBe(expected({ ...params, category }).total);
    }
    for (const subCategory of SUB_CATEGORIES) {
      expect(answer.facets!.subCategory[subCategory], subCategory).toBe(
        expected({ ...params, subCategory }).total,
      );
    }
  });

  it('follows writes: a new price, a rename, a removal, an addition, and a change search does not see', async () => {
    const change = (id: string, fields: Partial<Product>) => {
      const changed = { ...products.find((p) => p._id === id)!, ...fields };
      products = products.map((p) => (p._id === id ? changed : p));
      return changed;
    };
    await upsertProducts(database, [
      change('tier-7', { price: 1 }),
      change('tier-14', { name: 'Kavi Breeze Runner', date: Date.UTC(2026, 5, 1) }),
      change('tier-21', { sizes: ['UK 11'] }),
    ]);
    // Removed the way the back office does: in one transaction that bumps the catalogue version first.
    await database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('catalog_state')
        .set((eb) => ({ revision: eb('revision', '+', 1) }))
        .where('id', '=', 1)
        .execute();
      await trx.deleteFrom('products').where('id', '=', 'tier-0').execute();
    });
    products = products.filter((p) => p._id !== 'tier-0');
    const late = shoe('late-breeze', {
      name: 'Late Breeze Mule',
      category: 'Women',
      subCategory: 'Slippers',
      price: 2,
    });
    await upsertProducts(database, [late]);
    products = [...products, late];

    expect(ids(await ask(api, { q: 'breeze', sort: 'price_asc', limit: 2 }))).toEqual([
      'tier-7',
      'late-breeze',
    ]);
    expect(ids(await ask(api, { q: 'breeze', sort: 'newest', limit: 1 }))).toEqual(['tier-14']);
    expect(ids(await ask(api, { q: 'breeze', limit: 1 }))).toEqual(['tier-14']);
    expect(
      (await ask(api, { ids: 'tier-0,tier-21', q: 'breeze' })).products.map((p) => [p._id, p.sizes]),
    ).toEqual([['tier-21', ['UK 11']]]);
    await expectAllSearches();
  });

  it('leaves the sold-out products out with inStock=true, in every plan, and counts the facets without them', async () => {
    // A quarter of the products, and every match of some cells' name tier: dense and sparse gaps for each plan.
    const gone = products.filter(
      (p, i) => i % 4 === 1 || (p.name.includes('Breeze') && p.category === 'Men'),
    );
    for (const p of gone) soldOut.add(p._id);
    const stock = new Map(gone.map((p) => [p._id, Object.fromEntries(p.sizes.map((size) => [size, 0]))]));
    await upsertProducts(database, gone, { stock });
    expect(expected({ q: 'breeze', inStock: 'true' }).total).toBeLessThan(expected({ q: 'breeze' }).total);
    await expectAllSearches({ inStock: 'true' });
    // Without the parameter, nothing is left out.
    await expectAllSearches();

    const params = { q: 'sandals', category: 'Women', subCategory: 'Sneakers,Sandals', inStock: 'true' };
    const answer = await ask(api, { ...params, limit: 0 });
    for (const category of CATEGORIES) {
      expect(answer.facets!.category[category], category).toBe(expected({ ...params, category }).total);
    }
    for (const subCategory of SUB_CATEGORIES) {
      expect(answer.facets!.subCategory[subCategory], subCategory).toBe(
        expected({ ...params, subCategory }).total,
      );
    }
    // The total alone (no facets) is counted apart on SQLite.
    expect((await ask(api, { ...params, limit: 0, facets: 'false' })).total).toBe(expected(params).total);
  });
});
