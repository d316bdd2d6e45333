import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useStore } from '../support/bff-process.js';
import { listProducts } from '../support/store-api.js';

// A stand-in build of the web app: the BFF's job is to serve whatever the build produced, by these rules.
const dist = mkdtempSync(path.join(tmpdir(), 'store-web-dist-'));
mkdirSync(path.join(dist, 'assets'));
mkdirSync(path.join(dist, 'collection'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>home shell</title>');
writeFileSync(path.join(dist, 'app-shell.html'), '<!doctype html><title>app shell</title>');
writeFileSync(path.join(dist, 'collection', 'index.html'), '<!doctype html><title>collection shell</title>');
writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
// The build also writes compressed copies, which the BFF serves to browsers that accept them.
for (const file of ['index.html', 'app-shell.html', 'collection/index.html']) {
  writeFileSync(path.join(dist, `${file}.gz`), gzipSync(readFileSync(path.join(dist, file))));
}
writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

describe('the BFF serves the web app', () => {
  const store = useStore({ WEB_DIST: dist, NODE_ENV: 'production' });
  // No compression unless a case asks for it: a client that accepts none must be served too.
  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(new URL(url, store().bff.url), { headers: { 'accept-encoding': 'identity', ...headers } });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('answers every client route with the app, prerendered shells where built, and 404 for unknown pages', async () => {
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
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const asset = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip' });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(await asset.text()).toContain('xxxx');
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
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
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
