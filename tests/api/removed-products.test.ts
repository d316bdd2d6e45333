import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../api/src/catalog/product.js';
import { upsertProducts } from '../../api/src/catalog/repository.js';
import type { StoreDatabase } from '../../api/src/db/database.js';
import { startApi, type RunningApi } from '../support/api-process.js';
import { ADMIN_ENV, adminLogin, NEW_SHOE, pngFile, postForm, productForm } from '../support/back-office.js';
import { BACKENDS, freshDatabaseEnv, openStoreDatabase } from '../support/databases.js';
import { call } from '../support/http.js';
import { TEST_JWT_SECRET } from '../support/store-api.js';

// A product the back office removed is remembered as removed (a tombstone), so the catalogue query can tell it from
// an id that never existed (the store's page answers 410 Gone for one, 404 for the other). Writing the id again (the
// back office or the import, both through upsertProducts) makes it a product like any other.

interface QueryAnswer {
  products: Array<{ _id: string }>;
  total: number;
  removed?: string[];
}

describe.each(BACKENDS)('removed products on %s', (backend) => {
  let api: RunningApi;
  let database: StoreDatabase;
  let admin: string;
  const started: { api?: RunningApi; database?: StoreDatabase } = {};
  beforeAll(async () => {
    const env = await freshDatabaseEnv(backend);
    api = started.api = await startApi({ JWT_SECRET: TEST_JWT_SECRET, ...ADMIN_ENV, ...env });
    database = started.database = openStoreDatabase(env, api.dataDir);
    admin = await adminLogin(api.url);
  });
  afterAll(async () => {
    await started.database?.destroy();
    await started.api?.stop();
  });

  const query = async (params: string): Promise<QueryAnswer> => {
    const res = await call(api.url, 'GET', `/api/product/query?${params}`);
    expect(res.status).toBe(200);
    return res.body as unknown as QueryAnswer;
  };
  const remove = (id: string) =>
    call(api.url, 'POST', '/api/product/remove', { id }, { headers: { token: admin } });

  it('says a removed id is removed and an unknown one is not, until the id is written again', async () => {
    const added = await postForm(api.url, '/api/product/add', productForm(NEW_SHOE, [pngFile()]), admin);
    expect(added.status).toBe(201);
    const product = added.body.product as Product;
    const ids = `ids=${product._id},never-was-a-shoe&limit=2&facets=false`;
    expect(await query(ids)).toMatchObject({ total: 1, removed: [] });

    expect(await remove(product._id)).toMatchObject({ status: 200 });
    expect(await query(ids)).toMatchObject({ total: 0, products: [], removed: [product._id] });
    // Removing it again is still "not found", and it stays removed.
    expect(await remove(product._id)).toMatchObject({ status: 404 });
    expect((await query(ids)).removed).toEqual([product._id]);

    // Added again under the same id (the write the back office's add and the catalogue import share).
    const { _id, name, description, price, image, category, subCategory, sizes, bestseller, date } = product;
    await upsertProducts(database, [
      { _id, name, description, price, image, category, subCategory, sizes, bestseller, date },
    ]);
    const back = await query(ids);
    expect(back).toMatchObject({ total: 1, removed: [] });
    expect(back.products.map((p) => p._id)).toEqual([product._id]);
  });

  it('answers removed only to a query by ids (the field is an extra a list query does not carry)', async () => {
    const answer = await query('limit=1&facets=false');
    expect(answer.products).toHaveLength(1);
    expect(answer).not.toHaveProperty('removed');
  });
});
