import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  closeTestBrowser,
  openTestBrowser,
  openWatchedPage,
  problemsOf,
  VIEWPORTS,
  type ViewportName,
  type WatchedPage,
} from '../support/browser.js';
import { gql } from '../support/graphql.js';
import { expectCartCount, shoesVia, signUpInBrowser, type Shoe } from '../support/journeys.js';

// Issue 19: a served page's first controls work before the app's code has arrived. The code is held back here
// (the request for the app's main chunk waits until the test lets it go), so a tap lands on the page as a slow
// phone shows it: rendered, and not yet React's.

interface HeldCode {
  release: () => void;
}

/** Holds every request for the app's main chunk (what boot.ts imports after the paint) until `release`. */
async function holdTheAppCode(page: Page): Promise<HeldCode> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/app-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

const appReady = (page: Page) => page.locator('html[data-app="ready"]');
const scrollY = (page: Page) => page.evaluate<number>('window.scrollY');

/** A page opened at `path` with the app's code held back: as a slow phone shows it, rendered and not yet React's. */
async function openBeforeTheCode(
  browser: Browser,
  path: string,
  viewport: ViewportName,
): Promise<WatchedPage & { code: HeldCode }> {
  const watched = await openWatchedPage(browser, inject('storeUrl'), viewport, { motion: 'full' });
  const code = await holdTheAppCode(watched.page);
  await watched.page.goto(path);
  return { ...watched, code };
}

describe('controls before the code', () => {
  let browser: Browser;
  let shoe: Shoe;
  beforeAll(async () => {
    browser = await openTestBrowser();
    shoe = (await shoesVia(inject('storeUrl')))[0]!;
  });
  afterAll(async () => {
    await closeTestBrowser(browser);
  });

  it('a size and ADD TO CART tapped before the code arrives end with the shoe in the cart', async () => {
    const watched = await openBeforeTheCode(browser, `/product/${shoe.id}`, 'mobile');
    const { page, code } = watched;
    const size = shoe.sizes[1]!;
    const sizeButton = page
      .getByRole('group', { name: 'Select size' })
      .getByRole('button', { name: size, exact: true });
    const add = page.getByRole('button', { name: 'ADD TO CART' });

    await sizeButton.click();
    await add.click();
    // Taken, and shown to be: the size is marked chosen and the button busy, while the app is still not there.
    await expect.poll(() => sizeButton.getAttribute('aria-pressed')).toBe('true');
    expect(await add.getAttribute('aria-busy')).toBe('true');
    expect(await appReady(page).count()).toBe(0);

    code.release();
    await expectCartCount(page, 1);
    await expect.poll(() => add.getAttribute('aria-busy')).toBeNull();
    expect(await sizeButton.getAttribute('aria-pressed')).toBe('true');
    await page
      .getByRole('link', { name: /^Cart, 1 item$/ })
      .first()
      .click();
    await page.waitForURL('**/cart');
    await expect.poll(() => page.getByText(shoe.name).count()).toBeGreaterThan(0);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it('a gallery thumbnail tapped before the code shows its image at once, and the app keeps it and owns the rest', async () => {
    const watched = await openBeforeTheCode(browser, `/product/${shoe.id}`, 'mobile');
    const { page, code } = watched;
    const thumbs = page.getByRole('list', { name: 'Product images' }).getByRole('button');
    const mainImage = page.getByRole('img', { name: shoe.name, exact: true });
    const mainUrls = async () => ({
      src: await mainImage.getAttribute('src'),
      srcset: await mainImage.getAttribute('srcset'),
    });
    // The URLs a thumbnail carries for the main image: what the app shows for it too.
    const urlsFor = async (index: number) => ({
      src: await thumbs.nth(index).getAttribute('data-main-src'),
      srcset: await thumbs.nth(index).getAttribute('data-main-srcset'),
    });
    expect(await thumbs.count()).toBeGreaterThanOrEqual(3);
    const served = await mainUrls();
    expect(served).toEqual(await urlsFor(0));

    await thumbs.nth(1).click();
    await expect.poll(mainUrls).toEqual(await urlsFor(1));
    expect(served).not.toEqual(await urlsFor(1));
    expect(await thumbs.nth(1).getAttribute('aria-pressed')).toBe('true');
    expect(await thumbs.nth(0).getAttribute('aria-pressed')).toBe('false');
    expect(await appReady(page).count()).toBe(0);

    code.release();
    await appReady(page).waitFor({ state: 'attached' });
    // Hydrated on the image the shopper chose, not thrown back to the first.
    await expect.poll(mainUrls).toEqual(await urlsFor(1));
    expect(await thumbs.nth(1).getAttribute('aria-pressed')).toBe('true');
    // And now React's: another thumbnail shows its image.
    await thumbs.nth(2).click();
    await expect.poll(mainUrls).toEqual(await urlsFor(2));
    expect(await thumbs.nth(2).getAttribute('aria-pressed')).toBe('true');
    expect(await thumbs.nth(1).getAttribute('aria-pressed')).toBe('false');
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it('ADD TO CART tapped before the code with no size asks for one once the code is there, and adds nothing', async () => {
    const watched = await openBeforeTheCode(browser, `/product/${shoe.id}`, 'mobile');
    const { page, code } = watched;
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    code.release();
    await expect.poll(() => page.getByText('Select product size!').count()).toBeGreaterThan(0);
    await appReady(page).waitFor({ state: 'attached' });
    expect(await page.getByRole('link', { name: /^Cart, 0 items$/ }).count()).toBeGreaterThan(0);
    // Beside the sizes too, and without a hydration mismatch: the server's HTML had no message.
    await expect.poll(() => page.locator('#size-error').textContent()).toBe('Select product size!');
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it('filters ticked before the code load the filtered collection with the panel still open, which the app then owns', async () => {
    const watched = await openBeforeTheCode(browser, '/collection', 'mobile');
    const { page, code } = watched;
    // On a phone the filters are behind FILTERS, which opens before the code too.
    await page.getByRole('button', { name: /^FILTERS/ }).click();
    await page.getByRole('checkbox', { name: /^Men\b/ }).click();
    // The URL leaves out the empty search and the default sort, as the app's does.
    await page.waitForURL((url) => url.search === '?category=MEN' && url.hash === '');
    // The new page has the panel open again, so the next box is a tap away.
    await page.getByRole('checkbox', { name: /^Sneakers\b/ }).click();
    await page.waitForURL((url) => url.search === '?category=MEN&type=SNEAKERS');
    expect(await page.getByRole('checkbox', { name: /^Men\b/ }).isChecked()).toBe(true);
    expect(await appReady(page).count()).toBe(0);

    code.release();
    await appReady(page).waitFor({ state: 'attached' });
    // The app's sheet takes over the open panel, with both boxes ticked.
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    for (const name of [/^Men\b/, /^Sneakers\b/])
      await expect.poll(() => sheet.getByRole('checkbox', { name }).isChecked()).toBe(true);
    const matching = await gql<{ products: { totalCount: number } }>(
      inject('storeUrl'),
      '{ products(filter: { categories: [MEN], types: [SNEAKERS] }) { totalCount } }',
    );
    const count = matching.data!.products.totalCount;
    await expect
      .poll(() =>
        sheet.getByRole('button', { name: `Show ${count} result${count === 1 ? '' : 's'}` }).count(),
      )
      .toBe(1);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it("the phone's menu tapped before the code opens at once, stays open once the app takes over, and then closes", async () => {
    const watched = await openBeforeTheCode(browser, '/', 'mobile');
    const { page, code } = watched;
    const menu = page.getByRole('button', { name: 'Menu' });
    const menuLinks = page.locator('header').getByRole('link', { name: 'COLLECTION' });
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => menuLinks.filter({ visible: true }).count()).toBe(1);
    expect(await appReady(page).count()).toBe(0);

    code.release();
    await appReady(page).waitFor({ state: 'attached' });
    // The app's state is the kept tap's: still open, with the close icon shown, and React's to close.
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await menuLinks.filter({ visible: true }).count()).toBe(1);
    await menu.click();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => menuLinks.filter({ visible: true }).count()).toBe(0);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it('a page scrolled before the code arrives stays where the shopper left it; a link there opens its page at the top', async () => {
    const watched = await openBeforeTheCode(browser, '/', 'mobile');
    const { page, code } = watched;
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'My orders' });
    await footerLink.scrollIntoViewIfNeeded();
    const scrolled = await scrollY(page);
    expect(scrolled).toBeGreaterThan(1000);

    code.release();
    await appReady(page).waitFor({ state: 'attached' });
    // The app took over without moving the page (it used to scroll to the top as it hydrated).
    expect(await scrollY(page)).toBeGreaterThan(scrolled / 2);
    await footerLink.click();
    await page.waitForURL('**/orders');
    await page.getByText('Sign in to see your orders.').waitFor();
    expect(await scrollY(page)).toBe(0);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it('credentials typed (or autofilled) before the code arrives are kept and sign the shopper in', async () => {
    const signUp = await openWatchedPage(browser, inject('storeUrl'), 'mobile', { motion: 'full' });
    const { email, password } = await signUpInBrowser(signUp.page);
    await signUp.context.close();

    const watched = await openBeforeTheCode(browser, '/login', 'mobile');
    const { page, code } = watched;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    code.release();
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await expect.poll(() => signIn.isEnabled()).toBe(true);
    // The app's renders since have not cleared what was typed (React's state did not have it).
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Password').inputValue()).toBe(password);
    await signIn.click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it('a search typed before the code arrives is run once the app is there', async () => {
    const watched = await openBeforeTheCode(browser, '/collection', 'desktop');
    const { page, code } = watched;
    const word = shoe.name.split(' ')[0]!;
    await page.getByRole('searchbox', { name: 'Search products' }).fill(word);
    code.release();
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe(word);
    await expect
      .poll(() => page.getByRole('link', { name: new RegExp(shoe.name) }).count())
      .toBeGreaterThan(0);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it('the filter form works with JavaScript disabled', async () => {
    const context = await browser.newContext({
      baseURL: inject('storeUrl'),
      viewport: VIEWPORTS.mobile,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/collection');
    await page.getByRole('checkbox', { name: /^Women\b/ }).check();
    await page.getByRole('combobox', { name: 'Sort products' }).selectOption('PRICE_ASC');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/[?&]category=WOMEN\b/);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('PRICE_ASC');
    const women = await gql<{ products: { totalCount: number; nodes: Array<{ name: string }> } }>(
      inject('storeUrl'),
      '{ products(filter: { categories: [WOMEN] }, sort: PRICE_ASC, first: 1) { totalCount nodes { name } } }',
    );
    const { totalCount, nodes } = women.data!.products;
    await expect.poll(() => page.getByText(`${totalCount} products`, { exact: true }).count()).toBe(1);
    // The cheapest women's shoe comes first, as the app would show it.
    expect(await page.locator('main li').first().textContent()).toContain(nodes[0]!.name);
    expect(await page.getByRole('checkbox', { name: /^Women\b/ }).isChecked()).toBe(true);
    await context.close();
  });
});
