import { createHash, randomUUID } from 'node:crypto';
import { linkSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../support/api-process.js';
import { ADMIN, ADMIN_ENV, adminLogin } from '../support/back-office.js';
import { call } from '../support/http.js';
import {
  listProducts,
  signUp,
  TEST_JWT_SECRET,
  VALID_ADDRESS,
  type CatalogProduct,
  type Shopper,
} from '../support/store-api.js';

// What a hostile client tries against the REST API (issue 27): bodies that cost more to read than they weigh,
// searches that cost more than they say, text that rewrites a terminal, and the small leaks around the edges.
// Timings are compared with an ordinary request measured in the same test, never against a fixed figure alone.

const MIB = 1024 * 1024;

/** `[[[…]]]`: 1 MiB of nothing but nesting. */
const DEEP_BODY = '['.repeat(MIB / 2) + ']'.repeat(MIB / 2);
/** `[0,0,…,10]`: 1 MiB that parses flat. */
const FLAT_BODY = `[${'0,'.repeat(MIB / 2 - 2)}10]`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}

describe('the API on sqlite, as a hostile client meets it', () => {
  let api: RunningApi;
  let shopper: Shopper;
  let shoes: CatalogProduct[];
  beforeAll(async () => {
    api = await startApi({ JWT_SECRET: TEST_JWT_SECRET, ...ADMIN_ENV });
    shopper = await signUp(api.url);
    shoes = await listProducts(api.url);
  });
  afterAll(async () => {
    await api.stop();
  });

  const placeRaw = (raw: string, token?: string) =>
    call(api.url, 'POST', '/api/order/place', undefined, { raw, token });
  const place = (body: unknown, key: string) =>
    call(api.url, 'POST', '/api/order/place', body, {
      token: shopper.token,
      headers: { 'idempotency-key': key },
    });

  describe('refuses before it works', () => {
    it('refuses an over-deep body within 3× the time of a flat one of the same size, with or without a token', async () => {
      const deep: number[] = [];
      const flat: number[] = [];
      for (let i = 0; i < 9; i += 1) {
        for (const token of [undefined, shopper.token]) {
          const d = await timed(() => placeRaw(DEEP_BODY, token));
          const f = await timed(() => placeRaw(FLAT_BODY, token));
          if (token === undefined) {
            expect(d.result.status).toBe(401);
            expect(f.result.status).toBe(401);
          } else {
            expect(d.result).toMatchObject({
              status: 400,
              body: { success: false, message: 'Request body nests too deeply' },
            });
            expect(f.result.status).toBe(400);
          }
          deep.push(d.ms);
          flat.push(f.ms);
        }
      }
      expect(median(deep)).toBeLessThanOrEqual(3 * median(flat));
    });

    it('answers the health check within 200 ms while four deep 1 MiB bodies arrive', async () => {
      const waits: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const flood = [undefined, shopper.token, undefined, shopper.token].map((token) =>
          placeRaw(DEEP_BODY, token),
        );
        const health = await timed(() => call(api.url, 'GET', '/api/health'));
        expect(health.result.status).toBe(200);
        waits.push(health.ms);
        await Promise.all(flood);
      }
      expect(Math.max(...waits)).toBeLessThan(200);
    });

    it('refuses every call that needs a token before reading its body, the back office too', async () => {
      const calls = [
        '/api/cart/get',
        '/api/cart/add',
        '/api/cart/update',
        '/api/order/place',
        '/api/order/userorders',
        '/api/order/cancel',
        '/api/order/return',
      ];
      for (const url of calls) {
        const res = await call(api.url, 'POST', url, undefined, { raw: '{"not json' });
        expect(res, url).toMatchObject({
          status: 401,
          body: { success: false, message: 'Not authorized. Please sign in.' },
        });
      }
      for (const url of [
        '/api/order/list',
        '/api/order/status',
        '/api/order/returns',
        '/api/order/return/status',
        '/api/product/remove',
      ]) {
        const res = await call(api.url, 'POST', url, undefined, { raw: '{"not json' });
        expect(res.status, url).toBe(401);
      }
    });
  });

  it('searches at most 5× as long for a hostile search as for an ordinary one', async () => {
    const random = (length: number, first: number, span: number) => {
      const letters = new Set<string>();
      while (letters.size < length)
        letters.add(String.fromCodePoint(first + Math.floor(Math.random() * span)));
      return [...letters].join('');
    };
    const cjk = (length: number) => random(length, 0x4e00, 0x5000);
    const latin = (length: number) => random(length, 0x61, 26);
    // Never the same search twice: the API keeps each search's expansion, and a repeat would cost nothing.
    const shapes = {
      ordinary: () => latin(7),
      'one word of 100 distinct CJK letters': () => cjk(100),
      'eight words of 11 distinct CJK letters': () => Array.from({ length: 8 }, () => cjk(11)).join(' '),
      'four words of 20 letters': () => Array.from({ length: 4 }, () => latin(20)).join(' '),
    };
    const search = async (q: string) => {
      const { ms, result } = await timed(() =>
        call(api.url, 'GET', `/api/product/query?q=${encodeURIComponent(q)}`),
      );
      expect(result.status).toBe(200);
      return ms;
    };
    await search(latin(7));
    const times = new Map<string, number[]>(Object.keys(shapes).map((shape) => [shape, []]));
    for (let i = 0; i < 15; i += 1) {
      for (const [shape, make] of Object.entries(shapes)) times.get(shape)!.push(await search(make()));
    }
    const ordinary = median(times.get('ordinary')!);
    for (const [shape, ms] of times) expect(median(ms), shape).toBeLessThanOrEqual(5 * ordinary);
  });

  describe('keeps names and addresses clean', () => {
    it.each([
      ['an escape sequence', 'Asha\u001b[2K\rRao'],
      ['a bell', 'Asha\u0007'],
      ['a NUL', 'Asha\u0000Rao'],
      ['a newline', 'Asha\nRao'],
    ])('refuses a name with %s', async (_what, name) => {
      const res = await call(api.url, 'POST', '/api/user/register', {
        name,
        email: `${randomUUID()}@example.com`,
        password: 'correct horse 1',
      });
      expect(res).toMatchObject({
        status: 400,
        body: { success: false, message: 'name: Name cannot contain control characters' },
      });
    });

    it('refuses a name that reverses the text around it, or one of invisible characters only', async () => {
      const register = (name: string) =>
        call(api.url, 'POST', '/api/user/register', {
          name,
          email: `${randomUUID()}@example.com`,
          password: 'correct horse 1',
        });
      expect((await register('Asha \u202eoaR')).body.message).toBe(
        'name: Name cannot contain text direction controls',
      );
      expect((await register('\u2066Asha\u2069')).body.message).toBe(
        'name: Name cannot contain text direction controls',
      );
      expect((await register('\u200b\u200d\ufeff\u2060')).body.message).toBe('name: Name is required');
    });

    it.each([
      ['street', '12 MG Road\u001b[1A', 'address.street: Street cannot contain control characters'],
      ['city', 'Benga\rluru', 'address.city: City cannot contain control characters'],
      ['lastName', 'Rao\u202e', 'address.lastName: Last name cannot contain text direction controls'],
      ['firstName', '\u200b\u200c', 'address.firstName: First name is required'],
    ])(
      'refuses an address whose %s holds hidden characters, and writes nothing',
      async (field, value, message) => {
        const shoe = shoes[0]!;
        const orders = async () =>
          (await call(api.url, 'POST', '/api/order/userorders', {}, { token: shopper.token })).body.orders;
        const before = await orders();
        const res = await call(
          api.url,
          'POST',
          '/api/order/place',
          {
            address: { ...VALID_ADDRESS, [field]: value },
            items: [{ _id: shoe._id, size: shoe.sizes[0], quantity: 1 }],
          },
          { token: shopper.token },
        );
        expect(res).toMatchObject({ status: 400, body: { success: false, message } });
        expect(await orders()).toEqual(before);
      },
    );
  });

  it('serves an uploaded photo as quickly beside 20,000 others as beside none (within 3×)', async () => {
    // The back office and the import keep every photo in one folder, named by its content: a request must find
    // its file by name, never by reading the folder, which grows with the catalogue.
    const dir = path.join(api.dataDir, 'uploads');
    const photo = Buffer.from('a photo, as far as the file server knows');
    const name = `${createHash('sha256').update(photo).digest('hex')}.jpg`;
    writeFileSync(path.join(dir, name), photo);
    const fetchPhoto = async () => {
      const { ms, result } = await timed(() => fetch(`${api.url}/images/uploads/${name}`));
      expect(result.status).toBe(200);
      expect(Buffer.from(await result.arrayBuffer()).equals(photo)).toBe(true);
      return ms;
    };
    const medianOf = async (count: number) => {
      const times: number[] = [];
      for (let i = 0; i < count; i += 1) times.push(await fetchPhoto());
      return median(times);
    };
    await medianOf(5);
    const alone = await medianOf(25);
    // Other photos by name; one file under them all (making 20,000 files takes this disk seconds, a name does not).
    const other = path.join(dir, `${createHash('sha256').update('another photo').digest('hex')}.jpg`);
    writeFileSync(other, '');
    for (let i = 0; i < 20_000; i += 1)
      linkSync(other, path.join(dir, `${createHash('sha256').update(String(i)).digest('hex')}.jpg`));
    const amongMany = await medianOf(25);
    expect(amongMany).toBeLessThanOrEqual(3 * alone);
  });

  it('refuses an Idempotency-Key reused for a different order, and replays it for the same one', async () => {
    const [a, b] = shoes;
    const body = { address: VALID_ADDRESS, items: [{ _id: a!._id, size: a!.sizes[0], quantity: 1 }] };
    const key = randomUUID();
    const first = await place(body, key);
    expect(first.status).toBe(201);
    const refusal = {
      status: 409,
      body: { success: false, message: 'This Idempotency-Key was already used for a different order' },
    };
    expect(
      await place({ ...body, items: [{ _id: b!._id, size: b!.sizes[0], quantity: 1 }] }, key),
    ).toMatchObject(refusal);
    expect(await place({ ...body, items: [{ ...body.items[0], quantity: 2 }] }, key)).toMatchObject(refusal);
    expect(await place({ ...body, address: { ...VALID_ADDRESS, city: 'Mysuru' } }, key)).toMatchObject(
      refusal,
    );
    const again = await place({ ...body, items: [{ ...a, ...body.items[0] }] }, key);
    expect(again).toMatchObject({
      status: 200,
      body: { success: true, message: 'Order already placed', order: first.body.order },
    });
  });

  it('answers every authenticated call, and every one that gives a token, with Cache-Control: no-store', async () => {
    const shoe = shoes[0]!;
    const { token } = shopper;
    const admin = { headers: { token: await adminLogin(api.url) } };
    const email = `${randomUUID()}@example.com`;
    const answers = {
      register: await call(api.url, 'POST', '/api/user/register', {
        name: 'Asha',
        email,
        password: 'correct horse 1',
      }),
      login: await call(api.url, 'POST', '/api/user/login', { email, password: 'correct horse 1' }),
      adminLogin: await call(api.url, 'POST', '/api/user/admin', ADMIN),
      profile: await call(api.url, 'GET', '/api/user/profile', undefined, { token }),
      cartAdd: await call(
        api.url,
        'POST',
        '/api/cart/add',
        { itemId: shoe._id, size: shoe.sizes[0] },
        { token },
      ),
      cartGet: await call(api.url, 'POST', '/api/cart/get', {}, { token }),
      orders: await call(api.url, 'POST', '/api/order/userorders', {}, { token }),
      refused: await call(api.url, 'POST', '/api/cart/get', {}),
      adminOrders: await call(api.url, 'POST', '/api/order/list', {}, admin),
    };
    for (const [name, res] of Object.entries(answers))
      expect(res.headers.get('cache-control'), name).toBe('no-store');
    expect(answers.cartGet.status).toBe(200);
    expect(answers.refused.status).toBe(401);
  });
});

describe('the API on sqlite, its files and its sign-in limit', () => {
  let parent: string;
  let dataDir: string;
  let api: RunningApi;
  beforeAll(async () => {
    parent = mkdtempSync(path.join(tmpdir(), 'store-hostile-'));
    // A folder the API makes itself.
    dataDir = path.join(parent, 'data');
    api = await startApi({ JWT_SECRET: TEST_JWT_SECRET, AUTH_RATE_LIMIT_MAX: '4' }, dataDir);
  });
  afterAll(async () => {
    await api.stop();
    rmSync(parent, { recursive: true, force: true });
  });

  it('counts sign-in and sign-up attempts from one address in one bucket', async () => {
    const from = { headers: { 'x-forwarded-for': '203.0.113.41' } };
    const register = () =>
      call(
        api.url,
        'POST',
        '/api/user/register',
        { name: 'Asha', email: `${randomUUID()}@example.com`, password: 'correct horse 1' },
        from,
      );
    const login = () =>
      call(api.url, 'POST', '/api/user/login', { email: 'nobody@example.com', password: 'whatever1' }, from);
    expect((await register()).status).toBe(201);
    expect((await register()).status).toBe(201);
    expect((await login()).status).toBe(401);
    expect((await login()).status).toBe(401);
    expect((await register()).status).toBe(429);
    expect((await login()).status).toBe(429);
  });

  it('keeps the database (password hashes, addresses) readable by its owner alone', async () => {
    await signUp(api.url);
    const modeOf = (file: string) => statSync(file).mode & 0o777;
    expect(modeOf(dataDir)).toBe(0o700);
    for (const file of ['store.sqlite', 'store.sqlite-wal', 'store.sqlite-shm'])
      expect(modeOf(path.join(dataDir, file)), file).toBe(0o600);
  });
});
