import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startBff } from '../support/bff-process.js';
import {
  closeTestBrowser,
  openTestBrowser,
  openWatchedPage,
  problemsOf,
  screenshot,
  VIEWPORTS,
  type WatchedPage,
} from '../support/browser.js';
import { gql } from '../support/graphql.js';
import { waitForApp } from '../support/journeys.js';

// The collection and product pages arrive with their data in the HTML (docs/decisions/008): their largest
// element paints before any script runs, and the browser hydrates the same markup from the query results sent
// with it, without loading Apollo Client's core until the shopper needs it (decision 017).
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
interface SentResult {
  operationName: string;
  variables: Record<string, unknown>;
  data: Record<string, unknown>;
}

const stateOf = (html: string): SentResult[] | null =>
  JSON.parse(
    /<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null',
  ) as SentResult[] | null;

describe('pages rendered with their data', () => {
  it('renders from a server build of one file, so a BFF that picks up a rebuild never mixes two builds', () => {
    // Chunks kept in Node's module cache by name would bind the new entry's pages to the old build's React, and every
    // render would fail ("You cannot render a <Router> inside another <Router>") until the BFF restarted.
    const files = readdirSync('web/dist-server', { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.js'),
    );
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^entry-server-[\w-]+\.js$/);
  });

  it('a collection view has its products, in order, and the query results they came from', async () => {
    const women = await listed({ categories: ['WOMEN'] });
    expect(women.length).toBeGreaterThan(0);
    const answer = await page('/collection?category=WOMEN');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const html = await answer.text();
    expect(html).toContain('data-route="/collection?category=WOMEN"');
    // Absolute on the store's URL, the view's query in its one canonical form (issue 31).
    expect(html).toContain(
      `<link rel="canonical" href="${new URL('/collection?category=WOMEN', inject('storeUrl')).href}">`,
    );
    const positions = women.map((product) => html.indexOf(`href="/product/${product.id}"`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const sent = stateOf(html)?.find((result) => result.operationName === 'CollectionProducts');
    expect(sent?.variables).toMatchObject({ filter: { categories: ['WOMEN'] }, first: 24 });
    const sentIds = (sent?.data as { products: { nodes: Listed[] } } | undefined)?.products.nodes.map(
      (node) => node.id,
    );
    expect(sentIds).toEqual(women.map((product) => product.id));
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

  it("home has its latest products and preloads the hero poster its first screen shows, in the screen's shape", async () => {
    const latest = await gql<{ latestProducts: Listed[] }>(
      inject('storeUrl'),
      '{ latestProducts(limit: 4) { id name } }',
    );
    const html = await (await page('/')).text();
    expect(html).toContain(
      '<link rel="preload" as="image" href="/videos/portrait/hero-1-poster.webp" media="(orientation: portrait)" fetchpriority="high">',
    );
    expect(html).toContain(
      '<link rel="preload" as="image" href="/videos/hero-1-poster.webp" media="(orientation: landscape)" fetchpriority="high">',
    );
    expect(latest.data!.latestProducts.length).toBeGreaterThan(0);
    for (const product of latest.data!.latestProducts)
      expect(html).toContain(`href="/product/${product.id}"`);
    expect(stateOf(html)).not.toBeNull();
    // The hero's video elements are made once the page has loaded: five empty ones cost the first render about
    // half its main-thread time.
    expect(html).not.toContain('<video');
  });

  it('without the API, a BFF serves the page shells, which load their data in the browser', async () => {
    // A second BFF over the same build, in front of an address where nothing listens.
    const bff = await startBff('http://127.0.0.1:9', {
      WEB_DIST: 'web/dist',
      NODE_ENV: 'production',
      API_TIMEOUT_MS: '500',
    });
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

/** Items of the page's lists the browser does not draw until scrolled near (content-visibility: auto). */
const undrawnItems = (page: Page) =>
  page.evaluate<number>(
    `[...document.querySelectorAll('main li')].filter((item) => getComputedStyle(item).contentVisibility === 'auto').length`,
  );

describe('in the browser', () => {
  let browser: Browser;
  let watched: WatchedPage;
  beforeAll(async () => {
    browser = await openTestBrowser();
  });
  afterAll(async () => {
    await watched.context.close();
    await closeTestBrowser(browser);
  });

  it('shows the products with scripts off, and with scripts on hydrates without asking for them again', async () => {
    const women = await listed({ categories: ['WOMEN'] });
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: inject('storeUrl') });
    const bare = await noScript.newPage();
    await bare.goto('/collection?category=WOMEN');
    expect(await bare.locator(`main a[href="/product/${women[0]!.id}"]`).count()).toBe(1);
    // The first frame draws the first four cards; the rest wait to be scrolled near (or for the app, below).
    const served = await bare.locator('main li a[href^="/product/"]').count();
    expect(await undrawnItems(bare)).toBe(served - 4);
    await screenshot(bare, 'collection-without-scripts');
    await noScript.close();

    watched = await openWatchedPage(browser, inject('storeUrl'), 'desktop', { motion: 'full' });
    const operations: string[] = [];
    const scripts: string[] = [];
    watched.page.on('request', (request) => {
      if (request.url().endsWith('/graphql'))
        operations.push((request.postDataJSON() as { operationName?: string } | null)?.operationName ?? '?');
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await watched.page.goto('/collection?category=WOMEN');
    await waitForApp(watched.page);
    await watched.page.waitForLoadState('networkidle');
    expect(operations).not.toContain('CollectionProducts');
    // Hydrated from the sent results: Apollo Client's core waits for the shopper's first tap.
    const clientChunk = (path: string) => /\/assets\/apollo-client-[\w-]+\.js$/.test(path);
    expect(scripts.filter(clientChunk)).toEqual([]);
    // Hydrated, so the controls answer: a filter changes the view (and now asks the BFF).
    const men = watched.page.getByRole('checkbox', { name: /^Men/ });
    await men.click();
    // The box follows the URL, which the router updates in a transition: a moment after the click.
    await expect.poll(() => men.isChecked()).toBe(true);
    await expect
      .poll(() => new URL(watched.page.url()).searchParams.getAll('category'))
      .toEqual(['WOMEN', 'MEN']);
    await expect.poll(() => operations.includes('CollectionProducts')).toBe(true);
    expect(scripts.filter(clientChunk)).toHaveLength(1);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
  });

  it('Load more as the first tap, before the client has arrived, appends the next page once it has', async () => {
    const all = await gql<{ products: { totalCount: number } }>(
      inject('storeUrl'),
      '{ products { totalCount } }',
    );
    expect(all.data!.products.totalCount).toBeGreaterThan(24);
    const loadMore = await openWatchedPage(browser, inject('storeUrl'), 'desktop', { motion: 'full' });
    const { page } = loadMore;
    // The client's chunk is held until the tap has been made on the page hydrated without it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/apollo-client-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/collection');
    await waitForApp(page);
    const cards = page.locator('section[aria-labelledby="collection-title"] a[href^="/product/"]');
    const first = await cards.count();
    expect(first).toBe(24);
    await page.getByRole('button', { name: 'Load more' }).click();
    // The tap is taken at once: the button is busy while the client's code is still on its way.
    const busy = page.getByRole('button', { name: 'Loading…' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await expect
      .poll(() => cards.count(), { timeout: 10_000 })
      .toBe(Math.min(48, all.data!.products.totalCount));
    // Once the app owns the page every card is drawn, the appended ones too: a page captured whole has no blank rows.
    await expect.poll(() => undrawnItems(page)).toBe(0);
    expect(problemsOf(loadMore)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await loadMore.context.close();
  });

  it("draws the collection's cards past the first row one per idle period, none in a task with another", async () => {
    const context = await browser.newContext({ baseURL: inject('storeUrl'), viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    // Each task's attribute changes reach the observer together, in one call.
    await page.addInitScript(`
      window.drawnBatches = [];
      new MutationObserver((records) => {
        const drawn = records.filter((record) => record.attributeName === 'data-drawn');
        if (drawn.length > 0) window.drawnBatches.push(drawn.map((record) => record.target.tagName));
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-drawn'] });
    `);
    await page.goto('/collection');
    await waitForApp(page);
    await expect.poll(() => undrawnItems(page)).toBe(0);
    const cards = await page.locator('section[aria-labelledby="collection-title"] li').count();
    const batches = await page.evaluate<string[][]>('window.drawnBatches');
    expect(batches).toEqual(Array.from({ length: cards - 4 }, () => ['LI']));
    await context.close();
  });

  it("inlines each page's own rules, which draw it as the whole stylesheet does; the app adds the rest", async () => {
    const product = (await listed({ categories: ['MEN'] }))[0]!;
    // No service worker: it would answer the rules file below that the page's route fails.
    const context = await browser.newContext({
      baseURL: inject('storeUrl'),
      viewport: VIEWPORTS.mobile,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    // The pages as served, before boot.ts puts back the rest of the stylesheet.
    await page.route('**/assets/*.js', (route) => route.abort());
    let sheet: string | null = null;
    for (const path of ['/', '/collection', `/product/${product.id}`, '/cart', '/login']) {
      await page.goto(path);
      sheet = await page.locator('style[data-sheet]').getAttribute('data-sheet');
      expect(sheet, path).toMatch(/^\/assets\/.+\.css$/);
      // Every part laid out in both readings: a part left for later (content-visibility: auto) has no grid tracks
      // yet, and may have them by the second.
      await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
      // Kept in the page: a page's styles are megabytes of text.
      expect(
        await page.evaluate<number>(
          `(() => { ${DRAWN_STYLES}; return (window.served = drawnStyles()).length; })()`,
        ),
      ).toBeGreaterThan(50);
      await page.addStyleTag({ url: sheet! });
      const changed = await page.evaluate<string[]>(
        `(() => { ${DRAWN_STYLES}; return drawnStyles().filter((style, index) => style !== window.served[index]).map((style) => style.slice(0, 100)); })()`,
      );
      expect(changed, path).toEqual([]);
    }
    await page.unrouteAll();
    // The app starts once the rest of the stylesheet is in: what it draws next may need any rule. It is put back in
    // the page's own sheet, in place: that sheet is then the whole stylesheet without what every page keeps apart
    // (its @keyframes and animation declarations), which this reads the whole sheet's text without.
    for (const path of ['/', '/collection', `/product/${product.id}`]) {
      await page.goto(path);
      await waitForApp(page);
      const { same, linked } = await page.evaluate<{ same: boolean; linked: boolean }>(
        `(async () => {
          const expected = new CSSStyleSheet();
          expected.replaceSync(await (await fetch(${JSON.stringify(sheet)})).text());
          const withoutApart = (container) => {
            for (let index = container.cssRules.length - 1; index >= 0; index -= 1) {
              const rule = container.cssRules[index];
              if (rule instanceof CSSKeyframesRule) container.deleteRule(index);
              else if (rule instanceof CSSStyleRule) {
                for (const name of [...rule.style]) if (name.startsWith('animation')) rule.style.removeProperty(name);
                if (rule.style.length === 0 && rule.cssRules.length === 0) container.deleteRule(index);
              } else if (rule instanceof CSSGroupingRule) {
                withoutApart(rule);
                if (rule.cssRules.length === 0) container.deleteRule(index);
              }
            }
          };
          withoutApart(expected);
          const texts = (sheet) => JSON.stringify([...sheet.cssRules].map((rule) => rule.cssText));
          return {
            same: texts(document.querySelector('style[data-sheet]').sheet) === texts(expected),
            linked: [...document.styleSheets].some((loaded) => loaded.href !== null),
          };
        })()`,
      );
      expect({ path, same, linked }).toEqual({ path, same: true, linked: false });
    }
    // Each face declared once: declared again by the whole sheet, a face would load and swap in again.
    const faces = await page.evaluate<string[]>(
      `[...document.fonts].map((face) => face.family + ' ' + face.unicodeRange)`,
    );
    expect(faces.length).toBeGreaterThan(0);
    expect(faces).toEqual([...new Set(faces)]);
    // Without its rules file (an old copy of a page kept offline), the page links the whole stylesheet.
    await page.route('**/*.rules.json', (route) => route.abort());
    await page.goto('/');
    await waitForApp(page);
    expect(
      await page.evaluate<boolean>(
        `[...document.styleSheets].some((loaded) => loaded.href?.endsWith(${JSON.stringify(sheet)}) === true)`,
      ),
    ).toBe(true);
    await context.close();
  });

  it('moves nothing when the fonts arrive after the first paint: no preload holds the paint for them', async () => {
    const product = (await listed({ categories: ['MEN'] }))[0]!;
    for (const viewport of ['mobile', 'desktop'] as const)
      for (const path of ['/', '/collection', `/product/${product.id}`]) {
        const context = await browser.newContext({
          baseURL: inject('storeUrl'),
          viewport: VIEWPORTS[viewport],
        });
        const page = await context.newPage();
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/*.woff2', async (route) => {
          await released;
          await route.continue();
        });
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        // Chromium holds the first paint up to 100 ms for a preloaded font; the text face's fallback is drawn first.
        expect(await page.locator('link[rel="preload"][as="font"]').count(), path).toBe(0);
        await expect
          .poll(() => page.evaluate<number>(`performance.getEntriesByName('first-contentful-paint').length`))
          .toBe(1);
        const sort = page.locator('select[name="sort"]');
        const sortBefore = path === '/collection' ? await sort.boundingBox() : null;
        await page.evaluate(`window.shiftsAfterFonts = 0;
          new PerformanceObserver((list) => {
            for (const shift of list.getEntries()) if (!shift.hadRecentInput) window.shiftsAfterFonts += shift.value;
          }).observe({ type: 'layout-shift' });`);
        release();
        await expect
          .poll(() =>
            page.evaluate<boolean>(
              `[...document.fonts].some((face) => face.family === 'Outfit' && face.status === 'loaded')`,
            ),
          )
          .toBe(true);
        await page.evaluate('document.fonts.ready.then(() => new Promise((done) => setTimeout(done, 300)))');
        // What Lighthouse would round to 0.000: the fallback faces are Arial resized to each face's metrics.
        expect(await page.evaluate<number>('window.shiftsAfterFonts'), `${viewport} ${path}`).toBeLessThan(
          0.0005,
        );
        if (sortBefore !== null) expect(await sort.boundingBox(), viewport).toEqual(sortBefore);
        await context.close();
      }
  });

  it('fetches the fonts once the page has painted, the files its text needs, and declares them together', async () => {
    const core = ['krona-one-core', 'outfit-core'];
    const everything = [...core, 'krona-one-rest', 'outfit-rest'].sort();
    // Home's words are all the store's own characters; a search for an accented word shows one more.
    for (const [path, files] of [
      ['/', core],
      ['/collection?q=Caf%C3%A9', everything],
    ] as const) {
      const context = await browser.newContext({ baseURL: inject('storeUrl'), viewport: VIEWPORTS.mobile });
      const page = await context.newPage();
      await page.goto(path);
      await waitForApp(page);
      await expect
        .poll(() =>
          page.evaluate<boolean>(
            `document.fonts.check('600 16px Outfit') && document.fonts.check('16px "Krona One"')`,
          ),
        )
        .toBe(true);
      const fetched = await page.evaluate<Array<{ file: string; afterPaint: boolean }>>(`(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0].startTime;
        return performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.woff2')).map((entry) => ({
          file: new URL(entry.name).pathname,
          afterPaint: entry.startTime > paint,
        }));
      })()`);
      const named = fetched.map(({ file }) => /^\/assets\/(.+)-[\w-]{8}\.woff2$/.exec(file)?.[1] ?? file);
      expect(named.sort(), path).toEqual([...files].sort());
      // Not on the first paint's path: its text is drawn in the fallbacks, which the page declares itself.
      expect(
        fetched.every(({ afterPaint }) => afterPaint),
        path,
      ).toBe(true);
      // Each file the text needed had loaded before any face was declared: the text is laid out again once.
      const declared = await page.evaluate<Array<{ family: string; status: string }>>(
        `[...document.fonts].filter((face) => !face.family.endsWith('fallback')).map(({ family, status }) => ({ family, status }))`,
      );
      expect(declared).toHaveLength(4);
      expect(declared.filter(({ status }) => status === 'loaded')).toHaveLength(files.length);
      await context.close();
    }
    // Without scripts the page declares the fonts itself.
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: inject('storeUrl') });
    const bare = await noScript.newPage();
    const fonts: string[] = [];
    bare.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fonts.push(request.url());
    });
    await bare.goto('/');
    await bare.waitForLoadState('networkidle');
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    await noScript.close();
  });

  it("home on a phone leaves GSAP out until the shopper's first tap, and the hero's preview still swaps the video", async () => {
    const home = await openWatchedPage(browser, inject('storeUrl'), 'mobile', { motion: 'full' });
    const { page } = home;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const gsapChunks = () => scripts.filter((path) => /\/assets\/gsap-[\w-]+\.js$/.test(path));
    await page.goto('/');
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    expect(gsapChunks()).toEqual([]);
    await page.getByRole('button', { name: 'Show video 2 of 4' }).click();
    await expect
      .poll(() => page.locator('[data-active="true"] video source').first().getAttribute('src'), {
        timeout: 10_000,
      })
      .toBe('/videos/portrait/hero-2.webm');
    await expect.poll(gsapChunks, { timeout: 10_000 }).toHaveLength(1);
    expect(problemsOf(home)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await home.context.close();
  });
});

/**
 * Defines drawnStyles(): every element's computed style, and its ::before and ::after where they have content,
 * animations stopped at their start.
 */
const DRAWN_STYLES = `function drawnStyles() {
  for (const animation of document.getAnimations()) {
    animation.pause();
    animation.currentTime = 0;
  }
  const styles = [];
  for (const element of [document.documentElement, document.body, ...document.body.querySelectorAll('*')]) {
    for (const pseudo of [null, '::before', '::after']) {
      const computed = getComputedStyle(element, pseudo);
      if (pseudo !== null && (computed.content === 'none' || computed.content === 'normal')) continue;
      let style = element.tagName + '.' + (element.getAttribute('class') ?? '') + (pseudo ?? '') + ' ';
      for (const property of computed) style += property + ':' + computed.getPropertyValue(property) + ';';
      styles.push(style);
    }
  }
  return styles;
}`;
