import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../api/src/catalog/product.js';
import { upsertProducts } from '../../api/src/catalog/repository.js';
import type { StoreDatabase } from '../../api/src/db/database.js';
import { migrateToLatest } from '../../api/src/db/migrate.js';
import * as initial from '../../api/src/db/migrations/001_initial.js';
import * as catalogQuery from '../../api/src/db/migrations/002_catalog_query.js';
import * as catalogSearch from '../../api/src/db/migrations/003_catalog_search.js';
import * as backOffice from '../../api/src/db/migrations/004_back_office.js';
import { LOW_STOCK_THRESHOLD, MAX_STOCK_COUNT } from '#domain/stock';
import { CATEGORIES, SUB_CATEGORIES, type Category, type SubCategory } from '#domain/store-rules';
import { startApi, type RunningApi } from '../support/api-process.js';
import { ADMIN_ENV, adminLogin } from '../support/back-office.js';
import { BACKENDS, freshDatabaseEnv, openStoreDatabase, type Backend } from '../support/databases.js';
import { call } from '../support/http.js';
import { signUp, TEST_JWT_SECRET, VALID_ADDRESS } from '../support/store-api.js';

// Stock per size (issue 28): the back office's stock calls, what shoppers see of it on the REST answers (lowStock,
// only when few pairs are left), the in-stock filter of the query endpoint, and the catalogue version, which changes
// only when what shoppers see does.

const STOCK = '/api/product/stock';
const LOW = '/api/product/stock/low';
const ADMIN_REFUSED = 'Not authorized. Please sign in to the back office again.';

interface ShownProduct {
  _id: string;
  name: string;
  sizes: string[];
  category: Category;
  subCategory: SubCategory;
  lowStock?: Record<string, number>;
}

interface QueryAnswer {
  products: ShownProduct[];
  total: number;
  facets: { category: Record<Category, number>; subCategory: Record<SubCategory, number> };
  nextCursor: string | null;
  version: string;
}

const SIZES = ['UK 6', 'UK 7', 'UK 8'];
const WORDS = ['Harbour', 'Meadow', 'Summit'];

/** 20 shoes over every (category, type) cell, two per cell; names share a few words so searches match several. */
function catalogue(): Product[] {
  return Array.from({ length: 20 }, (_, i) => ({
    _id: `shoe-${i}`,
    name: `${WORDS[i % 3]!} Walker ${i}`,
    description: 'A steady pair for long days.',
    price: 1500 + i * 100,
    image: ['/images/sneakers-navy-side.svg'],
    category: CATEGORIES[i % 2]!,
    subCategory: SUB_CATEGORIES[Math.floor(i / 2) % 5]!,
    sizes: SIZES,
    bestseller: false,
    date: Date.UTC(2025, 0, 1) + i * 86_400_000,
  }));
}

describe.each(BACKENDS)('stock per size on %s', (backend) => {
  let api: RunningApi;
  let database: StoreDatabase;
  let admin: string;
  const products = catalogue();
  const started: { api?: RunningApi; database?: StoreDatabase } = {};
  beforeAll(async () => {
    const env = await freshDatabaseEnv(backend);
    api = started.api = await startApi({
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_CATALOG: 'false',
      ...ADMIN_ENV,
      ...env,
    });
    database = started.database = openStoreDatabase(env, api.dataDir);
    await upsertProducts(database, products);
    admin = await adminLogin(api.url);
  });
  afterAll(async () => {
    await started.database?.destroy();
    await started.api?.stop();
  });

  const setStock = (body: unknown) => call(api.url, 'POST', STOCK, body, { headers: { token: admin } });
  const setCount = async (productId: string, size: string, count: number | null) => {
    const res = await setStock({ productId, size, count });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as {
      success: true;
      message: string;
      productId: string;
      stock: Record<string, number | null>;
    };
  };
  const counts = async (productId: string) => {
    const rows = await database.db
      .selectFrom('product_stock')
      .select(['size', 'quantity'])
      .where('product_id', '=', productId)
      .orderBy('size')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.size, r.quantity]));
  };
  const query = async (params: Record<string, string | number>) => {
    const search = new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const res = await call(api.url, 'GET', `/api/product/query?${search.toString()}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as QueryAnswer;
  };
  const list = async () => {
    const res = await call(api.url, 'GET', '/api/product/list');
    return { etag: res.headers.get('etag'), products: res.body.products as ShownProduct[] };
  };
  const single = async (productId: string) =>
    (await call(api.url, 'POST', '/api/product/single', { productId })).body.product as ShownProduct;
  /** The product as each of the three answers shows it (list, query by id, single): they must agree. */
  const everywhere = async (productId: string) => {
    const fromList = (await list()).products.find((p) => p._id === productId)!;
    const fromQuery = (await query({ ids: productId })).products[0]!;
    const fromSingle = await single(productId);
    expect(fromQuery).toEqual(fromList);
    expect(fromSingle).toEqual(fromList);
    return fromList;
  };
  const version = async () => (await query({ limit: 0, facets: 'false' })).version;

  it('refuses the stock calls to a shopper, to no token and to a forged one, and changes nothing', async () => {
    const shopper = await signUp(api.url);
    const before = await version();
    for (const [path, body] of [
      [STOCK, { productId: 'shoe-0', size: 'UK 6', count: 0 }],
      [LOW, {}],
    ] as const) {
      const attempts: Array<Record<string, string>> = [
        { token: shopper.token },
        { authorization: `Bearer ${shopper.token}` },
        { token: 'forged.token.value' },
        {},
      ];
      for (const headers of attempts) {
        const res = await call(api.url, 'POST', path, body, { headers });
        expect(res, `${path} ${JSON.stringify(headers)}`).toMatchObject({
          status: 401,
          body: { success: false, message: ADMIN_REFUSED },
        });
      }
    }
    expect(await counts('shoe-0')).toEqual({});
    expect(await version()).toBe(before);
  });

  it('sets a count and answers every size of the product; null stops counting the size', async () => {
    const set = await setCount('shoe-1', 'UK 7', 12);
    expect(set).toEqual({
      success: true,
      message: `${products[1]!.name}, UK 7: 12 pairs in stock`,
      productId: 'shoe-1',
      stock: { 'UK 6': null, 'UK 7': 12, 'UK 8': null },
    });
    // Bearer, as the shoppers' calls take it, works too.
    const bearer = await call(
      api.url,
      'POST',
      STOCK,
      { productId: 'shoe-1', size: 'UK 8', count: 1 },
      { token: admin },
    );
    expect(bearer.body).toMatchObject({ success: true, stock: { 'UK 6': null, 'UK 7': 12, 'UK 8': 1 } });
    expect(await counts('shoe-1')).toEqual({ 'UK 7': 12, 'UK 8': 1 });

    const untracked = await setCount('shoe-1', 'UK 8', null);
    expect(untracked.message).toBe(`${products[1]!.name}, UK 8 is no longer counted (it always sells)`);
    expect(untracked.stock).toEqual({ 'UK 6': null, 'UK 7': 12, 'UK 8': null });
    expect(await counts('shoe-1')).toEqual({ 'UK 7': 12 });
    // Stopping the count of a size that is not counted is no change, and no failure.
    expect((await setCount('shoe-1', 'UK 8', null)).stock).toEqual({
      'UK 6': null,
      'UK 7': 12,
      'UK 8': null,
    });
  });

  it('refuses a negative, fractional, too large or missing count, an unknown product or size, with a message, changing nothing', async () => {
    await setCount('shoe-2', 'UK 6', 5);
    const before = await version();
    const refusals: Array<[unknown, number, string]> = [
      [{ productId: 'shoe-2', size: 'UK 6', count: -1 }, 400, 'count cannot be negative'],
      [{ productId: 'shoe-2', size: 'UK 6', count: 2.5 }, 400, 'count must be a whole number'],
      [
        { productId: 'shoe-2', size: 'UK 6', count: MAX_STOCK_COUNT + 1 },
        400,
        `count cannot be more than ${MAX_STOCK_COUNT}`,
      ],
      [{ productId: 'shoe-2', size: 'UK 6', count: '3' }, 400, 'count must be a number'],
      [
        { productId: 'shoe-2', size: 'UK 6' },
        400,
        'count is required: the pairs on hand (a whole number), or null to stop counting the size',
      ],
      [{ size: 'UK 6', count: 1 }, 400, 'productId is required'],
      [{ productId: 'shoe-2', count: 1 }, 400, 'size is required'],
      [{ productId: 'shoe-2', size: 'UK 6', count: 1, note: 'x' }, 400, 'Unknown field: note'],
      [{ productId: 'no-such-shoe', size: 'UK 6', count: 1 }, 404, 'Product not found for ID: no-such-shoe'],
      [
        { productId: 'shoe-2', size: 'UK 12', count: 1 },
        400,
        `${products[2]!.name} has no size "UK 12"; its sizes are "UK 6", "UK 7", "UK 8"`,
      ],
    ];
    for (const [body, status, message] of refusals) {
      const res = await setStock(body);
      expect(res, JSON.stringify(body)).toMatchObject({ status, body: { success: false, message } });
    }
    expect(await counts('shoe-2')).toEqual({ 'UK 6': 5 });
    expect(await version()).toBe(before);
  });

  it('shows lowStock on the list, the query and single only for sizes at or below the threshold, never a larger count', async () => {
    const id = 'shoe-3';
    expect(await everywhere(id)).not.toHaveProperty('lowStock');
    await setCount(id, 'UK 6', LOW_STOCK_THRESHOLD + 1);
    await setCount(id, 'UK 7', 977);
    // Counted, but plentiful: the answer is exactly as before stock.
    expect(await everywhere(id)).not.toHaveProperty('lowStock');

    await setCount(id, 'UK 6', LOW_STOCK_THRESHOLD);
    expect((await everywhere(id)).lowStock).toEqual({ 'UK 6': LOW_STOCK_THRESHOLD });
    await setCount(id, 'UK 8', 0);
    expect((await everywhere(id)).lowStock).toEqual({ 'UK 6': LOW_STOCK_THRESHOLD, 'UK 8': 0 });

    // No answer names a count above the threshold, for any product.
    const shown = (await list()).products.flatMap((p) => Object.values(p.lowStock ?? {}));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((n) => n <= LOW_STOCK_THRESHOLD)).toBe(true);
    expect(JSON.stringify((await list()).products)).not.toContain(':977');

    await setCount(id, 'UK 6', null);
    await setCount(id, 'UK 8', 40);
    expect(await everywhere(id)).not.toHaveProperty('lowStock');
  });

  it('changes the catalogue version and the list ETag only when what shoppers see changes', async () => {
    const id = 'shoe-4';
    await setCount(id, 'UK 7', 40);
    const first = { version: await version(), etag: (await list()).etag };
    // 40 → 39 → 4: nothing shown changes.
    await setCount(id, 'UK 7', 39);
    await setCount(id, 'UK 7', LOW_STOCK_THRESHOLD + 1);
    expect(await version()).toBe(first.version);
    expect((await list()).etag).toBe(first.etag);
    // 4 → 3: "Only 3 left" appears.
    await setCount(id, 'UK 7', LOW_STOCK_THRESHOLD);
    const low = { version: await version(), etag: (await list()).etag };
    expect(low.version).not.toBe(first.version);
    expect(low.etag).not.toBe(first.etag);
    // 3 → 2 changes the shown count; 2 → 2 changes nothing.
    await setCount(id, 'UK 7', 2);
    const two = await version();
    expect(two).not.toBe(low.version);
    await setCount(id, 'UK 7', 2);
    expect(await version()).toBe(two);
  });

  it('inStock=true leaves out the sold-out products, and the total and facets count without them', async () => {
    // shoe-5 (Men) and shoe-6 (Women) sold out in every size; shoe-7 sold out in two sizes of three (still sellable).
    for (const size of SIZES) {
      await setCount('shoe-5', size, 0);
      await setCount('shoe-6', size, 0);
    }
    await setCount('shoe-7', 'UK 6', 0);
    await setCount('shoe-7', 'UK 7', 0);
    const soldOut = new Set(['shoe-5', 'shoe-6']);
    expect((await everywhere('shoe-5')).lowStock).toEqual({ 'UK 6': 0, 'UK 7': 0, 'UK 8': 0 });

    const expected = (keep: (p: Product) => boolean) => {
      const left = products.filter((p) => !soldOut.has(p._id) && keep(p));
      return { ids: left.map((p) => p._id), total: left.length };
    };
    const facetsOf = (keep: (p: Product) => boolean) => {
      const left = products.filter((p) => !soldOut.has(p._id) && keep(p));
      return {
        category: Object.fromEntries(CATEGORIES.map((c) => [c, left.filter((p) => p.category === c).length])),
        subCategory: Object.fromEntries(
          SUB_CATEGORIES.map((s) => [s, left.filter((p) => p.subCategory === s).length]),
        ),
      };
    };

    const all = await query({ limit: 100, inStock: 'true' });
    expect(all.products.map((p) => p._id)).toEqual(expected(() => true).ids);
    expect(all.total).toBe(18);
    expect(all.facets).toEqual(facetsOf(() => true));
    const everything = await query({ limit: 0 });
    expect(everything.total).toBe(20);
    expect((await query({ limit: 0, inStock: 'false' })).total).toBe(20);

    // With a filter, a sort, a search (each database's own search engine), ids and relatedTo.
    const men = await query({ category: 'Men', sort: 'price_desc', limit: 100, inStock: 'true' });
    const menExpected = expected((p) => p.category === 'Men');
    expect(men.products.map((p) => p._id)).toEqual([...menExpected.ids].reverse());
    expect(men.total).toBe(menExpected.total);
    // Facets: each group counted with the other group's ticks, and without the sold-out products.
    expect(men.facets.subCategory).toEqual(facetsOf((p) => p.category === 'Men').subCategory);

    for (const sort of ['relevant', 'price_asc', 'newest']) {
      const searched = await query({ q: 'harbour', sort, limit: 100, inStock: 'true' });
      const harbour = expected((p) => p.name.startsWith('Harbour'));
      expect([...searched.products.map((p) => p._id)].sort(), sort).toEqual([...harbour.ids].sort());
      expect(searched.total).toBe(harbour.total);
      expect(searched.facets).toEqual(facetsOf((p) => p.name.startsWith('Harbour')));
      // The same count without facets (SQLite counts it apart).
      expect((await query({ q: 'harbour', limit: 0, facets: 'false', inStock: 'true' })).total).toBe(
        harbour.total,
      );
    }
    expect((await query({ q: 'harbour', limit: 0, facets: 'false' })).total).toBe(7);

    const byId = await query({ ids: 'shoe-5,shoe-7,shoe-8', inStock: 'true' });
    expect(byId.products.map((p) => p._id)).toEqual(['shoe-7', 'shoe-8']);
    expect(byId.total).toBe(2);
    // shoe-15 shares its (category, type) cell with shoe-5 alone.
    expect((await query({ relatedTo: 'shoe-15', limit: 100 })).products.map((p) => p._id)).toEqual([
      'shoe-5',
    ]);
    expect(await query({ relatedTo: 'shoe-15', inStock: 'true', limit: 100 })).toMatchObject({
      total: 0,
      products: [],
    });

    // Paging with a cursor keeps leaving them out.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: QueryAnswer = await query({
        limit: 4,
        sort: 'price_asc',
        inStock: 'true',
        ...(cursor ? { cursor } : {}),
      });
      paged.push(...page.products.map((p) => p._id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(paged).toEqual(expected(() => true).ids);

    // Back in stock: counted again at once (the counts are cached by catalogue version, which the change bumped).
    await setCount('shoe-5', 'UK 8', 6);
    const back = await query({ limit: 0, inStock: 'true' });
    expect(back.total).toBe(19);
    expect(back.facets.category.Women).toBe(facetsOf(() => true).category.Women! + 1);
    expect((await everywhere('shoe-5')).lowStock).toEqual({ 'UK 6': 0, 'UK 7': 0 });
  });

  it('refuses a bad inStock value', async () => {
    const res = await call(api.url, 'GET', '/api/product/query?inStock=yes');
    expect(res).toMatchObject({
      status: 400,
      body: { success: false, message: 'inStock must be true or false' },
    });
  });

  it('lists what is running out, lowest first, with the product name; a threshold widens it', async () => {
    await setCount('shoe-9', 'UK 6', 1);
    await setCount('shoe-9', 'UK 7', 7);
    const low = await call(api.url, 'POST', LOW, {}, { headers: { token: admin } });
    expect(low.status).toBe(200);
    const body = low.body as {
      success: true;
      threshold: number;
      items: Array<{ productId: string; name: string; size: string; count: number }>;
    };
    expect(body.threshold).toBe(LOW_STOCK_THRESHOLD);
    const found = await database.db
      .selectFrom('product_stock')
      .select(['product_id', 'size', 'quantity'])
      .where('quantity', '<=', LOW_STOCK_THRESHOLD)
      .execute();
    expect(body.items).toHaveLength(found.length);
    expect(body.items.map((i) => i.count)).toEqual([...body.items.map((i) => i.count)].sort((a, b) => a - b));
    expect(body.items).toContainEqual({
      productId: 'shoe-9',
      name: products[9]!.name,
      size: 'UK 6',
      count: 1,
    });
    expect(body.items.some((i) => i.size === 'UK 7' && i.productId === 'shoe-9')).toBe(false);

    const wider = await call(api.url, 'POST', LOW, { threshold: 7 }, { headers: { token: admin } });
    expect(
      (wider.body.items as Array<{ productId: string; size: string; count: number }>).find(
        (i) => i.productId === 'shoe-9' && i.size === 'UK 7',
      ),
    ).toEqual(expect.objectContaining({ count: 7 }));
    for (const [threshold, message] of [
      [-1, 'threshold cannot be negative'],
      [1.5, 'threshold must be a whole number'],
    ] as const) {
      expect(await call(api.url, 'POST', LOW, { threshold }, { headers: { token: admin } })).toMatchObject({
        status: 400,
        body: { success: false, message },
      });
    }
  });

  it('drops the counts of sizes a product no longer has, and a write without stock keeps the others', async () => {
    const shoe = products[10]!;
    for (const size of SIZES) await setCount(shoe._id, size, 0);
    expect((await query({ ids: shoe._id, inStock: 'true' })).total).toBe(0);

    // Written again without stock, sizes unchanged: the counts and what is shown stay.
    await upsertProducts(database, [{ ...shoe, price: 1999 }]);
    expect(await counts(shoe._id)).toEqual({ 'UK 6': 0, 'UK 7': 0, 'UK 8': 0 });
    expect((await single(shoe._id)).lowStock).toEqual({ 'UK 6': 0, 'UK 7': 0, 'UK 8': 0 });

    // UK 8 gone, UK 9 new (not counted, so it sells): UK 8's count goes, and the product is no longer sold out.
    const before = await version();
    await upsertProducts(database, [{ ...shoe, sizes: ['UK 6', 'UK 7', 'UK 9'] }]);
    expect(await counts(shoe._id)).toEqual({ 'UK 6': 0, 'UK 7': 0 });
    expect((await single(shoe._id)).lowStock).toEqual({ 'UK 6': 0, 'UK 7': 0 });
    expect((await query({ ids: shoe._id, inStock: 'true' })).total).toBe(1);
    expect(await version()).not.toBe(before);

    // Given with the product, the counts replace its counts: a size not named is no longer counted.
    await upsertProducts(database, [shoe], { stock: new Map([[shoe._id, { 'UK 8': 2 }]]) });
    expect(await counts(shoe._id)).toEqual({ 'UK 8': 2 });
    expect(await everywhere(shoe._id)).toMatchObject({ lowStock: { 'UK 8': 2 } });
  });

  it('removing a product from the back office removes its counts', async () => {
    await setCount('shoe-11', 'UK 6', 2);
    const res = await call(
      api.url,
      'POST',
      '/api/product/remove',
      { id: 'shoe-11' },
      { headers: { token: admin } },
    );
    expect(res.body).toMatchObject({ success: true });
    expect(await counts('shoe-11')).toEqual({});
    const low = await call(api.url, 'POST', LOW, {}, { headers: { token: admin } });
    expect((low.body.items as Array<{ productId: string }>).some((i) => i.productId === 'shoe-11')).toBe(
      false,
    );
  });
});

/** Migrations 001–004 only: a store as it was before stock. */
async function migrateBeforeStock(db: Kysely<unknown>, backend: Backend): Promise<void> {
  const dialect = backend;
  const before = {
    '001_initial': initial,
    '002_catalog_query': catalogQuery,
    '003_catalog_search': catalogSearch,
    '004_back_office': backOffice,
  };
  const migrations = Object.fromEntries(
    Object.entries(before).map(([name, m]): [string, Migration] => [
      name,
      { up: (kdb) => m.up(kdb, dialect) },
    ]),
  );
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  }).migrateToLatest();
  if (error !== undefined) throw new Error('Migrations 001–004 failed', { cause: error });
}

describe.each(BACKENDS)('a catalogue from before stock, on %s', (backend) => {
  it('stays sellable after migration 005: no lowStock, nothing sold out, every size orderable', async () => {
    const env = await freshDatabaseEnv(backend);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-stock-migration-'));
    const database = openStoreDatabase(env, dataDir);
    try {
      await migrateBeforeStock(database.db as unknown as Kysely<unknown>, backend);
      const shoe = catalogue()[0]!;
      await sql`
        INSERT INTO products (id, position, name, description, price, images, category, sub_category, sizes, bestseller, date)
        VALUES (${shoe._id}, 1, ${shoe.name}, ${shoe.description}, ${shoe.price}, ${JSON.stringify(shoe.image)}, ${shoe.category},
          ${shoe.subCategory}, ${JSON.stringify(shoe.sizes)}, 0, ${shoe.date})
      `.execute(database.db);
      await migrateToLatest(database);
    } finally {
      await database.destroy();
    }
    const api = await startApi({ JWT_SECRET: TEST_JWT_SECRET, SEED_CATALOG: 'false', ...env }, dataDir);
    try {
      const listed = (await call(api.url, 'GET', '/api/product/list')).body.products as ShownProduct[];
      expect(listed.map((p) => p._id)).toEqual(['shoe-0']);
      expect(listed[0]).not.toHaveProperty('lowStock');
      const inStock = await call(api.url, 'GET', '/api/product/query?inStock=true');
      expect(inStock.body).toMatchObject({ total: 1, products: [{ _id: 'shoe-0' }] });
      const shopper = await signUp(api.url);
      const order = await call(
        api.url,
        'POST',
        '/api/order/place',
        {
          address: VALID_ADDRESS,
          items: [{ _id: 'shoe-0', size: 'UK 7', quantity: 5 }],
        },
        { token: shopper.token },
      );
      expect(order.body).toMatchObject({ success: true });
    } finally {
      await api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
