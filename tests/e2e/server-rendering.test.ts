import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startBff } from '../support/bff-process.js';
import { launchBrowser, openWatchedPage, problemsOf, screenshot, type WatchedPage } from '../support/browser.js';
import { gql } from '../support/graphql.js';

// The collection and product pages arrive with their data in the HTML (docs/decisions/008): their largest
// element paints before any script runs, and the browser hydrates the same markup from the cache sent with it.
interface Listed {
  id: string;
  name: string;
}

async function listed(filter: Record<string, unknown>): Promise<Listed[]> {
  const answer = await gql<{ products: { nodes: Listed[] } }>(
    inject('storeUrl'),
    'query($filter: ProductFilter) { products(filter: $filter, sort: RELEVANT, first: 24) { nodes { id name } } }',
    { filter },
  );
  return answer.data!.products.nodes;
}

const page = (path: string) => fetch(new URL(path, inject('storeUrl')), { headers: { accept: 'text/html' } });
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
const stateOf = (html: string): unknown =>
  JSON.parse(/<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null');

describe('pages rendered with their data', () => {
  it('a collection view has its products, in order, and the cache they came from', async () => {
    const women = await listed({ categories: ['WOMEN'] });
    expect(women.length).toBeGreaterThan(0);
    const answer = await page('/collection?category=WOMEN');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const html = await answer.text();
    expect(html).toContain('data-route="/collection?category=WOMEN"');
    expect(html).toContain('<link rel="canonical" href="/collection">');
    const positions = women.map((product) => html.indexOf(`href="/product/${product.id}"`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const state = stateOf(html) as Record<string, unknown>;
    expect(Object.keys(state)).toContain(`Product:{"id":"${women[0]!.id}"}`);
    // The men's products are not in the women's view.
    const men = await listed({ categories: ['MEN'] });
    expect(html).not.toContain(`href="/product/${men[0]!.id}"`);
  });

  it('a product page has the product, its title and description, and an unknown product answers 404', async () => {
    const [shoe] = await listed({});
    const answer = await page(`/product/${shoe!.id}`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain(`<title>${escaped(shoe!.name)} | `);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toContain(`<h1`);
    expect(html).toContain(escaped(shoe!.name));
    const missing = await page('/product/no-such-shoe');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Product not found');
  });

  it('home has its latest products and preloads the hero poster its first screen shows', async () => {
    const latest = await gql<{ latestProducts: Listed[] }>(inject('storeUrl'), '{ latestProducts(limit: 4) { id name } }');
    const html = await (await page('/')).text();
    expect(html).toContain('<link rel="preload" as="image" href="/videos/hero-1-poster.webp" fetchpriority="high">');
    expect(latest.data!.latestProducts.length).toBeGreaterThan(0);
    for (const product of latest.data!.latestProducts) expect(html).toContain(`href="/product/${product.id}"`);
    expect(stateOf(html)).not.toBeNull();
  });

  it('without the API, a BFF serves the page shells, which load their data in the browser', async () => {
    // A second BFF over the same build, in front of an address where nothing listens.
    const bff = await startBff('http://127.0.0.1:9', { WEB_DIST: 'web/dist', NODE_ENV: 'production', API_TIMEOUT_MS: '500' });
    try {
      const answer = await fetch(new URL('/collection?category=MEN', bff.url));
      expect(answer.status).toBe(200);
      const html = await answer.text();
      expect(html).toContain('data-route="/collection"');
      expect(html).not.toContain('id="server-state"');
    } finally {
      await bff.stop();
    }
  });
});

describe('in the browser', () => {
  let browser: Browser;
  let watched: WatchedPage;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await watched.context.close();
    await browser.close();
  });

  it('shows the products with scripts off, and with scripts on hydrates without asking for them again', async () => {
    const women = await listed({ categories: ['WOMEN'] });
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: inject('storeUrl') });
    const bare = await noScript.newPage();
    await bare.goto('/collection?category=WOMEN');
    expect(await bare.locator(`main a[href="/product/${women[0]!.id}"]`).count()).toBe(1);
    await screenshot(bare, 'collection-without-scripts');
    await noScript.close();

    watched = await openWatchedPage(browser, inject('storeUrl'), 'desktop');
    const operations: string[] = [];
    watched.page.on('request', (request) => {
      if (request.url().endsWith('/graphql'))
        operations.push((request.postDataJSON() as { operationName?: string } | null)?.operationName ?? '?');
    });
    await watched.page.goto('/collection?category=WOMEN');
    await watched.page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
    await watched.page.waitForLoadState('networkidle');
    expect(operations).not.toContain('CollectionProducts');
    // Hydrated, so the controls answer: a filter changes the view (and now asks the BFF).
    const men = watched.page.getByRole('checkbox', { name: /^Men/ });
    await men.click();
    // The box follows the URL, which the router updates in a transition: a moment after the click.
    await expect.poll(() => men.isChecked()).toBe(true);
    await expect.poll(() => new URL(watched.page.url()).searchParams.getAll('category')).toEqual(['WOMEN', 'MEN']);
    await expect.poll(() => operations.includes('CollectionProducts')).toBe(true);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
  });
});
