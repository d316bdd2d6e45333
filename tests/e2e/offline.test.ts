import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  controlledByWorker,
  closeTestBrowser,
  openTestBrowser,
  openWatchedPage,
  problemsOf,
  screenshot,
  type ViewportName,
  type WatchedPage,
} from '../support/browser.js';
import {
  expectCartCount,
  serverState,
  shoesVia,
  signUpInBrowser,
  visit,
  waitForApp,
  type Shoe,
} from '../support/journeys.js';

// Issue 33, item 1: after a first visit the store's service worker keeps the app and the pages the shopper has
// seen; without a network a seen page opens, an unseen one shows the store's own offline page, and the shopper's
// own pages are never kept.

const PAGES_CACHE = 'store-pages-v1';
const IMAGES_CACHE = 'store-images-v1';

/** The URLs a cache of the page's origin holds (strings: this file is type-checked for Node, without the DOM). */
function cachedUrls(watched: WatchedPage, cache: string): Promise<string[]> {
  return watched.page.evaluate<string[]>(
    `caches.open(${JSON.stringify(cache)}).then((c) => c.keys()).then((keys) => keys.map((r) => r.url))`,
  );
}

describe.each<ViewportName>(['mobile', 'desktop'])(
  'the store offline after a first visit (%s)',
  (viewport) => {
    let browser: Browser;
    let watched: WatchedPage;
    let shoes: Shoe[];
    const storeUrl = inject('storeUrl');

    beforeAll(async () => {
      browser = await openTestBrowser();
      shoes = await shoesVia(storeUrl);
      watched = await openWatchedPage(browser, storeUrl, viewport, { serviceWorkers: 'allow' });
    });
    afterAll(async () => {
      await closeTestBrowser(browser);
    });

    it('installs its worker once the page is live, and installs to a home screen', async () => {
      await visit(watched.page, '/');
      await expect.poll(() => controlledByWorker(watched.page)).toBe(true);
      const manifest = (await (await watched.page.request.get('/manifest.webmanifest')).json()) as {
        name: string;
        start_url: string;
        display: string;
        icons: Array<{ src: string; sizes: string; type: string }>;
      };
      expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
      expect(manifest.name).not.toBe('');
      for (const icon of manifest.icons) {
        const answer = await watched.page.request.get(icon.src);
        expect(answer.status(), icon.src).toBe(200);
        expect(answer.headers()['content-type']).toBe(icon.type);
      }
      expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
        expect.arrayContaining(['192x192', '512x512']),
      );
      // Everything the worker precaches is there to fetch: one missing file would fail its whole install.
      const worker = await (await watched.page.request.get('/sw.js')).text();
      const precached = [
        ...worker.matchAll(/"(\/(?:assets|icons)\/[^"]+|\/offline\.html|\/favicon\.svg)"/g),
      ].map((match) => match[1]!);
      expect(precached.length).toBeGreaterThan(10);
      for (const url of precached) expect((await watched.page.request.get(url)).status(), url).toBe(200);
      const cdp = await watched.context.newCDPSession(watched.page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    });

    it('opens a product seen before without a network; one never seen shows the store’s offline page', async () => {
      const [seen, unseen] = shoes;
      await visit(watched.page, `/product/${seen!.id}`);
      await visit(watched.page, '/cart');
      await watched.context.setOffline(true);
      try {
        await watched.page.goto(`/product/${seen!.id}`);
        await expect(
          watched.page.getByRole('heading', { name: seen!.name }).first().isVisible(),
        ).resolves.toBe(true);
        // Its prices and stock are not live, and the page says so with the time it was fetched.
        expect(await watched.page.locator('[data-kept-copy]').textContent()).toMatch(
          /^You’re offline: this page is shown as of .+\. Prices and stock may have changed\.$/,
        );
        await screenshot(watched.page, `offline-kept-product-${viewport}`);

        await watched.page.goto(`/product/${unseen!.id}`);
        await watched.page.getByRole('heading', { name: 'You’re offline' }).waitFor();
        expect(await watched.page.title()).toMatch(/^You’re offline \| /);
        await screenshot(watched.page, `offline-page-${viewport}`);

        // The shopper's own pages are never kept, even once seen.
        await watched.page.goto('/cart');
        await watched.page.getByRole('heading', { name: 'You’re offline' }).waitFor();
      } finally {
        await watched.context.setOffline(false);
      }
      // Back online, TRY AGAIN fetches the page the shopper asked for.
      await watched.page.getByRole('link', { name: 'TRY AGAIN' }).click();
      await waitForApp(watched.page);
      expect(new URL(watched.page.url()).pathname).toBe('/cart');
      expect(await watched.page.getByRole('heading', { name: 'You’re offline' }).count()).toBe(0);
      // A page fetched afresh is not marked as a kept copy.
      await watched.page.goto(`/product/${unseen!.id}`);
      await watched.page.getByRole('heading', { name: unseen!.name }).first().waitFor();
      expect(await watched.page.locator('[data-kept-copy]').count()).toBe(0);
    });

    it('keeps pages and the store’s images within their bounds, and none of the shopper’s own pages', async () => {
      const pages = (await cachedUrls(watched, PAGES_CACHE)).map((url) => new URL(url).pathname);
      expect(pages).toContain(`/product/${shoes[0]!.id}`);
      expect(pages.filter((path) => /^\/(cart|login|place-order|orders)(\/|$)/.test(path))).toEqual([]);
      const images = (await cachedUrls(watched, IMAGES_CACHE)).map((url) => new URL(url));
      expect(images.length).toBeGreaterThan(0);
      expect(images.length).toBeLessThanOrEqual(150);
      for (const url of images) expect(url.origin).toBe(new URL(storeUrl).origin);
      expect(problemsOf(watched, [/ERR_INTERNET_DISCONNECTED/]).consoleErrors).toEqual([]);
    });

    it('opens a product seen before from a link inside the app, without a network', async () => {
      await visit(watched.page, '/collection');
      const href = await watched.page.locator('a[href^="/product/"]').first().getAttribute('href');
      await visit(watched.page, href!);
      const name = await watched.page.getByRole('heading', { level: 1 }).textContent();
      await visit(watched.page, '/collection');
      await watched.context.setOffline(true);
      try {
        // Followed inside the app, its data cannot be asked for: the worker's kept copy is shown instead.
        await watched.page.locator(`a[href="${href!}"]`).first().click();
        await watched.page.locator('[data-kept-copy]').waitFor();
        expect(new URL(watched.page.url()).pathname).toBe(href);
        await watched.page.getByRole('heading', { level: 1, name: name! }).waitFor();
        expect(await watched.page.getByText('This product could not be loaded').count()).toBe(0);
        // The one call that failed is the product's, before the page was asked for whole.
        expect(
          problemsOf(watched, [/ERR_INTERNET_DISCONNECTED/]).consoleErrors.filter(
            (error) => !error.startsWith('[GraphQL ProductDetail] Error: The store could not be reached.'),
          ),
        ).toEqual([]);
      } finally {
        await watched.context.setOffline(false);
      }
    });

    it('searches and sorts the shoes already seen, without a network, and says the list is partial', async () => {
      // Seen with the worker in control, so that it keeps the page.
      await visit(watched.page, '/collection');
      await expect.poll(() => controlledByWorker(watched.page)).toBe(true);
      await visit(watched.page, '/collection');
      const [rendered] = JSON.parse((await watched.page.locator('#server-state').textContent())!) as Array<{
        data: { products: { nodes: Array<{ id: string; name: string }> } };
      }>;
      const seen = rendered!.data.products.nodes;
      const word = seen[0]!.name.split(' ')[0]!.toLowerCase();
      const results = watched.page.locator('section[aria-labelledby="collection-title"]');
      const shownIds = async () => {
        const links = await results.locator('a[href^="/product/"]').all();
        const hrefs = await Promise.all(links.map((link) => link.getAttribute('href')));
        return hrefs.map((href) => decodeURIComponent(href!.slice('/product/'.length)));
      };
      const notice = results
        .getByRole('status')
        .filter({ hasText: 'You’re offline: only the shoes you’ve already seen' });

      await watched.context.setOffline(true);
      try {
        await watched.page.goto('/collection');
        await waitForApp(watched.page);
        // A search the store cannot answer now: the shoes seen on this device that match, and a plain word on it.
        await watched.page.getByPlaceholder('Search...').fill(word);
        await notice.waitFor();
        expect(await notice.textContent()).toMatch(
          /^You’re offline: only the shoes you’ve already seen on this device are shown, as of .+\. Prices and stock may have changed\.$/,
        );
        expect(new URL(watched.page.url()).searchParams.get('q')).toBe(word);
        const found = await shownIds();
        expect(found).toEqual(
          expect.arrayContaining(
            seen.filter((shoe) => shoe.name.toLowerCase().includes(word)).map((shoe) => shoe.id),
          ),
        );
        expect(found.length).toBeGreaterThan(0);
        await expect(
          watched.page
            .getByText(`${found.length} ${found.length === 1 ? 'product' : 'products'} for “${word}”`)
            .isVisible(),
        ).resolves.toBe(true);
        await screenshot(watched.page, `offline-collection-search-${viewport}`);

        // Sorted as the store sorts, over the same shoes.
        await watched.page.getByLabel('Sort products').selectOption('PRICE_DESC');
        await watched.page.waitForURL((url) => url.searchParams.get('sort') === 'PRICE_DESC');
        await expect.poll(async () => (await shownIds()).sort()).toEqual([...found].sort());
        const prices = (await results.locator('a[href^="/product/"] p:nth-of-type(2)').allTextContents()).map(
          (text) => Number(text.replace(/[^\d.]/g, '')),
        );
        expect(prices).toEqual([...prices].sort((a, b) => b - a));
        await notice.waitFor();
      } finally {
        await watched.context.setOffline(false);
      }
      // Back online, the store's own answer replaces what the device had kept (the worker probes every 10 s).
      await notice.waitFor({ state: 'detached' });
      expect(new URL(watched.page.url()).searchParams.get('q')).toBe(word);
    });
  },
);

describe('a cart changed without a network', () => {
  let browser: Browser;
  let watched: WatchedPage;
  const storeUrl = inject('storeUrl');

  beforeAll(async () => {
    browser = await openTestBrowser();
    watched = await openWatchedPage(browser, storeUrl, 'mobile', { serviceWorkers: 'allow' });
  });
  afterAll(async () => {
    await closeTestBrowser(browser);
  });

  it('keeps the change on the device and sends it, once, when the connection is back', async () => {
    const shoe = (await shoesVia(storeUrl))[2]!;
    await signUpInBrowser(watched.page);
    await visit(watched.page, `/product/${shoe.id}`);
    await watched.context.setOffline(true);
    try {
      await watched.page
        .getByRole('group')
        .getByRole('button', { name: shoe.sizes[0]!, exact: true })
        .click();
      await watched.page.getByRole('button', { name: 'ADD TO CART' }).click();
      await expectCartCount(watched.page, 1);
      // The shopper's server cart has not seen it: the change waits on the device.
      await watched.page.waitForTimeout(1_000);
      expect((await serverState(storeUrl, watched.page)).count).toBe(0);
    } finally {
      await watched.context.setOffline(false);
    }
    await expect.poll(async () => (await serverState(storeUrl, watched.page)).count).toBe(1);
    await watched.page.waitForTimeout(1_000);
    expect((await serverState(storeUrl, watched.page)).count).toBe(1);
    await expectCartCount(watched.page, 1);
  });
});
