import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import {
  closeTestBrowser,
  openTestBrowser,
  openWatchedPage,
  problemsOf,
  type WatchedPage,
} from '../support/browser.js';
import {
  addToCartInBrowser,
  cartCount,
  expectCartCount,
  serverState,
  shoesVia,
  signUpInBrowser,
  visit,
  type Shoe,
} from '../support/journeys.js';

// Issue 18, item 1: the store open in two tabs of one browser. Every tab shows the same cart within a second of a
// change; signing in or out in one signs in or out the others; and while signed in, each change reaches the
// server once, from one tab, however many tabs are open.

/** The bound, polled rather than slept. */
const WITHIN_A_SECOND = { timeout: 1_000, interval: 50 };

/** Counts the cart changes a tab sends to the store (the GraphQL UpdateCartLine mutation). */
function countCartWrites(page: Page): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
    const body = request.postData() ?? '';
    if (/UpdateCartLine/.test(body)) count += 1;
  });
  return { count: () => count };
}

describe('two tabs of one browser', () => {
  let browser: Browser;
  let shoes: Shoe[];
  let first: WatchedPage;
  let second: Page;
  const storeUrl = inject('storeUrl');

  beforeAll(async () => {
    browser = await openTestBrowser();
    shoes = await shoesVia(storeUrl);
    first = await openWatchedPage(browser, storeUrl, 'desktop');
    second = await first.context.newPage();
  });
  afterAll(async () => {
    await closeTestBrowser(browser);
  });

  it('a guest’s shoe added in one tab shows in the other’s badge and cart within a second', async () => {
    const [a] = shoes;
    await visit(second, '/cart');
    await addToCartInBrowser(first.page, a!, a!.sizes[0]!);
    await expectCartCount(first.page, 1);
    await expect.poll(() => cartCount(second), WITHIN_A_SECOND).toBe(1);
    // The line itself, with its name once the other tab has looked the product up.
    await second.getByText(a!.name).first().waitFor({ state: 'visible', timeout: 5_000 });
  });

  it('signing in in one tab signs in the other; each change then goes to the server once', async () => {
    const writes = [countCartWrites(first.page), countCartWrites(second)];
    await visit(second, '/');
    await signUpInBrowser(first.page);
    // The other tab follows without a reload: its nav shows the account menu.
    await expect
      .poll(() => second.getByRole('button', { name: /^Account menu/ }).count(), { timeout: 5_000 })
      .toBe(1);
    await expect.poll(async () => (await serverState(storeUrl, first.page)).count).toBe(1);
    // The guest's shoe was merged once into the account, by one tab.
    await expectCartCount(second, 1);

    const [, b] = shoes;
    const before = writes.map((w) => w.count());
    await addToCartInBrowser(second, b!, b!.sizes[0]!);
    await expect.poll(() => cartCount(first.page), WITHIN_A_SECOND).toBe(2);
    await expect.poll(async () => (await serverState(storeUrl, first.page)).count).toBe(2);
    // Give a second sender time to (wrongly) send the same change again.
    await second.waitForTimeout(1_500);
    const sent = writes.map((w, i) => w.count() - before[i]!);
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await serverState(storeUrl, second)).count).toBe(2);
  });

  it('signing out in one tab signs out the other and empties its cart', async () => {
    await visit(second, '/cart');
    await expectCartCount(second, 2);
    await first.page.getByRole('button', { name: /^Account menu/ }).click();
    await first.page.getByRole('button', { name: 'Sign out' }).click();
    await expectCartCount(first.page, 0);
    await expect.poll(() => cartCount(second), WITHIN_A_SECOND).toBe(0);
    await expect(second.getByRole('link', { name: 'Sign in' }).first().isVisible()).resolves.toBe(true);
    expect(problemsOf(first).consoleErrors).toEqual([]);
  });
});
