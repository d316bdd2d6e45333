import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  ADMIN_ENV,
  adminLogin,
  NEW_SHOE,
  pngFile,
  postForm,
  productForm,
  runShop,
  solidPng,
} from '../support/back-office.js';
import {
  closeTestBrowser,
  openTestBrowser,
  openWatchedPage,
  problemsOf,
  screenshot,
} from '../support/browser.js';
import { call } from '../support/http.js';
import {
  addToCartInBrowser,
  expectCartCount,
  expectImagesShown,
  expectOutboxEmpty,
  fillAddress,
  serverState,
  shoesVia,
  signUpInBrowser,
  visit,
  type Shoe,
} from '../support/journeys.js';
import { startStoreTheReadmeWay, type RunningStore } from '../support/store-process.js';

// The back office moves what shoppers see: a shopper orders in the storefront, the shop moves the order through the
// admin contract (at the store's URL, with ADMIN_API_FORWARDING on) and `npm run shop`, and the shopper's Track Order
// shows where it is; a product the shop adds can be bought, and once removed, a cart holding it says so.

/** `npm run shop -- <args>` on the store's own data, as the shop would run it beside `npm start`. */
const shop = (store: RunningStore, args: string[]) => runShop(args, { DATA_DIR: store.dataDir });

describe('the back office behind the storefront', () => {
  let store: RunningStore;
  let browser: Browser;
  let shoes: Shoe[];
  beforeAll(async () => {
    store = await startStoreTheReadmeWay({
      ...ADMIN_ENV,
      ADMIN_API_FORWARDING: 'true',
      CATALOG_TTL_MS: '1000',
      AUTH_RATE_LIMIT_MAX: '10000',
      LOG_LEVEL: 'warn',
    });
    browser = await openTestBrowser();
    shoes = await shoesVia(store.url);
  });
  afterAll(async () => {
    await closeTestBrowser(browser);
    await store.stop();
  });

  it("a shopper orders, the shop ships it, and the shopper's Track Order shows Shipped", async () => {
    const watched = await openWatchedPage(browser, store.url, 'desktop');
    const { page } = watched;
    const shopper = await signUpInBrowser(page);
    const shoe = shoes[0]!;
    await addToCartInBrowser(page, shoe, shoe.sizes[0]!);
    await expectCartCount(page, 1);
    await visit(page, '/place-order');
    await fillAddress(page);
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await page.waitForURL('**/orders');
    const rows = page.getByRole('list', { name: 'Ordered items' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toMatch(/Order Placed/);
    const [placed] = (await serverState(store.url, page)).orders;

    // The shop, at the store's URL with the lineage's admin calls: finds the order and starts packing it.
    const token = await adminLogin(store.url);
    const listed = await call(store.url, 'POST', '/api/order/list', {}, { headers: { token } });
    const order = (
      listed.body.orders as Array<{ _id: string; shopper: { email: string }; status: string }>
    ).find((o) => o.shopper.email === shopper.email);
    expect(order).toMatchObject({ _id: placed!.id, status: 'Order Placed' });
    expect(
      await call(
        store.url,
        'POST',
        '/api/order/status',
        { orderId: order!._id, status: 'Packing' },
        { headers: { token } },
      ),
    ).toMatchObject({
      status: 200,
      body: { success: true },
    });
    await page.getByRole('button', { name: 'Track Order' }).first().click();
    await expect.poll(async () => (await rows.first().textContent()) ?? '').toMatch(/Packing/);

    // Then ships it from the command line.
    const shipped = await shop(store, ['status', order!._id, 'Shipped']);
    expect(shipped).toMatchObject({ code: 0, stdout: `Order ${order!._id}: Packing → Shipped\n` });
    await page.getByRole('button', { name: 'Track Order' }).first().click();
    await expect.poll(async () => (await rows.first().textContent()) ?? '').toMatch(/Shipped/);
    // The row's history keeps the earlier steps (issue 29); the status beside the dot is the new one alone.
    expect(await rows.first().locator('p:has(> span[aria-hidden="true"]:empty)').textContent()).toBe(
      'Shipped',
    );
    await screenshot(page, 'back-office-track-order-shipped');
    expect((await shop(store, ['orders', '--status', 'Shipped'])).stdout).toContain(order!._id);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it("a product the shop adds can be put in a cart; once removed, the cart shows 'Product not found for ID: {id}'", async () => {
    const token = await adminLogin(store.url);
    const added = await postForm(
      store.url,
      '/api/product/add',
      productForm(
        { ...NEW_SHOE, name: 'Backwater Boat Shoe', subCategory: 'Leather Shoes', sizes: '["8","9"]' },
        [pngFile('image1', solidPng(40, 30, [180, 90, 40]))],
      ),
      token,
    );
    expect(added).toMatchObject({ status: 201, body: { success: true } });
    const id = (added.body.product as { _id: string })._id;

    const watched = await openWatchedPage(browser, store.url, 'mobile');
    const { page } = watched;
    await signUpInBrowser(page);
    // Within the catalogue's revalidation (CATALOG_TTL_MS), the product page shows it, with its uploaded photo.
    await expect
      .poll(
        async () => {
          await visit(page, `/product/${id}`);
          return page.getByRole('heading', { name: 'Backwater Boat Shoe' }).count();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await expectImagesShown(page);
    await addToCartInBrowser(page, { id, name: 'Backwater Boat Shoe', price: 3299, sizes: ['8', '9'] }, '9');
    await expectCartCount(page, 1);
    await expect.poll(async () => (await serverState(store.url, page)).count).toBe(1);
    // Otherwise the next visit may send the add again, after the removal, and log the refusal.
    await expectOutboxEmpty(page);

    expect(
      await call(store.url, 'POST', '/api/product/remove', { id }, { headers: { token } }),
    ).toMatchObject({ status: 200 });
    await expect
      .poll(
        async () => {
          await visit(page, '/cart');
          return page.getByText(`Product not found for ID: ${id}`).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await screenshot(page, 'back-office-removed-product-in-cart');
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();

    // Issue 31: its page is gone, not missing: 410 with noindex, and the app keeps saying so once hydrated.
    const gone = await fetch(new URL(`/product/${id}`, store.url), { headers: { accept: 'text/html' } });
    expect(gone.status).toBe(410);
    const html = await gone.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
    const desktop = await openWatchedPage(browser, store.url, 'desktop');
    await visit(desktop.page, `/product/${id}`);
    await desktop.page.waitForFunction(() => performance.getEntriesByName('app-hydrated').length > 0);
    await expect.poll(() => desktop.page.getByRole('heading', { name: 'No longer sold' }).count()).toBe(1);
    await screenshot(desktop.page, 'back-office-removed-product-page');
    expect(problemsOf(desktop).consoleErrors.filter((error) => !error.includes('410'))).toEqual([]);
    await desktop.context.close();
  });
});
