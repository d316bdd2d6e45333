import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../../scripts/service-process.js';
import { startBff, useStore } from '../support/bff-process.js';
import { codesOf, gql } from '../support/graphql.js';
import {
  defaultCatalogue,
  startLineageBackend,
  type LineageBackend,
  type LineageProduct,
} from '../support/lineage-backend.js';

const SEARCH =
  'query($filter: ProductFilter, $sort: ProductSort, $first: Int, $after: String) { products(filter: $filter, sort: $sort, first: $first, after: $after) { totalCount edges { cursor node { id name type addedAt } } pageInfo { hasNextPage endCursor } } }';

interface Page {
  products: {
    totalCount: number;
    edges: Array<{ cursor: string; node: { id: string; name: string; type: string; addedAt: string } }>;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

// On our API the BFF asks the catalogue query: the database's search (typos, prefixes, ranking) answers.
describe("the BFF on our API's catalogue query", () => {
  const store = useStore();
  const bff = () => store().bff.url;
  const search = (text: string, extra: Record<string, unknown> = {}) =>
    gql<Page>(bff(), SEARCH, { filter: { search: text }, first: 50, ...extra });

  it('searches with the database: a typo and a half-typed word find the shoe, names rank first', async () => {
    const typo = await search('snekers');
    expect(typo.errors).toBeUndefined();
    expect(typo.data?.products.totalCount).toBeGreaterThan(0);
    expect(typo.data?.products.edges.map((e) => e.node.type)).toContain('SNEAKERS');
    const prefix = await search('sandal');
    expect(prefix.data?.products.edges.some((e) => e.node.type === 'SANDALS')).toBe(true);
    // Relevance: the shoes named for the word come before those that only are of that type or mention it.
    const named = (await search('sneakers')).data!.products.edges.map((e) => /sneaker/i.test(e.node.name));
    const firstUnnamed = named.indexOf(false);
    expect(firstUnnamed === -1 ? [] : named.slice(firstUnnamed)).not.toContain(true);
  });

  it('resumes after any edge of a page, and pages NEWEST with no duplicates or gaps', async () => {
    const all = (await gql<Page>(bff(), SEARCH, { sort: 'NEWEST', first: 100 })).data!.products;
    const dates = all.edges.map((e) => Date.parse(e.node.addedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const firstPage = (await gql<Page>(bff(), SEARCH, { sort: 'NEWEST', first: 5 })).data!.products;
    const fromThird = (
      await gql<Page>(bff(), SEARCH, { sort: 'NEWEST', first: 4, after: firstPage.edges[2]!.cursor })
    ).data!.products;
    expect(fromThird.edges.map((e) => e.node.id)).toEqual(all.edges.slice(3, 7).map((e) => e.node.id));

    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 30; i += 1) {
      const page: Page['products'] = (await gql<Page>(bff(), SEARCH, { sort: 'NEWEST', first: 7, after }))
        .data!.products;
      seen.push(...page.edges.map((e) => e.node.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(all.edges.map((e) => e.node.id));
  });

  it("refuses a cursor the API did not give, with the API's message", async () => {
    const answer = await gql(bff(), SEARCH, {
      first: 5,
      after: Buffer.from('{"s":"relevant","k":[1,2,3]}').toString('base64url'),
    });
    expect(codesOf(answer)).toEqual(['BAD_USER_INPUT']);
  });
});

// A backend that speaks only spec section 7: the BFF reads its whole list, up to CATALOG_MAX_BYTES.
describe('the BFF on a backend without the catalogue query', () => {
  let backend: LineageBackend;
  let bff: RunningService;
  beforeAll(async () => {
    // About 1.3 MiB of products: more than the BFF below is set to read.
    const many = (imagesUrl: string): LineageProduct[] => {
      const base = defaultCatalogue(imagesUrl);
      return Array.from({ length: 3000 }, (_, i) => ({
        ...base[i % base.length]!,
        _id: i.toString(16).padStart(24, '0'),
        description: 'x'.repeat(400),
      }));
    };
    backend = await startLineageBackend({ products: many });
    bff = await startBff(backend.url, { CATALOG_MAX_BYTES: String(1024 * 1024) });
  });
  afterAll(async () => {
    await bff.stop();
    await backend.stop();
  });

  it('refuses a list larger than CATALOG_MAX_BYTES with a message that says so', async () => {
    const answer = await gql(bff.url, '{ products(first: 5) { totalCount } }');
    expect(codesOf(answer)).toEqual(['UPSTREAM_ERROR']);
    expect(answer.errors?.[0]?.message).toMatch(/more than 1 MiB for \/api\/product\/list/);
    backend.products.splice(100);
    // The limit applies to what is read, not to the catalogue: a smaller list is read at the next revalidation.
    await expect
      .poll(
        async () =>
          (await gql<{ products: { totalCount: number } }>(bff.url, '{ products(first: 5) { totalCount } }'))
            .data?.products.totalCount,
        { timeout: 15_000 },
      )
      .toBe(100);
  });
});

describe("the spec's list at the store's URL", () => {
  let backend: LineageBackend;
  let bff: RunningService;
  beforeAll(async () => {
    backend = await startLineageBackend();
    bff = await startBff(backend.url, { CATALOG_TTL_MS: '60000' });
  });
  afterAll(async () => {
    await bff.stop();
    await backend.stop();
  });

  it("is answered from the BFF's copy with the backend's ETag: one backend read, 304 on a repeat, compressed once", async () => {
    const direct = await fetch(new URL('/api/product/list', backend.url));
    const bytes = Buffer.from(await direct.arrayBuffer());
    backend.clearRequests();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(new URL('/api/product/list', bff.url), { headers: { 'accept-encoding': 'identity' } }),
      ),
    );
    for (const answer of answers) expect(Buffer.from(await answer.arrayBuffer())).toEqual(bytes);
    const etag = answers[0]!.headers.get('etag');
    expect(etag).toBe(direct.headers.get('etag'));
    const repeat = await fetch(new URL('/api/product/list', bff.url), {
      headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' },
    });
    expect(repeat.status).toBe(304);
    const { request } = await import('undici');
    for (const [encoding, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const compressed = await request(new URL('/api/product/list', bff.url), {
        headers: { 'accept-encoding': encoding },
      });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(decode(Buffer.from(await compressed.body.arrayBuffer()))).toEqual(bytes);
    }
    expect(backend.requests().filter((r) => r.path === '/api/product/list')).toHaveLength(1);
  });
});

// Which catalogue the BFF reads is detected, and followed when the backend changes.
describe('a backend that gains and loses the catalogue query', () => {
  let server: Server;
  let bff: RunningService;
  let offersQuery = false;
  const listed = {
    _id: 'from-the-list',
    name: 'Listed Shoe',
    description: 'A shoe',
    price: 100,
    image: [],
    category: 'Men',
    subCategory: 'Sneakers',
    sizes: ['8'],
    date: 1,
  };
  const queried = { ...listed, _id: 'from-the-query', name: 'Queried Shoe' };
  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      const json = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (path === '/api/product/list') return json(200, { success: true, products: [listed] });
      if (path === '/api/product/query' && offersQuery) {
        return json(200, {
          success: true,
          products: [queried],
          total: 1,
          facets: { category: { Men: 1 }, subCategory: { Sneakers: 1 } },
          nextCursor: null,
          cursors: ['c1'],
          version: 'v1',
          imageOrigins: [],
        });
      }
      return response
        .writeHead(404, { 'content-type': 'text/html' })
        .end(`<pre>Cannot GET ${path ?? ''}</pre>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    bff = await startBff(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      CATALOG_TTL_MS: '0',
    });
  });
  afterAll(async () => {
    await bff.stop();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads the list while there is no query, the query once there is one, and the list again when it goes', async () => {
    const names = async () =>
      (
        await gql<{ products: { nodes: Array<{ name: string }> } }>(
          bff.url,
          '{ products(first: 5) { nodes { name } } }',
        )
      ).data?.products.nodes.map((n) => n.name);
    expect(await names()).toEqual(['Listed Shoe']);
    offersQuery = true;
    expect(await names()).toEqual(['Queried Shoe']);
    offersQuery = false;
    expect(await names()).toEqual(['Listed Shoe']);
  });
});
