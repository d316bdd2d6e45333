import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useStore } from '../support/bff-process.js';
import { writeServerHalf } from '../support/stand-in-build.js';
import { listProducts } from '../support/store-api.js';

// A stand-in build with a server half (web/build/prerender.ts makes the real one, which the browser suite uses):
// the BFF's part is to hand the render the request's URL and an in-process GraphQL call, serve what comes back,
// fall back to the shell when nothing does, and pick up a rebuild without a restart.
const root = mkdtempSync(path.join(tmpdir(), 'store-web-'));
const dist = path.join(root, 'dist');
const server = `${dist}-server`;
mkdirSync(dist);
mkdirSync(server);
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>home shell</title>');
writeFileSync(path.join(dist, 'app-shell.html'), '<!doctype html><title>app shell</title>');

function writeServerBuild(label: string, builtAt: Date): void {
  // Renders /collection with the names of the first products, asked through the BFF's own schema, and shows
  // whether the request's token reached it (it must not: pages are rendered for nobody in particular).
  writeServerHalf(dist, {
    entry: `entry-server-${label.replace(/\W/g, '-')}.js`,
    source: `export async function renderPageWithData(template, url, execute) {
      if (!url.startsWith('/collection')) return undefined;
      // A render that takes a while, so a test can have many in flight.
      if (url.includes('slow')) await new Promise((resolve) => setTimeout(resolve, 300));
      const result = await execute({ query: 'query Names { products(first: 2) { nodes { name } } me { id } }', variables: {}, operationName: 'Names' });
      if (result.errors) return undefined;
      const names = result.data.products.nodes.map((node) => node.name).join(' & ');
      return { status: 200, html: template.replace('<div id="root"></div>', names + ' for ' + (result.data.me ? 'a shopper' : 'nobody') + ' at ' + url) };
    }\n`,
    template: `<!doctype html><title>${label}</title><div id="root"></div>`,
    builtAt,
  });
}
writeServerBuild('first build', new Date(Date.now() - 60_000));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the BFF renders pages with their data', () => {
  const store = useStore({ WEB_DIST: dist, NODE_ENV: 'production' });
  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(new URL(url, store().bff.url), { headers });

  it('serves the render for its routes, with data from the schema and never the shopper’s token', async () => {
    const [first, second] = await listProducts(store().api.url);
    const page = await get('/collection?category=MEN', { authorization: 'Bearer someone' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    expect(html).toContain('<title>first build</title>');
    expect(html).toContain(`${first!.name} & ${second!.name} for nobody at /collection?category=MEN`);
    // Routes the render has nothing for get their shells.
    expect(await (await get('/product/anything')).text()).toContain('app shell');
  });

  it('picks up a rebuild without a restart', async () => {
    writeServerBuild('second build', new Date());
    expect(await (await get('/collection')).text()).toContain('<title>second build</title>');
  });
});

describe('under a flood of distinct pages', () => {
  const store = useStore({ WEB_DIST: dist, NODE_ENV: 'production' });

  it('renders a few at once and answers the rest with the shell, then renders again', async () => {
    const urls = Array.from({ length: 10 }, (_, i) => `/collection?slow=${String(i)}`);
    const pages = await Promise.all(
      urls.map(async (url) => (await fetch(new URL(url, store().bff.url))).text()),
    );
    expect(pages.filter((html) => html.includes('for nobody at')).length).toBe(4);
    expect(pages.filter((html) => html.includes('app shell')).length).toBe(6);
    // Every render has finished: the next page is rendered.
    expect(await (await fetch(new URL('/collection?slow=next', store().bff.url))).text()).toContain(
      'for nobody at /collection?slow=next',
    );
  });
});

describe('with the API down', () => {
  const store = useStore({
    WEB_DIST: dist,
    NODE_ENV: 'production',
    API_URL: 'http://127.0.0.1:9',
    API_TIMEOUT_MS: '300',
  });

  it('serves the shell, whose page loads its data in the browser', async () => {
    const page = await fetch(new URL('/collection', store().bff.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('app shell');
  });
});

describe('outside production', () => {
  // A build whose entry leaves a mark when imported: the BFF imports it for the first page asked, not at start.
  const lazyDist = path.join(root, 'lazy', 'dist');
  const mark = path.join(root, 'lazy', 'imported');
  mkdirSync(lazyDist, { recursive: true });
  writeFileSync(path.join(lazyDist, 'index.html'), '<!doctype html><title>home shell</title>');
  writeFileSync(path.join(lazyDist, 'app-shell.html'), '<!doctype html><title>app shell</title>');
  writeServerHalf(lazyDist, {
    entry: 'entry-server-lazy.js',
    source: `import { writeFileSync } from 'node:fs';
      writeFileSync(${JSON.stringify(mark)}, 'yes');
      export async function renderPageWithData(template, url) {
        return url.startsWith('/collection') ? { status: 200, html: template.replace('<div id="root"></div>', 'lazy page') } : undefined;
      }\n`,
    template: '<!doctype html><title>lazy</title><div id="root"></div>',
  });
  const store = useStore({ WEB_DIST: lazyDist, NODE_ENV: 'test' });

  it('imports the server entry for the first page asked, not at start', async () => {
    expect(existsSync(mark)).toBe(false);
    const page = await fetch(new URL('/collection', store().bff.url));
    expect(await page.text()).toContain('lazy page');
    expect(existsSync(mark)).toBe(true);
  });
});
