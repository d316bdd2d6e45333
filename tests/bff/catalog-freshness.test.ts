import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../../scripts/service-process.js';
import { startApi, type RunningApi } from '../support/api-process.js';
import { ADMIN_ENV, adminLogin, NEW_SHOE, pngFile, postForm, productForm } from '../support/back-office.js';
import { startBff } from '../support/bff-process.js';
import { gql } from '../support/graphql.js';
import { call } from '../support/http.js';
import { startLineageBackend, type LineageBackend } from '../support/lineage-backend.js';
import { TEST_JWT_SECRET } from '../support/store-api.js';

// A product the back office adds or removes with the admin contract, straight at the API (the lineage's admin panel
// never goes through the store's URL), shows at the store's URL on the next request, not a CATALOG_TTL_MS later: the
// BFF asks our API's catalogue version first, one check in flight however many requests wait. A backend of spec
// section 7 only (no version to ask) keeps the interval.

const FIND = /* GraphQL */ `
  query Find($search: String, $id: ID!) {
    products(filter: { search: $search }, first: 5) {
      totalCount
      nodes {
        id
        name
      }
    }
    product(id: $id) {
      id
      name
    }
  }
`;
const MISSING_ID = '0'.repeat(24);
interface FindAnswer {
  products: { totalCount: number; nodes: Array<{ id: string; name: string }> };
  product: { id: string; name: string } | null;
}

/**
 * A pass-through in front of the API that counts the BFF's version checks (the query with no products), and those the
 * API answered 304 (the version the BFF holds still stands).
 */
async function countingProxy(target: string): Promise<{
  url: string;
  checks: () => number;
  unchanged: () => number;
  mostAtOnce: () => number;
  server: Server;
}> {
  let checks = 0;
  let unchanged = 0;
  let running = 0;
  let mostAtOnce = 0;
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const isCheck = /^\/api\/product\/query\?(.*&)?limit=0(&|$)/.test(incoming.url ?? '');
    if (isCheck) {
      checks += 1;
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
    }
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        if (isCheck && answer.statusCode === 304) unchanged += 1;
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        answer.once('end', () => {
          if (isCheck) running -= 1;
        });
      },
    );
    forwarded.once('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    checks: () => checks,
    unchanged: () => unchanged,
    mostAtOnce: () => mostAtOnce,
    server,
  };
}

describe('our API: an admin change shows at the store URL at once', () => {
  let api: RunningApi;
  let bff: RunningService;
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  let admin: string;
  beforeAll(async () => {
    api = await startApi({ JWT_SECRET: TEST_JWT_SECRET, ...ADMIN_ENV });
    proxy = await countingProxy(api.url);
    // A long interval: only the version check can make the change show within this test.
    bff = await startBff(proxy.url, { CATALOG_TTL_MS: '600000' });
    admin = await adminLogin(api.url);
  });
  afterAll(async () => {
    await bff.stop();
    proxy.server.closeAllConnections();
    await new Promise((resolve) => proxy.server.close(resolve));
    await api.stop();
  });

  const find = async (search: string, id: string) => {
    const answer = await gql<FindAnswer>(bff.url, FIND, { search, id });
    expect(answer.errors).toBeUndefined();
    return answer.data!;
  };
  const storeList = async () =>
    (await call(bff.url, 'GET', '/api/product/list')).body.products as Array<{ _id: string }>;

  it('shows a product added at the API on the next GraphQL request and in the list at the store URL, and hides it once removed', async () => {
    const word = 'Quixotica';
    // Both are read (and kept) before the change.
    expect((await find(word, 'none')).products.totalCount).toBe(0);
    const before = await storeList();

    const added = await postForm(
      api.url,
      '/api/product/add',
      productForm({ ...NEW_SHOE, name: `${word} Runner` }, [pngFile()]),
      admin,
    );
    expect(added.status).toBe(201);
    const id = (added.body.product as { _id: string })._id;

    const found = await find(word, id);
    expect(found.products.nodes.map((n) => n.id)).toEqual([id]);
    expect(found.product).toEqual({ id, name: `${word} Runner` });
    const after = await storeList();
    expect(after.map((p) => p._id)).toEqual([...before.map((p) => p._id), id]);

    expect(
      await call(api.url, 'POST', '/api/product/remove', { id }, { headers: { token: admin } }),
    ).toMatchObject({ status: 200 });
    const gone = await find(word, id);
    expect(gone.products.totalCount).toBe(0);
    expect(gone.product).toBeNull();
    expect((await storeList()).map((p) => p._id)).not.toContain(id);
  });

  it('makes one version check per request, however many fields read the catalogue, a kept answer gone stale included', async () => {
    const checks = async (search: string, id: string) => {
      const before = proxy.checks();
      await find(search, id);
      return proxy.checks() - before;
    };
    // Two root fields, each reading the catalogue (an id of the right form is looked up).
    expect(await checks('Onecheck', MISSING_ID)).toBe(1);
    const added = await postForm(
      api.url,
      '/api/product/add',
      productForm({ ...NEW_SHOE, name: 'Onecheck Runner' }, [pngFile()]),
      admin,
    );
    expect(added.status).toBe(201);
    // The kept answer's version is checked, found stale, and the resolvers read the catalogue of that same check.
    expect(await checks('Onecheck', MISSING_ID)).toBe(1);
    expect((await find('Onecheck', MISSING_ID)).products.totalCount).toBe(1);
    const id = (added.body.product as { _id: string })._id;
    expect(
      await call(api.url, 'POST', '/api/product/remove', { id }, { headers: { token: admin } }),
    ).toMatchObject({ status: 200 });
  });

  it('makes at most one version check at a time, fewer checks than requests in a burst, each answered 304', async () => {
    await find('runner', 'none');
    const checksBefore = proxy.checks();
    const unchangedBefore = proxy.unchanged();
    // Each a different query, so none is answered from another's flight or the BFF's answer cache.
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        gql<FindAnswer>(bff.url, FIND, { search: `runner ${String(i)}`, id: `none-${String(i)}` }),
      ),
    );
    for (const answer of burst) expect(answer.errors).toBeUndefined();
    const checks = proxy.checks() - checksBefore;
    expect(checks).toBeGreaterThan(0);
    expect(checks).toBeLessThan(40);
    expect(proxy.mostAtOnce()).toBe(1);
    // The catalogue did not change: each check was asked with the version the BFF held, and the API only read it.
    expect(proxy.unchanged() - unchangedBefore).toBe(checks);
  });
});

describe('a backend of spec section 7 only: the catalogue keeps its interval', () => {
  let backend: LineageBackend;
  let bff: RunningService;
  beforeAll(async () => {
    backend = await startLineageBackend();
    bff = await startBff(backend.url, { CATALOG_TTL_MS: '600000' });
  });
  afterAll(async () => {
    await bff.stop();
    await backend.stop();
  });

  it('reads the list once per interval, not once per request', async () => {
    const first = backend.products[0]!;
    for (let i = 0; i < 3; i += 1)
      expect((await gql<FindAnswer>(bff.url, FIND, { search: '', id: first._id })).data?.product?.id).toBe(
        first._id,
      );
    const lists = () => backend.requests().filter((r) => r.path === '/api/product/list').length;
    const read = lists();
    expect(read).toBe(1);
    backend.products.push({ ...first, _id: 'f'.repeat(24), name: 'Interval Loafer' });
    const answer = await gql<FindAnswer>(bff.url, FIND, { search: 'Interval', id: 'f'.repeat(24) });
    expect(answer.data?.product).toBeNull();
    expect(lists()).toBe(read);
    await call(bff.url, 'GET', '/api/product/list');
    expect(lists()).toBe(read);
  });
});
