import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CACHE_BYTES, loadPageRenderer } from '../../bff/src/site/page-renderer.js';
import type { RunningService } from '../../scripts/service-process.js';
import { startBff, useStore } from '../support/bff-process.js';
import { codesOf, gql } from '../support/graphql.js';
import { call } from '../support/http.js';
import { startLineageBackend, type LineageBackend } from '../support/lineage-backend.js';
import { lineageSecret } from '../support/lineage-token.js';
import { writeServerHalf } from '../support/stand-in-build.js';
import { listProducts, signUp, TEST_JWT_SECRET, VALID_ADDRESS } from '../support/store-api.js';

// What a hostile client tries against the BFF (issue 27): Host headers that would multiply its copies and poison a
// shared cache, tokens that outlive their welcome, authenticated answers a shared cache could keep, and a flood of
// distinct pages. Memory is read from outside, as the kernel counts it (VmRSS of the BFF's process).

const MIB = 1024 * 1024;
const CLIENT = 'http://client.example:5173';
const PLACE =
  'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { replayed message order { id } } }';
const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) { token } }';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with a Host header of the caller's choosing (fetch sets its own). */
function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<RawAnswer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { host: url.hostname, port: url.port, method, path: url.pathname, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(method === 'POST' ? '{}' : undefined);
  });
}

/** The resident memory of a process, in bytes. */
function rssOf(service: RunningService): number {
  const status = readFileSync(`/proc/${String(service.child.pid)}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]) * 1024;
}

/** Every image URL of a product list or an orders answer. */
function imagesOf(body: string): string[] {
  const parsed = JSON.parse(body) as {
    products?: Array<{ image: string[] }>;
    orders?: Array<{ items: Array<{ image: string[] }> }>;
  };
  return [...(parsed.products ?? []), ...(parsed.orders ?? []).flatMap((order) => order.items)].flatMap(
    (item) => item.image,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('absolute URLs on the BFF come from its configuration, never from the Host a client sends', () => {
  const store = useStore({ CORS_ORIGINS: CLIENT }, { CORS_ORIGINS: CLIENT });
  let configured: RunningService;
  let shopper: { token: string };
  beforeAll(async () => {
    configured = await startBff(store().api.url, {
      CORS_ORIGINS: CLIENT,
      PUBLIC_URL: 'https://shop.example',
    });
    shopper = await signUp(store().api.url);
    const [shoe] = await listProducts(store().api.url);
    const order = { address: VALID_ADDRESS, items: [{ _id: shoe!._id, size: shoe!.sizes[0], quantity: 1 }] };
    expect(
      (await call(store().api.url, 'POST', '/api/order/place', order, { token: shopper.token })).status,
    ).toBe(201);
  });
  afterAll(async () => {
    await configured.stop();
  });

  it('keeps one product-list copy for 150 distinct 8 KB Host values: the BFF retains at most 40 MB', async () => {
    const bff = store().bff;
    const headers = (host: string) => ({ host, origin: CLIENT, 'accept-encoding': 'gzip, deflate, br' });
    /** 150 requests of 8 KB Host values, five at a time: all the same, or all distinct. */
    const flood = async (hostOf: (i: number) => string) => {
      for (let batch = 0; batch < 30; batch += 1) {
        const answers = await Promise.all(
          Array.from({ length: 5 }, (_, i) =>
            rawRequest(bff.url, 'GET', '/api/product/list', headers(hostOf(batch * 5 + i))),
          ),
        );
        for (const answer of answers) expect(answer.status).toBe(200);
      }
    };
    const long = (label: string) => `${label}-${'x'.repeat(8 * 1024)}.example`;
    // Warm, with one Host: the copy for other sites, its compressed copies, the code paths and the heap a flood of
    // requests grows exist before the first reading, so what follows is what distinct Host values add.
    await flood(() => long('same'));
    const before = rssOf(bff);
    await flood((i) => long(`h${String(i)}`));
    const grown = rssOf(bff) - before;
    expect(grown, `the BFF grew by ${(grown / MIB).toFixed(1)} MB`).toBeLessThanOrEqual(40 * MIB);
  });

  /** The product list and the shopper's orders asked of `bff` with `Host: evil.example`: every image on `origin`. */
  async function expectImagesOn(bff: string, origin: string, token: Record<string, string>): Promise<void> {
    const hostile = { host: 'evil.example', origin: CLIENT };
    const list = await rawRequest(bff, 'GET', '/api/product/list', hostile);
    const orders = await rawRequest(bff, 'POST', '/api/order/userorders', {
      ...hostile,
      ...token,
      'content-type': 'application/json',
    });
    for (const answer of [list, orders]) {
      expect(answer.status).toBe(200);
      expect(answer.body).not.toContain('evil.example');
      const images = imagesOf(answer.body);
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) expect(image.startsWith(`${origin}/images/`)).toBe(true);
    }
  }

  it('answers image URLs on the BFF’s own address when PUBLIC_URL is unset, whatever the Host says', async () => {
    await expectImagesOn(store().bff.url, store().bff.url, { authorization: `Bearer ${shopper.token}` });
  });

  it('answers image URLs on PUBLIC_URL when it is set, whatever the Host says', async () => {
    await expectImagesOn(configured.url, 'https://shop.example', { token: shopper.token });
  });

  it('refuses the replay of an order to a token that has expired, and finds it for a new token of the same shopper', async () => {
    const { token } = await signUp(store().api.url);
    const { sub } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string };
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const shortLived = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer('footwear-store')
      .setAudience('footwear-store')
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const [shoe] = await listProducts(store().api.url);
    const input = {
      address: VALID_ADDRESS,
      lines: [{ productId: shoe!._id, size: shoe!.sizes[0], quantity: 1 }],
      idempotencyKey: randomUUID(),
    };
    const placed = await gql<{ placeOrder: { replayed: boolean; order: { id: string } } }>(
      configured.url,
      PLACE,
      { input },
      { token: shortLived },
    );
    expect(placed.errors).toBeUndefined();
    await sleep(expiresAt * 1000 - Date.now() + 200);
    const replay = await gql(configured.url, PLACE, { input }, { token: shortLived });
    expect(codesOf(replay)).toEqual(['UNAUTHENTICATED']);
    const again = await gql<{ placeOrder: { replayed: boolean; order: { id: string } } }>(
      configured.url,
      PLACE,
      { input },
      { token },
    );
    expect(again.data?.placeOrder).toMatchObject({
      replayed: true,
      order: { id: placed.data!.placeOrder.order.id },
    });
  });
});

describe('order attempts on a backend of the seed kind are kept for the shopper the backend vouches for', () => {
  let plain: LineageBackend;
  let withProfile: LineageBackend;
  let plainBff: RunningService;
  let profileBff: RunningService;
  beforeAll(async () => {
    [plain, withProfile] = await Promise.all([startLineageBackend(), startLineageBackend({ profile: true })]);
    [plainBff, profileBff] = await Promise.all([
      startBff(plain.url, { CATALOG_TTL_MS: '0' }),
      startBff(withProfile.url, { CATALOG_TTL_MS: '0' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plainBff.stop(), profileBff.stop()]);
    await Promise.all([plain.stop(), withProfile.stop()]);
  });

  /** A new shopper's id and a token of theirs that expires in `seconds` (the seed's tokens never do by themselves). */
  async function shopperOn(backend: LineageBackend, bff: RunningService, seconds: number) {
    const email = `shopper-${randomUUID()}@example.com`;
    const registered = await gql<{ register: { token: string } }>(bff.url, REGISTER, {
      input: { name: 'Asha Rao', email, password: 'correct horse 1' },
    });
    const id = backend.users().find((user) => user.email === email)!._id;
    const expiresAt = Math.floor(Date.now() / 1000) + seconds;
    const expiring = await new SignJWT({ id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(lineageSecret(backend.jwtSecret));
    return { email, token: registered.data!.register.token, expiring, expiresAt };
  }

  const orderInput = (backend: LineageBackend) => {
    const shoe = backend.products[0]!;
    return {
      address: VALID_ADDRESS,
      lines: [{ productId: shoe._id, size: shoe.sizes[0], quantity: 1 }],
      idempotencyKey: randomUUID(),
    };
  };

  it('refuses the replay to an expired token (UNAUTHENTICATED) on a backend without the profile call', async () => {
    const { expiring, expiresAt, email } = await shopperOn(plain, plainBff, 2);
    const input = orderInput(plain);
    const placed = await gql(plainBff.url, PLACE, { input }, { token: expiring });
    expect(placed.errors).toBeUndefined();
    await sleep(expiresAt * 1000 - Date.now() + 200);
    const replay = await gql(plainBff.url, PLACE, { input }, { token: expiring });
    expect(codesOf(replay)).toEqual(['UNAUTHENTICATED']);
    expect(plain.ordersOf(email)).toHaveLength(1);
  });

  it("finds the attempt for the shopper's new token, by the id the profile call answers", async () => {
    const { token, expiring, email } = await shopperOn(withProfile, profileBff, 600);
    const input = orderInput(withProfile);
    expect((await gql(profileBff.url, PLACE, { input }, { token })).errors).toBeUndefined();
    const again = await gql<{ placeOrder: { replayed: boolean } }>(
      profileBff.url,
      PLACE,
      { input },
      { token: expiring },
    );
    expect(again.data?.placeOrder.replayed).toBe(true);
    expect(withProfile.ordersOf(email)).toHaveLength(1);
  });

  it('marks every authenticated answer through the store URL no-store, whatever the backend sent', async () => {
    const { token } = await shopperOn(withProfile, profileBff, 600);
    const calls = [
      ['GET', '/api/user/profile'],
      ['POST', '/api/cart/get'],
      ['POST', '/api/order/userorders'],
    ] as const;
    for (const [method, path] of calls) {
      for (const headers of [
        { token },
        { authorization: `Bearer ${token}` },
        { token: 'not-a-token' },
      ] as Array<Record<string, string>>) {
        const answer = await fetch(new URL(path, profileBff.url), {
          method,
          headers: { ...headers, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          body: method === 'POST' ? '{}' : undefined,
        });
        expect(answer.headers.get('cache-control') ?? '', `${method} ${path}`).toMatch(/no-store/);
      }
    }
  });
});

describe('page renders under a flood of distinct URLs', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'store-pages-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps 300 distinct pages of 256 KB within the renders’ byte bound, the most recent first', async () => {
    const dist = path.join(root, 'dist');
    writeServerHalf(dist, {
      entry: 'entry-server-flood.js',
      source: `export async function renderPageWithData(template, url, execute) {
        await execute({ query: '{ __typename }', variables: {}, operationName: undefined });
        return { status: 200, html: template.replace('<div id="root"></div>', url + ' ' + 'x'.repeat(256 * 1024)) };
      }\n`,
      template: '<div id="root"></div>',
    });
    const renderer = (await loadPageRenderer(dist, () => Promise.resolve(1)))!;
    let renders = 0;
    const execute = () => {
      renders += 1;
      return Promise.resolve({ data: {} });
    };
    const urls = Array.from({ length: 300 }, (_, i) => `/collection?q=${String(i)}`);
    for (const url of urls) expect((await renderer.render(url, execute))?.html).toContain(url);
    expect(renders).toBe(300);
    // The pages still kept are served without a render, newest first; the first render again ends the run.
    let kept = 0;
    for (const url of [...urls].reverse()) {
      const before = renders;
      await renderer.render(url, execute);
      if (renders > before) break;
      kept += 1;
    }
    expect(kept).toBeGreaterThan(0);
    // A page of 256 K characters takes up to 512 KB (two bytes a character).
    expect(kept * 512 * 1024).toBeLessThanOrEqual(PAGE_CACHE_BYTES);
  });
});
