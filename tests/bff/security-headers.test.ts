import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OPTIMIZED_IMAGE_PATH } from '#domain/images';
import { useStore } from '../support/bff-process.js';
import { NO_RENDER, writeServerHalf } from '../support/stand-in-build.js';
import { listProducts } from '../support/store-api.js';

// The security headers of every kind of response, value for value: a page, GraphQL, the images, the app's assets,
// the REST contract and each kind of 404. Any change to them (a policy edited, or how they are built) shows here.

const dist = mkdtempSync(path.join(tmpdir(), 'store-web-dist-'));
mkdirSync(path.join(dist, 'assets'));
mkdirSync(path.join(dist, 'collection'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>home shell</title>');
writeFileSync(path.join(dist, 'app-shell.html'), '<!doctype html><title>app shell</title>');
writeFileSync(path.join(dist, 'collection', 'index.html'), '<!doctype html><title>collection shell</title>');
writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1);');
writeServerHalf(dist, {
  entry: 'entry-server-headers.js',
  source: NO_RENDER,
  template: '<div id="root"></div>',
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(`${dist}-server`, { recursive: true, force: true });
});

const SECURITY_HEADERS = [
  'content-security-policy',
  'content-security-policy-report-only',
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-powered-by',
  'x-xss-protection',
];

/** What every response carries, documents or not. */
const ALWAYS = {
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

/** What a document's response adds, around its Content-Security-Policy. */
const documentHeaders = (csp: string) => ({
  ...ALWAYS,
  'content-security-policy': csp,
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

function securityHeadersOf(response: Response): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of SECURITY_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) found[name] = value;
  }
  return found;
}

/** The requests whose headers are pinned, in order: a page first, so the policy knows the catalogue's image origins. */
async function headersByRequest(
  base: string,
  apiUrl: string,
): Promise<Record<string, Record<string, string>>> {
  const [shoe] = await listProducts(apiUrl);
  const image = new URL(shoe!.image[0]!, 'http://store.invalid').pathname;
  const requests: Array<[string, { method: string; headers: Record<string, string>; body: string }?]> = [
    ['/'],
    ['/collection?categories=MEN'],
    ['/no/such/page'],
    [
      '/graphql',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' },
    ],
    [image],
    ['/images/no-such.svg'],
    [`${OPTIMIZED_IMAGE_PATH}?src=${encodeURIComponent(image)}&w=64`],
    ['/assets/main-abc123.js'],
    ['/assets/missing.js'],
    ['/api/product/list'],
    ['/healthz'],
  ];
  const found: Record<string, Record<string, string>> = {};
  for (const [url, init] of requests) {
    const response = await fetch(new URL(url, base), {
      ...init,
      headers: { 'accept-encoding': 'identity', ...init?.headers },
    });
    await response.arrayBuffer();
    found[`${init?.method ?? 'GET'} ${url.split('?')[0]!}`] = securityHeadersOf(response);
  }
  return found;
}

function expectedFor(image: string, csp: string): Record<string, Record<string, string>> {
  const document = documentHeaders(csp);
  return {
    'GET /': document,
    'GET /collection': document,
    'GET /no/such/page': document,
    'POST /graphql': document,
    [`GET ${image}`]: document,
    'GET /images/no-such.svg': document,
    [`GET ${OPTIMIZED_IMAGE_PATH}`]: ALWAYS,
    'GET /assets/main-abc123.js': ALWAYS,
    'GET /assets/missing.js': ALWAYS,
    'GET /api/product/list': document,
    'GET /healthz': document,
  };
}

describe('the security headers of a store without Clerk, its images on its own origin', () => {
  const store = useStore({ WEB_DIST: dist, NODE_ENV: 'production' });

  it('are these, on every kind of response', async () => {
    const [shoe] = await listProducts(store().api.url);
    const image = new URL(shoe!.image[0]!, 'http://store.invalid').pathname;
    const csp =
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: ;media-src 'self';" +
      "font-src 'self';connect-src 'self';frame-src 'none';worker-src 'self' blob:;object-src 'none';base-uri 'self';" +
      "form-action 'self';frame-ancestors 'none'";
    expect(await headersByRequest(store().bff.url, store().api.url)).toEqual(expectedFor(image, csp));
  });
});

describe('the security headers of a store with Clerk and its images on a CDN', () => {
  const clerkKey = `pk_test_${Buffer.from('happy-shoe-12.clerk.accounts.dev$').toString('base64')}`;
  const store = useStore(
    { WEB_DIST: dist, NODE_ENV: 'production', VITE_CLERK_PUBLISHABLE_KEY: clerkKey },
    { ASSET_BASE_URL: 'https://cdn.example' },
  );

  it("admit Clerk's origins and the catalogue's image origin, on every kind of response", async () => {
    const [shoe] = await listProducts(store().api.url);
    const image = new URL(shoe!.image[0]!, 'http://store.invalid').pathname;
    const clerk =
      'https://happy-shoe-12.clerk.accounts.dev https://*.clerk.com https://img.clerk.com https://challenges.cloudflare.com';
    const csp =
      `default-src 'self';script-src 'self' ${clerk};style-src 'self' 'unsafe-inline';img-src 'self' data: blob: ${clerk} https://cdn.example;` +
      `media-src 'self';font-src 'self';connect-src 'self' ${clerk} https://clerk-telemetry.com;frame-src ${clerk};` +
      "worker-src 'self' blob:;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";
    expect(await headersByRequest(store().bff.url, store().api.url)).toEqual(expectedFor(image, csp));
  });
});
