import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminLogin, NEW_SHOE, pngFile, postForm, productForm } from '../support/back-office.js';
import { BACKENDS } from '../support/databases.js';
import { call } from '../support/http.js';
import { signUp, useApi, VALID_ADDRESS, type CatalogProduct, type Shopper } from '../support/store-api.js';

// The lineage's own admin panels and shop app, pointed straight at the API from their origin (CORS_ORIGINS), get the
// answers the lineage's backend gives them: extra text fields of a product ignored, the order list oldest first (the
// panels reverse it), absolute image URLs and failures as 200 `{ success: false }`. Everyone else keeps our answers.

const PANEL = 'http://localhost:5174';
const STRANGER = 'https://evil.example';

const headerList = (value: string | null) => (value ?? '').split(',').map((s) => s.trim().toLowerCase());

/** A GET with headers fetch will not send as given (a forged `Host`), answering the body's text. */
function rawGet(base: string, path: string, headers: Record<string, string>): Promise<string> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

describe.each(BACKENDS)("the lineage's admin panels on %s", (backend) => {
  const api = useApi(backend, { ...ADMIN_ENV, CORS_ORIGINS: PANEL });
  let admin: string;
  beforeAll(async () => {
    admin = await adminLogin(api().url);
  });

  const fromPanel = { origin: PANEL };
  const list = async (headers: Record<string, string> = {}) =>
    (await call(api().url, 'GET', '/api/product/list', undefined, { headers })).body
      .products as CatalogProduct[];
  const add = (fields: Record<string, string>, files = [pngFile()]) =>
    postForm(api().url, '/api/product/add', productForm(fields, files), admin);
  const place = async (shopper: Shopper, shoe: CatalogProduct) => {
    const res = await call(
      api().url,
      'POST',
      '/api/order/place',
      { address: VALID_ADDRESS, items: [{ _id: shoe._id, size: shoe.sizes[0], quantity: 1 }] },
      { token: shopper.token },
    );
    expect(res.status).toBe(201);
    return (res.body.order as { _id: string })._id;
  };

  it('adds a product whose form carries text fields the API does not know (bestsellerNum), ignoring them', async () => {
    const res = await add({ ...NEW_SHOE, name: 'Panel Loafer', bestsellerNum: '3', colour: 'tan' });
    expect(res).toMatchObject({
      status: 201,
      body: { success: true, message: 'Product added', product: { name: 'Panel Loafer' } },
    });
    const product = res.body.product as Record<string, unknown>;
    expect(product).not.toHaveProperty('bestsellerNum');
    expect(product).not.toHaveProperty('colour');
    expect((await list()).map((p) => p.name)).toContain('Panel Loafer');
  });

  it('still refuses unknown file fields, and too many or too long ignored fields, adding nothing', async () => {
    const count = (await list()).length;
    const tooMany = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`extra${String(i)}`, 'x']));
    const cases: Array<[Record<string, string>, ReturnType<typeof pngFile>[], number, string]> = [
      [
        NEW_SHOE,
        [pngFile('photo')],
        400,
        'Unknown file field: photo (send images as image1, image2, image3, image4)',
      ],
      [{ ...NEW_SHOE, ...tooMany }, [pngFile()], 413, 'Too many form fields'],
      [{ ...NEW_SHOE, bestsellerNum: '9'.repeat(1025) }, [pngFile()], 413, 'bestsellerNum is too long'],
      // A known field keeps its own, larger bound.
      [{ ...NEW_SHOE, description: 'd'.repeat(17 * 1024) }, [pngFile()], 413, 'description is too long'],
    ];
    for (const [fields, files, status, message] of cases) {
      const res = await add(fields, files);
      expect({ message, status: res.status, body: res.body }).toEqual({
        message,
        status,
        body: { success: false, message },
      });
    }
    expect(await list()).toHaveLength(count);
  });

  it('answers each page of the order list oldest first, the pages going back in time', async () => {
    const shopper = await signUp(api().url);
    const shoes = await list();
    const placed: string[] = [];
    for (const shoe of shoes.slice(0, 5)) placed.push(await place(shopper, shoe));
    const page = async (body: Record<string, unknown>) => {
      const res = await call(api().url, 'POST', '/api/order/list', body, {
        headers: { token: admin, ...fromPanel },
      });
      expect(res.status).toBe(200);
      return res.body as { orders: Array<{ _id: string; date: number }>; nextCursor: string | null };
    };
    const everything = await page({});
    expect(everything.orders.slice(-5).map((o) => o._id)).toEqual(placed);
    const dates = everything.orders.map((o) => o.date);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    // As the panels show it: reversed, the newest order on top.
    expect([...everything.orders].reverse()[0]!._id).toBe(placed.at(-1));

    const newest = await page({ limit: 2 });
    expect(newest.orders.map((o) => o._id)).toEqual(placed.slice(-2));
    const older = await page({ limit: 2, cursor: newest.nextCursor });
    expect(older.orders.map((o) => o._id)).toEqual(placed.slice(-4, -2));
  });

  it('answers the panel’s origin with absolute image URLs on the API, and everyone else with paths', async () => {
    const own = await list();
    expect(own[0]!.image[0]).toMatch(/^\/images\//);
    for (const headers of [{}, { origin: STRANGER }] as Array<Record<string, string>>)
      expect((await list(headers)).map((p) => p.image)).toEqual(own.map((p) => p.image));

    const forPanel = await list(fromPanel);
    expect(forPanel.map((p) => p._id)).toEqual(own.map((p) => p._id));
    forPanel.forEach((product, i) =>
      expect(product.image).toEqual(own[i]!.image.map((src) => `${api().url}${src}`)),
    );
    const image = await fetch(forPanel[0]!.image[0]!);
    expect(image.status).toBe(200);
    // The API's own address, never the Host a request names: a forged one changes nothing a cache could keep.
    const forged = JSON.parse(
      await rawGet(api().url, '/api/product/list', { ...fromPanel, host: 'evil.example' }),
    ) as {
      products: CatalogProduct[];
    };
    expect(forged.products.map((p) => p.image)).toEqual(forPanel.map((p) => p.image));

    // Every answer that names images: one product, the query, an added product, the shopper's and the shop's orders.
    const shoe = own[0]!;
    const single = await call(
      api().url,
      'POST',
      '/api/product/single',
      { productId: shoe._id },
      { headers: fromPanel },
    );
    expect((single.body.product as CatalogProduct).image).toEqual(forPanel[0]!.image);
    const query = await call(api().url, 'GET', `/api/product/query?ids=${shoe._id}&limit=1`, undefined, {
      headers: fromPanel,
    });
    expect((query.body.products as CatalogProduct[])[0]!.image).toEqual(forPanel[0]!.image);
    expect(query.body.imageOrigins).toContain(api().url);
    const added = await postForm(api().url, '/api/product/add', productForm(NEW_SHOE, [pngFile()]), admin);
    expect((added.body.product as CatalogProduct).image[0]).toMatch(/^\/images\/uploads\//);

    const shopper = await signUp(api().url);
    const orderId = await place(shopper, shoe);
    const mine = await call(
      api().url,
      'POST',
      '/api/order/userorders',
      {},
      { headers: { token: shopper.token, ...fromPanel } },
    );
    const order = (mine.body.orders as Array<{ _id: string; items: Array<{ image: string[] }> }>).find(
      (o) => o._id === orderId,
    )!;
    expect(order.items[0]!.image).toEqual(forPanel[0]!.image);
    const shops = await call(
      api().url,
      'POST',
      '/api/order/list',
      {},
      { headers: { token: admin, ...fromPanel } },
    );
    const listed = (shops.body.orders as Array<{ _id: string; items: Array<{ image: string[] }> }>).find(
      (o) => o._id === orderId,
    )!;
    expect(listed.items[0]!.image).toEqual(forPanel[0]!.image);
    const plain = await call(api().url, 'POST', '/api/order/userorders', {}, { token: shopper.token });
    expect(
      (plain.body.orders as Array<{ items: Array<{ image: string[] }> }>).at(-1)!.items[0]!.image,
    ).toEqual(shoe.image);
  });

  it('keeps one list copy per audience, each with its own ETag, and tells caches the answer varies by Origin', async () => {
    const own = await call(api().url, 'GET', '/api/product/list');
    const panel = await call(api().url, 'GET', '/api/product/list', undefined, { headers: fromPanel });
    expect(headerList(own.headers.get('vary'))).toContain('origin');
    expect(headerList(panel.headers.get('vary'))).toContain('origin');
    const ownTag = own.headers.get('etag')!;
    const panelTag = panel.headers.get('etag')!;
    expect(panelTag).not.toBe(ownTag);
    const again = await fetch(new URL('/api/product/list', api().url), {
      headers: { ...fromPanel, 'if-none-match': panelTag },
    });
    expect(again.status).toBe(304);
    const crossed = await fetch(new URL('/api/product/list', api().url), {
      headers: { ...fromPanel, 'if-none-match': ownTag },
    });
    expect(crossed.status).toBe(200);
  });

  it('answers the panel’s failures with status 200 and success false, everyone else’s with our statuses', async () => {
    const failures = [
      () => ['POST', '/api/order/list', {}, {}] as const,
      () => ['POST', '/api/order/status', { orderId: 'nope', status: 'Shipped' }, { token: admin }] as const,
      () => ['POST', '/api/product/remove', { id: 'no-such-product' }, { token: admin }] as const,
      () =>
        ['POST', '/api/user/login', { email: 'nobody@example.com', password: 'wrong password' }, {}] as const,
      () => ['POST', '/api/cart/get', {}, {}] as const,
    ];
    for (const failure of failures) {
      const [method, path, body, headers] = failure();
      const ours = await call(api().url, method, path, body, { headers });
      expect(ours.status, path).toBeGreaterThanOrEqual(400);
      expect(ours.body.success).toBe(false);
      const stranger = await call(api().url, method, path, body, {
        headers: { ...headers, origin: STRANGER },
      });
      expect(stranger.status, path).toBe(ours.status);
      const panel = await call(api().url, method, path, body, { headers: { ...headers, ...fromPanel } });
      expect({ path, status: panel.status, body: panel.body }).toEqual({
        path,
        status: 200,
        body: ours.body,
      });
      expect(headerList(panel.headers.get('vary'))).toContain('origin');
      expect(panel.headers.get('access-control-allow-origin')).toBe(PANEL);
    }
    // What no endpoint has read keeps its status, as the lineage's backend keeps it: an unknown path, malformed JSON.
    expect((await call(api().url, 'POST', '/api/no/such', {}, { headers: fromPanel })).status).toBe(404);
    const malformed = await call(api().url, 'POST', '/api/user/login', undefined, {
      headers: fromPanel,
      raw: '{"email":',
    });
    expect(malformed.status).toBe(400);
  });
});
