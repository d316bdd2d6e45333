import http from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useStore } from '../support/bff-process.js';
import { NO_RENDER, writeServerHalf } from '../support/stand-in-build.js';
import { listProducts } from '../support/store-api.js';

// A stand-in build of the web app: the BFF's job is to serve whatever the build produced, by these rules.
const dist = mkdtempSync(path.join(tmpdir(), 'store-web-dist-'));
mkdirSync(path.join(dist, 'assets'));
mkdirSync(path.join(dist, 'collection'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>home shell</title>');
writeFileSync(path.join(dist, 'app-shell.html'), '<!doctype html><title>app shell</title>');
writeFileSync(path.join(dist, 'collection', 'index.html'), '<!doctype html><title>collection shell</title>');
writeFileSync(
  path.join(dist, 'assets', 'main-abc123.js'),
  `console.log(${JSON.stringify('x'.repeat(5000))});`,
);
// The build also writes compressed copies, which the BFF serves to browsers that accept them.
for (const file of ['index.html', 'app-shell.html', 'collection/index.html']) {
  writeFileSync(path.join(dist, `${file}.gz`), gzipSync(readFileSync(path.join(dist, file))));
}
writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// Pages are served as their shells; the server half names the routes (an unknown page is a 404).
writeServerHalf(dist, {
  entry: 'entry-server-site.js',
  source: NO_RENDER,
  template: '<div id="root"></div>',
});

describe('the BFF serves the web app', () => {
  const store = useStore({ WEB_DIST: dist, NODE_ENV: 'production' });
  // No compression unless a case asks for it: a client that accepts none must be served too.
  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(new URL(url, store().bff.url), { headers: { 'accept-encoding': 'identity', ...headers } });
  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
    rmSync(`${dist}-server`, { recursive: true, force: true });
  });

  it('answers every client route with the app, prerendered shells where built, and 404 for unknown pages', async () => {
    // Node warns on stderr when one response gathers too many listeners: each page would have leaked some.
    let stderr = '';
    const collect = (chunk: Buffer) => (stderr += chunk.toString());
    store().bff.child.stderr?.on('data', collect);
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('home shell');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    for (const url of ['/collection?categories=MEN', '/collection/']) {
      const collection = await get(url);
      expect(collection.status, url).toBe(200);
      expect(await collection.text()).toContain('collection shell');
    }
    const head = await fetch(new URL('/', store().bff.url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    for (const route of ['/product/anything', '/cart', '/login', '/place-order', '/orders']) {
      const page = await get(route);
      expect(page.status, route).toBe(200);
      expect(await page.text()).toContain('app shell');
    }
    const unknown = await get('/no/such/page');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('app shell');
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/../package.json')).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 200));
    store().bff.child.stderr?.off('data', collect);
    expect(stderr).not.toContain('MaxListenersExceededWarning');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const asset = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip' });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(await asset.text()).toContain('xxxx');
    // A script is not a document: it carries nosniff, and none of the document policies' bytes.
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('x-frame-options')).toBeNull();
    // Revalidated by its ETag alone: no Last-Modified repeating it.
    expect(asset.headers.get('last-modified')).toBeNull();
    const etag = asset.headers.get('etag');
    expect(etag).not.toBeNull();
    // As a browser revalidates: fetch adds `cache-control: no-cache` to a conditional request that names none.
    const again = await get('/assets/main-abc123.js', {
      'accept-encoding': 'gzip',
      'cache-control': 'max-age=0',
      'if-none-match': etag!,
    });
    expect(again.status).toBe(304);
  });

  it('serves a file only at its own path, and one the build added since the start', async () => {
    // Sent as written: fetch would resolve the dot segments before they reach the store.
    const raw = (requestPath: string) =>
      new Promise<number | undefined>((resolve, reject) => {
        const { hostname, port } = new URL(store().bff.url);
        http
          .get({ hostname, port, path: requestPath }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode));
          })
          .on('error', reject);
      });
    expect(await raw('/assets/main-abc123.js')).toBe(200);
    for (const hostile of [
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/./main-abc123.js',
      '//assets/main-abc123.js',
      '/assets/main-abc123.js/',
      '/assets/%E0%A4%A',
      '/assets/',
    ]) {
      const status = await raw(hostile);
      expect(status !== undefined && status >= 400 && status < 500, `${hostile}: ${status}`).toBe(true);
    }
    writeFileSync(path.join(dist, 'assets', 'later-def456.js'), 'console.log(2);');
    const later = await get('/assets/later-def456.js');
    expect(later.status).toBe(200);
    expect(await later.text()).toBe('console.log(2);');
    expect(
      (await fetch(new URL('/assets/later-def456.js', store().bff.url), { method: 'HEAD' })).status,
    ).toBe(200);
  });

  it('sends a strict Content-Security-Policy and the safety headers', async () => {
    const page = await get('/');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('clerk');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('refuses cross-origin GraphQL calls from origins not configured', async () => {
    const preflight = await fetch(new URL('/graphql', store().bff.url), {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves product images same-origin from the API, with revalidation', async () => {
    const [shoe] = await listProducts(store().api.url);
    const imagePath = new URL(shoe!.image[0]!, 'http://store.invalid').pathname;
    const image = await get(imagePath);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    const etag = image.headers.get('etag');
    expect(etag).not.toBeNull();
    expect((await get(imagePath, { 'if-none-match': etag! })).status).toBe(304);
    expect((await get('/images/no-such.svg')).status).toBe(404);
  });
});

describe('the BFF for images on a CDN and for clients on other origins', () => {
  const client = 'http://client.example:5173';
  const store = useStore(
    { WEB_DIST: dist, NODE_ENV: 'production', CORS_ORIGINS: client },
    { ASSET_BASE_URL: 'https://cdn.example', CORS_ORIGINS: client },
  );

  it("admits the API's ASSET_BASE_URL in the pages' img-src", async () => {
    const csp = (await fetch(new URL('/', store().bff.url))).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example(;|\s|$)/);
  });

  it('lets the listed origin call the REST contract at the store URL, preflight included, and no other', async () => {
    const preflight = await fetch(new URL('/api/cart/get', store().bff.url), {
      method: 'OPTIONS',
      headers: {
        origin: client,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,token',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(client);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('token');
    const list = await fetch(new URL('/api/product/list', store().bff.url), { headers: { origin: client } });
    expect(list.headers.get('access-control-allow-origin')).toBe(client);
    const other = await fetch(new URL('/api/product/list', store().bff.url), {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("marks product images cross-origin, so the listed client's pages may show them", async () => {
    const [shoe] = await listProducts(store().api.url);
    const image = await fetch(new URL(new URL(shoe!.image[0]!).pathname, store().bff.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});
