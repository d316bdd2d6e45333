import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openWatchedPage, problemsOf, screenshot, type ViewportName } from '../support/browser.js';
import {
  addToCartInBrowser,
  expectCartCount,
  fillAddress,
  serverState,
  shoesVia,
  signInInBrowser,
  signUpInBrowser,
  visit,
  type Shoe,
} from '../support/journeys.js';

// Spec sections 2, 4, 5 and 6: the purchase, in a real browser on the store started the README's way.
describe.each<ViewportName>(['mobile', 'desktop'])('purchase at %s width', (viewport) => {
  const storeUrl = () => inject('storeUrl');
  let browser: Browser;
  let shoes: Shoe[];
  beforeAll(async () => {
    browser = await launchBrowser();
    shoes = await shoesVia(storeUrl());
  });
  afterAll(async () => {
    await browser.close();
  });

  it('sign up, fill the cart, survive a reload, check out with a bad then a good address, see the order first', async () => {
    const watched = await openWatchedPage(browser, storeUrl(), viewport);
    const { page } = watched;
    await signUpInBrowser(page);
    const [a, b] = shoes;
    await addToCartInBrowser(page, a!, a!.sizes[0]!);
    await addToCartInBrowser(page, a!, a!.sizes[1]!);
    await addToCartInBrowser(page, b!, b!.sizes[0]!);
    await expectCartCount(page, 3);

    await visit(page, '/cart');
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${a!.name}, size ${a!.sizes[0]!}` });
    await quantity.fill('3');
    await quantity.press('Tab');
    await expectCartCount(page, 5);
    await expect.poll(async () => (await serverState(storeUrl(), page)).count).toBe(5);
    await page.reload({ waitUntil: 'networkidle' });
    await expectCartCount(page, 5);
    expect(await quantity.inputValue()).toBe('3');
    await screenshot(page, `cart-${viewport}`);

    await page.getByRole('link', { name: 'PROCEED TO CHECKOUT' }).click();
    await page.waitForURL('**/place-order');
    await page.waitForLoadState('networkidle');
    await fillAddress(page);
    await page.getByLabel('Zip code', { exact: true }).fill('abc');
    await page.getByLabel('Email address', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    // Inline messages, and nothing placed.
    await expect.poll(() => page.getByText(/zip/i).count()).toBeGreaterThan(1);
    expect(page.url()).toMatch(/\/place-order$/);
    expect((await serverState(storeUrl(), page)).orders).toEqual([]);
    await screenshot(page, `place-order-${viewport}`);

    await page.getByLabel('Zip code', { exact: true }).fill('560001');
    await page.getByLabel('Email address', { exact: true }).fill('asha@example.com');
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await page.waitForURL('**/orders');
    await expectCartCount(page, 0);
    const state = await serverState(storeUrl(), page);
    expect(state.count).toBe(0);
    expect(state.orders).toHaveLength(1);
    expect(state.orders[0]).toMatchObject({ status: 'Order Placed', paymentMethod: 'COD' });
    await expect.poll(() => page.getByRole('heading', { name: /MY ORDERS/i }).count()).toBe(1);
    const rows = page.getByRole('list', { name: 'Ordered items' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.first().textContent()).toMatch(/Order Placed/);
    expect(await rows.first().textContent()).toMatch(/COD/);
    await screenshot(page, `orders-${viewport}`);
    await page.getByRole('button', { name: 'Track Order' }).first().click();
    await expect.poll(() => rows.count()).toBe(3);

    // A second order appears first.
    await addToCartInBrowser(page, b!, b!.sizes[1]!);
    await visit(page, '/place-order');
    await fillAddress(page);
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await page.waitForURL('**/orders');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.first().textContent()).toContain(b!.name);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it("merges a guest's cart into the account at sign-in", async () => {
    const first = await openWatchedPage(browser, storeUrl(), viewport);
    const account = await signUpInBrowser(first.page);
    const [a, b] = shoes;
    await addToCartInBrowser(first.page, a!, a!.sizes[0]!);
    await expectCartCount(first.page, 1);
    await expect.poll(async () => (await serverState(storeUrl(), first.page)).count).toBe(1);
    await first.context.close();

    // Another browser, signed out: two adds as a guest, then sign in.
    const guest = await openWatchedPage(browser, storeUrl(), viewport);
    await addToCartInBrowser(guest.page, a!, a!.sizes[0]!);
    await addToCartInBrowser(guest.page, b!, b!.sizes[0]!);
    await expectCartCount(guest.page, 2);
    await signInInBrowser(guest.page, account.email, account.password);
    await expectCartCount(guest.page, 3);
    await expect.poll(async () => (await serverState(storeUrl(), guest.page)).count).toBe(3);
    expect(problemsOf(guest)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await guest.context.close();
  });

  it('a double-clicked PLACE ORDER makes one order', async () => {
    const watched = await openWatchedPage(browser, storeUrl(), viewport);
    const { page } = watched;
    await signUpInBrowser(page);
    await addToCartInBrowser(page, shoes[2]!, shoes[2]!.sizes[0]!);
    await expect.poll(async () => (await serverState(storeUrl(), page)).count).toBe(1);
    await visit(page, '/place-order');
    await fillAddress(page);
    await page.getByRole('button', { name: 'PLACE ORDER' }).dblclick();
    await page.waitForURL('**/orders');
    expect((await serverState(storeUrl(), page)).orders).toHaveLength(1);
    await watched.context.close();
  });

  it('sends a signed-out shopper from checkout to sign in and back', async () => {
    const watched = await openWatchedPage(browser, storeUrl(), viewport);
    const { page } = watched;
    await visit(page, '/place-order');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.waitForLoadState('networkidle');
    await screenshot(page, `login-${viewport}`);
    await watched.context.close();
  });
});
