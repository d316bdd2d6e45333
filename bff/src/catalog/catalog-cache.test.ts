import { describe, expect, it } from 'vitest';
import type { RestProduct } from '../rest/answer-shapes.js';
import type { NotModified, UpstreamBytes } from '../rest/upstream.js';
import { createListCache, parseListCopy } from './catalog-cache.js';

const shoe = (id: string, date: number): RestProduct => ({
  _id: id,
  name: `Shoe ${id}`,
  description: 'A shoe',
  price: 1000,
  image: [],
  category: 'Men',
  subCategory: 'Sneakers',
  sizes: ['8'],
  bestseller: false,
  date,
});

const listOf = (products: unknown[]) => Buffer.from(JSON.stringify({ success: true, products }));

function fakeApi(initial: RestProduct[]) {
  let products = initial;
  let version = 1;
  const calls: Array<string | undefined> = [];
  return {
    calls,
    replace(next: RestProduct[]) {
      products = next;
      version += 1;
    },
    fetchList(etag: string | undefined): Promise<UpstreamBytes | NotModified> {
      calls.push(etag);
      if (etag === `"v${version}"`) return Promise.resolve({ status: 304 });
      return Promise.resolve({ status: 200, bytes: listOf(products), etag: `"v${version}"` });
    },
  };
}

describe('the product list cache', () => {
  it('answers from memory within the TTL, then revalidates with the ETag', async () => {
    let now = 0;
    const api = fakeApi([shoe('a', 1), shoe('b', 2)]);
    const cache = createListCache({ ttlMs: 1000, fetchList: (etag) => api.fetchList(etag), now: () => now });
    const first = await cache.get();
    expect(parseListCopy(first).newestFirst.map((p) => p.id)).toEqual(['b', 'a']);
    now = 999;
    await cache.get();
    expect(api.calls).toEqual([undefined]);
    now = 1000;
    const revalidated = await cache.get();
    expect(api.calls).toEqual([undefined, '"v1"']);
    // A 304 keeps the same copy (and version), so cached answers stay valid.
    expect(revalidated).toBe(first);

    api.replace([shoe('c', 3)]);
    now = 2000;
    const changed = await cache.get();
    expect(changed.version).toBe(first.version + 1);
    expect(parseListCopy(changed).byId.has('c')).toBe(true);
  });

  it('makes one upstream call for all requests waiting on a stale copy', async () => {
    const api = fakeApi([shoe('a', 1)]);
    const cache = createListCache({ ttlMs: 0, fetchList: (etag) => api.fetchList(etag) });
    await Promise.all(Array.from({ length: 20 }, () => cache.get()));
    expect(api.calls).toHaveLength(1);
  });

  it('fails without a copy, and keeps serving the last copy while the API is down', async () => {
    let fail = true;
    let now = 0;
    const calls: number[] = [];
    const cache = createListCache({
      ttlMs: 5000,
      now: () => now,
      fetchList: () => {
        calls.push(now);
        return fail
          ? Promise.reject(new Error('down'))
          : Promise.resolve({ status: 200, bytes: listOf([shoe('a', 1)]) });
      },
    });
    await expect(cache.get()).rejects.toThrow('down');
    fail = false;
    const copy = await cache.get();
    fail = true;
    now = 5000;
    expect(await cache.get()).toBe(copy);
    now = 5500;
    await cache.get();
    // After a failure the API is asked again after a short pause, not on every request.
    expect(calls).toEqual([0, 0, 5000]);
    now = 6000;
    await cache.get();
    expect(calls).toEqual([0, 0, 5000, 6000]);
  });
});

describe('the product list cache following the catalogue version', () => {
  it('reads the list again at once when the version changes, and not while it stays the same', async () => {
    let now = 0;
    let version: string | undefined = 'v1';
    const api = fakeApi([shoe('a', 1)]);
    const cache = createListCache({
      ttlMs: 60_000,
      fetchList: (etag) => api.fetchList(etag),
      now: () => now,
    });
    cache.follow(() => Promise.resolve(version));
    const first = await cache.get();
    now = 10;
    expect(await cache.get()).toBe(first);
    expect(api.calls).toHaveLength(1);

    // The back office adds a product straight at the API: a new version, long before the TTL.
    api.replace([shoe('a', 1), shoe('b', 2)]);
    version = 'v2';
    now = 20;
    const changed = await cache.get();
    expect(parseListCopy(changed).byId.has('b')).toBe(true);
    expect(api.calls).toHaveLength(2);
    expect(await cache.get()).toBe(changed);
    expect(api.calls).toHaveLength(2);
    // The catalogue access reads its copy without asking the version.
    version = 'v3';
    expect(await cache.read()).toBe(changed);
    expect(api.calls).toHaveLength(2);
  });

  it('keeps the TTL when the backend has no version, or its check fails', async () => {
    let now = 0;
    let answer: () => Promise<string | undefined> = () => Promise.resolve(undefined);
    const api = fakeApi([shoe('a', 1)]);
    const cache = createListCache({ ttlMs: 1000, fetchList: (etag) => api.fetchList(etag), now: () => now });
    cache.follow(() => answer());
    await cache.get();
    api.replace([shoe('b', 2)]);
    now = 500;
    await cache.get();
    answer = () => Promise.reject(new Error('down'));
    await cache.get();
    expect(api.calls).toHaveLength(1);
    now = 1000;
    expect(parseListCopy(await cache.get()).byId.has('b')).toBe(true);
  });
});

describe('parsing a list copy', () => {
  it('leaves out what the store cannot show and refuses a list that says it failed', () => {
    const snapshot = parseListCopy({
      version: 3,
      bytes: listOf([shoe('a', 1), { ...shoe('b', 2), category: 'Kids' }]),
    });
    expect([snapshot.version, snapshot.products.map((p) => p.id), snapshot.skipped]).toEqual([3, ['a'], 1]);
    expect(() =>
      parseListCopy({ version: 1, bytes: Buffer.from('{"success":false,"message":"Database is down"}') }),
    ).toThrow('Database is down');
    expect(() => parseListCopy({ version: 1, bytes: Buffer.from('<html>') })).toThrow(/unexpected/);
  });
});
