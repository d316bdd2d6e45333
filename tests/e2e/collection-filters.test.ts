import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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
import { visit } from '../support/journeys.js';

// Issue 30: on a phone the filters open as a sheet over the results that counts them ("Show N results"), active
// filters are chips with Clear all at both sizes, the heading and the empty message follow what is set, and the
// no-JavaScript form's Apply shows only without JavaScript.

interface Listed {
  totalCount: number;
  nodes: Array<{ name: string }>;
}

async function listed(filter: Record<string, unknown>): Promise<Listed> {
  const answer = await gql<{ products: Listed }>(
    inject('storeUrl'),
    'query($filter: ProductFilter) { products(filter: $filter, sort: RELEVANT, first: 1) { totalCount nodes { name } } }',
    { filter },
  );
  return answer.data!.products;
}

const products = (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`;
const showResults = (count: number) => `Show ${count} ${count === 1 ? 'result' : 'results'}`;
const firstCard = (page: Page) =>
  page.locator('section[aria-labelledby="collection-title"] a[href^="/product/"]').first();
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const sheetOf = (page: Page) => page.getByRole('dialog', { name: 'Filters' });
const chips = (page: Page) => page.getByRole('group', { name: 'Active filters' });
const focusInSheet = (page: Page) =>
  page.evaluate<boolean>("document.activeElement?.closest('dialog[open]') != null");
const scrollY = (page: Page) => page.evaluate<number>('window.scrollY');

async function chipNames(page: Page): Promise<Array<string | null>> {
  const links = await chips(page).getByRole('link').all();
  return Promise.all(
    links.map(async (link) => (await link.getAttribute('aria-label')) ?? link.textContent()),
  );
}

async function tick(page: Page, scope: ReturnType<Page['getByRole']>, name: RegExp): Promise<void> {
  const box = scope.getByRole('checkbox', { name });
  await box.click();
  // The box follows the URL, which the router updates in a transition: a moment after the click.
  await expect.poll(() => box.isChecked()).toBe(true);
}

describe('collection filters', () => {
  let browser: Browser;
  let all: Listed;
  beforeAll(async () => {
    browser = await openTestBrowser();
    all = await listed({});
  });
  afterAll(async () => {
    await closeTestBrowser(browser);
  });

  describe('on a phone', () => {
    let watched: WatchedPage;
    let page: Page;
    beforeAll(async () => {
      watched = await openWatchedPage(browser, inject('storeUrl'), 'mobile', { motion: 'full' });
      page = watched.page;
    });
    afterAll(async () => {
      await watched.context.close();
    });

    it('FILTERS opens a sheet over the results whose "Show N results" counts as boxes are ticked; closed, the results are in view', async () => {
      await visit(page, '/collection');
      expect(await heading(page).textContent()).toBe('All collections');
      await expect
        .poll(() => page.getByText(products(all.totalCount), { exact: true }).isVisible())
        .toBe(true);
      const cardTop = (await firstCard(page).boundingBox())!.y;
      await screenshot(page, 'collection-filters-phone');

      await page.getByRole('button', { name: /^FILTERS/ }).click();
      const sheet = sheetOf(page);
      await expect.poll(() => sheet.isVisible()).toBe(true);
      expect(await focusInSheet(page)).toBe(true);
      // Over the page, not in it: the grid has not moved.
      expect((await firstCard(page).boundingBox())!.y).toBe(cardTop);
      await expect
        .poll(() => sheet.getByRole('button', { name: showResults(all.totalCount) }).isVisible())
        .toBe(true);

      const men = await listed({ categories: ['MEN'] });
      await tick(page, sheet, /^Men\b/);
      await expect
        .poll(() => sheet.getByRole('button', { name: /^Show \d+ results?$/ }).textContent())
        .toBe(showResults(men.totalCount));
      const menSneakers = await listed({ categories: ['MEN'], types: ['SNEAKERS'] });
      await tick(page, sheet, /^Sneakers\b/);
      await expect
        .poll(() => sheet.getByRole('button', { name: /^Show \d+ results?$/ }).textContent())
        .toBe(showResults(menSneakers.totalCount));
      await screenshot(page, 'collection-filters-phone-sheet');

      await sheet.getByRole('button', { name: showResults(menSneakers.totalCount) }).click();
      await expect.poll(() => sheet.isVisible()).toBe(false);
      // The filtered results, from the top: the first card is on screen.
      await expect.poll(() => firstCard(page).textContent()).toContain(menSneakers.nodes[0]!.name);
      const card = (await firstCard(page).boundingBox())!;
      expect(card.y).toBeGreaterThanOrEqual(0);
      expect(card.y + card.height / 2).toBeLessThan(VIEWPORTS.mobile.height);
      expect(await heading(page).textContent()).toBe('Men’s sneakers');
      expect(await page.title()).toMatch(/^Men’s sneakers \|/);
      expect(await page.getByText(products(menSneakers.totalCount), { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: /^FILTERS/ }).textContent()).toContain('2');
      await screenshot(page, 'collection-filters-phone-chips');

      // A chip removes its filter; Clear all removes every one.
      const sneakers = await listed({ types: ['SNEAKERS'] });
      await chips(page).getByRole('link', { name: 'Remove filter: Men' }).click();
      await expect
        .poll(() => page.getByText(products(sneakers.totalCount), { exact: true }).isVisible())
        .toBe(true);
      expect(new URL(page.url()).search).toBe('?type=SNEAKERS');
      expect(await heading(page).textContent()).toBe('Sneakers');
      await chips(page).getByRole('link', { name: 'Clear all' }).click();
      await expect
        .poll(() => page.getByText(products(all.totalCount), { exact: true }).isVisible())
        .toBe(true);
      expect(new URL(page.url()).search).toBe('');
      expect(await chips(page).count()).toBe(0);
      expect(await heading(page).textContent()).toBe('All collections');
      expect(problemsOf(watched).consoleErrors).toEqual([]);
    });

    it('the sheet is modal: focus stays in it, Escape, its close button and the backdrop close it, and the page behind does not scroll', async () => {
      await visit(page, '/collection');
      const toggle = page.getByRole('button', { name: /^FILTERS/ });
      const sheet = sheetOf(page);

      await toggle.click();
      await expect.poll(() => sheet.isVisible()).toBe(true);
      for (let press = 0; press < 14; press += 1) {
        await page.keyboard.press('Tab');
        expect(await focusInSheet(page)).toBe(true);
      }
      // The page behind stays put under a scroll.
      await page.mouse.move(VIEWPORTS.mobile.width / 2, 40);
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(300);
      expect(await scrollY(page)).toBe(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => sheet.isVisible()).toBe(false);
      // Focus is back on FILTERS.
      expect(
        await page.evaluate<string | null>("document.activeElement?.getAttribute('aria-haspopup') ?? null"),
      ).toBe('dialog');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');

      await toggle.click();
      await sheet.getByRole('button', { name: 'Close filters' }).click();
      await expect.poll(() => sheet.isVisible()).toBe(false);

      await toggle.click();
      await expect.poll(() => sheet.isVisible()).toBe(true);
      await page.mouse.click(VIEWPORTS.mobile.width / 2, 20);
      await expect.poll(() => sheet.isVisible()).toBe(false);

      // Closed, the page scrolls again.
      await page.mouse.wheel(0, 600);
      await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
    });

    it('an empty search without filters talks about the search only; with filters, it offers Clear all', async () => {
      await visit(page, '/collection?q=zzqxv');
      const empty = page.getByRole('status').filter({ has: page.getByRole('heading', { level: 2 }) });
      expect(await empty.getByRole('heading').textContent()).toBe('No shoes match “zzqxv”');
      expect(await empty.textContent()).not.toMatch(/filter/i);
      expect(await heading(page).textContent()).toBe('Search results');
      await screenshot(page, 'collection-filters-phone-empty-search');

      await visit(page, '/collection?q=zzqxv&category=WOMEN');
      expect(await empty.getByRole('heading').textContent()).toBe('No shoes match these filters');
      await empty.getByRole('link', { name: 'Clear all' }).click();
      await expect
        .poll(() => page.getByText(products(all.totalCount), { exact: true }).isVisible())
        .toBe(true);
      expect(new URL(page.url()).search).toBe('');
    });
  });

  describe('on a desktop', () => {
    let watched: WatchedPage;
    let page: Page;
    beforeAll(async () => {
      watched = await openWatchedPage(browser, inject('storeUrl'), 'desktop', { motion: 'full' });
      page = watched.page;
    });
    afterAll(async () => {
      await watched.context.close();
    });

    it('the sidebar stays; the heading, the title and the chips follow the filters', async () => {
      await visit(page, '/collection');
      const sidebar = page.getByRole('complementary', { name: 'Filters' });
      await tick(page, sidebar, /^Women\b/);
      expect(await sheetOf(page).count()).toBe(0);
      await expect.poll(() => heading(page).textContent()).toBe('Women’s collection');
      const sandals = await listed({ categories: ['WOMEN'], types: ['SANDALS'] });
      await tick(page, sidebar, /^Sandals\b/);
      await expect.poll(() => heading(page).textContent()).toBe('Women’s sandals');
      expect(await page.title()).toMatch(/^Women’s sandals \|/);
      await expect
        .poll(() => page.getByText(products(sandals.totalCount), { exact: true }).isVisible())
        .toBe(true);
      expect(await chipNames(page)).toEqual(['Remove filter: Women', 'Remove filter: Sandals', 'Clear all']);
      await screenshot(page, 'collection-filters-desktop-chips');

      await chips(page).getByRole('link', { name: 'Remove filter: Sandals' }).click();
      await expect.poll(() => heading(page).textContent()).toBe('Women’s collection');
      expect(await sidebar.getByRole('checkbox', { name: /^Sandals\b/ }).isChecked()).toBe(false);

      await visit(page, '/collection?q=runner');
      expect(await heading(page).textContent()).toBe('Search results');
      await visit(page, '/collection?category=MEN&type=LEATHER_SHOES');
      expect(await heading(page).textContent()).toBe('Men’s leather shoes');
      // The server sends the title the page sets, so a shared link and a tab read it before any script.
      const served = await (
        await fetch(new URL('/collection?category=MEN&type=LEATHER_SHOES', inject('storeUrl')))
      ).text();
      expect(served).toMatch(/<title>Men’s leather shoes \|/);
      expect(problemsOf(watched).consoleErrors).toEqual([]);
    });
  });

  it.each(['mobile', 'desktop'] as const)(
    'at %s width, Apply shows only without JavaScript, where the form and the chips work',
    async (viewport) => {
      const watched = await openWatchedPage(browser, inject('storeUrl'), viewport, { motion: 'full' });
      await visit(watched.page, '/collection');
      if (viewport === 'mobile') await watched.page.getByRole('button', { name: /^FILTERS/ }).click();
      expect(await watched.page.getByRole('checkbox', { name: /^Women\b/ }).isVisible()).toBe(true);
      expect(await watched.page.getByRole('button', { name: 'Apply', includeHidden: true }).isVisible()).toBe(
        false,
      );
      await watched.context.close();

      const context = await browser.newContext({
        baseURL: inject('storeUrl'),
        viewport: VIEWPORTS[viewport],
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      await page.goto('/collection');
      await page.getByRole('checkbox', { name: /^Women\b/ }).check();
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(/[?&]category=WOMEN\b/);
      const women = await listed({ categories: ['WOMEN'] });
      expect(await page.getByText(products(women.totalCount), { exact: true }).isVisible()).toBe(true);
      expect(await heading(page).textContent()).toBe('Women’s collection');
      await page.getByRole('link', { name: 'Remove filter: Women' }).click();
      await page.waitForURL((url) => url.search === '');
      expect(await page.getByText(products(all.totalCount), { exact: true }).isVisible()).toBe(true);
      await context.close();
    },
  );
});
