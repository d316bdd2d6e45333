import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, adminLogin, NEW_SHOE, pngFile, postForm, productForm } from '../support/back-office.js';
import { useStore } from '../support/bff-process.js';
import { call } from '../support/http.js';
import { writeServerHalf } from '../support/stand-in-build.js';
import { listProducts } from '../support/store-api.js';

// What search engines read from the BFF: robots.txt, the sitemap (an index and its files, from the catalogue the
// pages read, on PUBLIC_URL whatever the Host), and the structured data the BFF puts in a rendered page's head. A
// stand-in server build renders pages as the real one answers them (a product the catalogue lacks is a 404, one the
// BFF says was removed a 410, both noindex) and names the store, as web/src/prerender/entry-server.tsx does; the
// browser suite checks the real build.
const PUBLIC_URL = 'https://shop.example';
const root = mkdtempSync(path.join(tmpdir(), 'store-seo-'));
const dist = path.join(root, 'dist');
mkdirSync(dist);
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>home shell</title></head><body></body></html>',
);
writeFileSync(
  path.join(dist, 'app-shell.html'),
  '<!doctype html><html><head><title>app shell</title></head><body></body></html>',
);
writeServerHalf(dist, {
  entry: 'entry-server-seo.js',
  source: `export const STORE_IDENTITY = { name: 'Kadam', description: 'Shoes.', email: 'hello@kadam.example', logoPath: '/favicon.svg' };
  export async function renderPageWithData(template, url, execute, options) {
    const id = /^\\/product\\/([^/?]+)/.exec(url)?.[1];
    if (id === undefined && !/^\\/(collection)?(\\?|$)/.test(url)) return undefined;
    if (id === undefined) return { status: 200, html: template.replace('<div id="root"></div>', 'page at ' + url + ' for ' + options?.origin) };
    const result = await execute({ query: 'query P($id: ID!) { product(id: $id) { name } }', variables: { id: decodeURIComponent(id) }, operationName: 'P' });
    const name = result.data?.product?.name;
    if (name) return { status: 200, html: template.replace('<div id="root"></div>', name) };
    const removed = (await options?.removed?.(decodeURIComponent(id))) === true;
    const page = template.replace('</head>', '<meta name="robots" content="noindex"></head>');
    return { status: removed ? 410 : 404, html: page.replace('<div id="root"></div>', removed ? 'No longer sold' : 'Product not found') };
  }\n`,
  template: '<!doctype html><html><head><title>page</title></head><body><div id="root"></div></body></html>',
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));

/** Every JSON-LD object in a page's head, parsed. */
function structuredData(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

describe('robots.txt and the sitemap', () => {
  const store = useStore(
    { WEB_DIST: dist, NODE_ENV: 'production', PUBLIC_URL, CATALOG_TTL_MS: '0' },
    ADMIN_ENV,
  );
  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(new URL(url, store().bff.url), { headers });
  /** A URL the sitemap names, asked of the BFF under test (PUBLIC_URL is where the shop is reached). */
  const local = (url: string) => new URL(url.replace(PUBLIC_URL, ''), store().bff.url);

  async function sitemapUrls(): Promise<string[]> {
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    const files = locs(await index.text());
    const urls: string[] = [];
    for (const file of files) {
      expect(file.startsWith(`${PUBLIC_URL}/sitemap-`)).toBe(true);
      const answer = await fetch(local(file));
      expect(answer.status, file).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      urls.push(...locs(await answer.text()));
    }
    return urls;
  }

  it('names the sitemap in robots.txt on the public URL, whatever the Host says', async () => {
    const robots = await get('/robots.txt', { host: 'evil.example' });
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await robots.text();
    expect(text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(text).toContain('Disallow: /cart');
    expect(text).not.toContain('evil.example');
  });

  it('lists home, the collection views and every product with its last change, each answered 200', async () => {
    const products = await listProducts(store().api.url);
    const files = locs(await (await get('/sitemap.xml', { host: 'evil.example' })).text());
    expect(files).toEqual([`${PUBLIC_URL}/sitemap-pages.xml`, `${PUBLIC_URL}/sitemap-products-1.xml`]);
    const urls = await sitemapUrls();
    expect(urls.slice(0, 2)).toEqual([`${PUBLIC_URL}/`, `${PUBLIC_URL}/collection`]);
    expect(urls).toContain(`${PUBLIC_URL}/collection?category=MEN`);
    expect(urls.filter((url) => url.includes('/product/')).sort()).toEqual(
      products.map((p) => `${PUBLIC_URL}/product/${p._id}`).sort(),
    );
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect((await fetch(local(url))).status, url).toBe(200);

    const xml = await (await get('/sitemap-products-1.xml')).text();
    const listed = (await call(store().api.url, 'GET', '/api/product/list')).body.products as Array<{
      _id: string;
      date: number;
    }>;
    const first = listed[0]!;
    expect(xml).toContain(
      `<url><loc>${PUBLIC_URL}/product/${first._id}</loc><lastmod>${new Date(first.date).toISOString().replace(/\.\d{3}Z$/, 'Z')}</lastmod></url>`,
    );
    expect((await get('/sitemap-products-2.xml')).status).toBe(404);
  });

  it('answers 304 to a client whose copy is current, by ETag or by date', async () => {
    for (const file of ['/sitemap.xml', '/sitemap-pages.xml', '/sitemap-products-1.xml']) {
      const first = await get(file);
      await first.arrayBuffer();
      const etag = first.headers.get('etag');
      const lastModified = first.headers.get('last-modified');
      expect(etag, file).toMatch(/^W\/"[\w-]+"$/);
      expect(lastModified, file).not.toBeNull();
      expect((await get(file, { 'if-none-match': etag! })).status, file).toBe(304);
      expect((await get(file, { 'if-modified-since': lastModified! })).status, file).toBe(304);
      expect((await get(file, { 'if-none-match': 'W/"something-else"' })).status, file).toBe(200);
    }
  });

  it('follows the back office: an added product is listed (and its page has structured data), a removed one is not', async () => {
    const { api } = store();
    const token = await adminLogin(api.url);
    const before = await get('/sitemap-products-1.xml');
    const etag = before.headers.get('etag')!;
    await before.arrayBuffer();

    const added = await postForm(api.url, '/api/product/add', productForm(NEW_SHOE, [pngFile()]), token);
    expect(added.status).toBe(201);
    const id = (added.body.product as { _id: string })._id;
    const url = `${PUBLIC_URL}/product/${id}`;
    expect(await sitemapUrls()).toContain(url);
    // The file changed, so the client's copy is no longer current.
    expect((await get('/sitemap-products-1.xml', { 'if-none-match': etag })).status).toBe(200);

    const page = await (await fetch(local(url))).text();
    const [product, breadcrumbs] = structuredData(page);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: NEW_SHOE.name,
      description: NEW_SHOE.description,
      url,
      sku: id,
    });
    const offers = product!.offers as Array<Record<string, unknown>>;
    expect(offers.map((offer) => offer.sku)).toEqual(['7', '8', '9', '10'].map((size) => `${id}-${size}`));
    expect(offers[0]).toMatchObject({
      price: Number(NEW_SHOE.price),
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
    });
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });

    expect(await call(api.url, 'POST', '/api/product/remove', { id }, { headers: { token } })).toMatchObject({
      status: 200,
    });
    expect(await sitemapUrls()).not.toContain(url);
    const gone = await fetch(local(url));
    expect(gone.status).toBe(410);
    expect(structuredData(await gone.text())).toEqual([]);
  });

  it('answers a removed product’s page 410 Gone with noindex, and an id that never existed 404 with noindex', async () => {
    const { api } = store();
    const token = await adminLogin(api.url);
    const added = await postForm(
      api.url,
      '/api/product/add',
      productForm({ ...NEW_SHOE, name: 'Seasonal Sandal' }, [pngFile()]),
      token,
    );
    expect(added.status).toBe(201);
    const id = (added.body.product as { _id: string })._id;
    // Seen once while on sale, so the BFF's catalogue has it before the removal.
    expect((await get(`/product/${id}`)).status).toBe(200);
    expect(await call(api.url, 'POST', '/api/product/remove', { id }, { headers: { token } })).toMatchObject({
      status: 200,
    });

    const gone = await get(`/product/${id}`);
    expect(gone.status).toBe(410);
    const html = await gone.text();
    expect(html).toContain('No longer sold');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(structuredData(html)).toEqual([]);

    const never = await get('/product/never-sold-here');
    expect(never.status).toBe(404);
    const neverHtml = await never.text();
    expect(neverHtml).toContain('Product not found');
    expect(neverHtml).toContain('<meta name="robots" content="noindex">');
  });

  it('keeps hostile product text inside its JSON-LD script', async () => {
    const { api } = store();
    const token = await adminLogin(api.url);
    const hostile = {
      ...NEW_SHOE,
      name: 'Breakout</script><script>alert(1)</script>',
      description: 'Ends here --> <!-- <script> & \u2028 line\u2029 and </SCRIPT > too',
    };
    const added = await postForm(api.url, '/api/product/add', productForm(hostile, [pngFile()]), token);
    expect(added.status).toBe(201);
    const id = (added.body.product as { _id: string })._id;
    const html = await (await get(`/product/${id}`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    // Only the store's own script elements, each closed where it should be.
    expect(head.match(/<script/gi)?.length).toBe(2);
    expect(head).not.toContain('<!--');
    expect(head).not.toContain('alert(1)</script>');
    const [product] = structuredData(html);
    expect(product).toMatchObject({ name: hostile.name, description: hostile.description });
  });

  it('answers an unknown page 404 with noindex', async () => {
    const unknown = await get('/no/such/page');
    expect(unknown.status).toBe(404);
    const html = await unknown.text();
    expect(html).toContain('app shell');
    expect(html).toContain('<meta name="robots" content="noindex">');
    // A page that is there is not marked.
    expect(await (await get('/collection')).text()).not.toContain('noindex');
  });

  it('states the store and its search on home', async () => {
    const [organization, website] = structuredData(await (await get('/')).text());
    expect(organization).toMatchObject({ '@type': 'Organization', name: 'Kadam', url: `${PUBLIC_URL}/` });
    expect(website).toMatchObject({
      '@type': 'WebSite',
      potentialAction: { target: { urlTemplate: `${PUBLIC_URL}/collection?q={search_term_string}` } },
    });
  });
});
