import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { orderQueuedMessage, SEND_KEPT_ORDERS } from '#domain/queued-order';
import { DELIVERY_FEE } from '#domain/store-rules';
import {
  controlledByWorker,
  closeTestBrowser,
  openTestBrowser,
  openWatchedPage,
  problemsOf,
  screenshot,
  type WatchedPage,
} from '../support/browser.js';
import {
  addToCartInBrowser,
  expectCartCount,
  fillAddress,
  shoesVia,
  signUpInBrowser,
  visit,
  waitForApp,
  type Shoe,
} from '../support/journeys.js';
import { startLineageBackend, type LineageBackend } from '../support/lineage-backend.js';
import { startStoreTheReadmeWay, type RunningStore } from '../support/store-process.js';

// Issue 33, items 3 and 6: PLACE ORDER without a network keeps the order on the device (MY ORDERS shows it
// waiting), sends it once when the connection is back, and asks the shopper again when the store's price changed
// meanwhile. On a backend of the seed kind, whose catalogue the test can reprice while the store runs.

describe('an order placed without a network', () => {
  let backend: LineageBackend;
  let store: RunningStore;
  let browser: Browser;
  let watched: WatchedPage;
  let shoes: Shoe[];
  let email: string;

  beforeAll(async () => {
    backend = await startLineageBackend();
    // The catalogue read on every request: a price changed at the backend counts at once.
    store = await startStoreTheReadmeWay({
      API_URL: backend.url,
      API_TIMEOUT_MS: '2000',
      CATALOG_TTL_MS: '0',
    });
    shoes = await shoesVia(store.url);
    browser = await openTestBrowser();
    watched = await openWatchedPage(browser, store.url, 'mobile', { serviceWorkers: 'allow' });
    ({ email } = await signUpInBrowser(watched.page));
    // The worker keeps the app's code, so MY ORDERS opens without a network.
    for (let waited = 0; !(await controlledByWorker(watched.page)); waited += 250) {
      if (waited > 30_000) throw new Error('The service worker did not take the page within 30 s');
      await watched.page.waitForTimeout(250);
    }
  });
  afterAll(async () => {
    await closeTestBrowser(browser);
    await store.stop();
    await backend.stop();
  });

  /** The shoe in the cart, the address filled in, PLACE ORDER pressed with the network off. */
  async function placeOffline(shoe: Shoe): Promise<void> {
    await addToCartInBrowser(watched.page, shoe, shoe.sizes[0]!);
    await expectCartCount(watched.page, 1);
    await visit(watched.page, '/place-order');
    await fillAddress(watched.page);
    await expect
      .poll(() => watched.page.getByRole('button', { name: 'PLACE ORDER' }).getAttribute('aria-disabled'))
      .toBe('false');
    await watched.context.setOffline(true);
    await watched.page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await watched.page.waitForURL((url) => url.pathname === '/orders');
    await watched.page.getByText(orderQueuedMessage(false)).waitFor();
    await watched.page.getByText('Waiting to be sent').waitFor();
  }

  it('keeps it on the device, shows it waiting in MY ORDERS, and places it once when the connection is back', async () => {
    const shoe = shoes[1]!;
    try {
      await placeOffline(shoe);
      const waiting = watched.page.getByRole('list', { name: 'Orders waiting to be sent' });
      await expect.poll(() => waiting.getByText(shoe.name).count()).toBe(1);
      await screenshot(watched.page, 'offline-order-waiting-mobile');
      // The cart keeps its shoe until the store has the order; nothing reached the backend.
      await expectCartCount(watched.page, 1);
      expect(backend.ordersOf(email)).toHaveLength(0);
      // Meanwhile the checkout takes no second order of the same cart, and says why.
      await watched.page
        .getByRole('link', { name: /^Cart, 1 item/ })
        .first()
        .click();
      await watched.page.getByText('PROCEED TO CHECKOUT').click();
      await watched.page
        .getByText('An order is waiting to be sent from this device.', { exact: false })
        .waitFor();
      const placeOrder = watched.page.getByRole('button', { name: 'PLACE ORDER', exact: true });
      expect(await placeOrder.getAttribute('aria-disabled')).toBe('true');
      await watched.page.getByRole('link', { name: 'See it in My orders' }).click();
      await watched.page.getByText('Waiting to be sent').waitFor();
    } finally {
      await watched.context.setOffline(false);
    }
    await expect.poll(() => backend.ordersOf(email).length, { timeout: 20_000 }).toBe(1);
    await watched.page.getByText(/^Your order was sent/).waitFor();
    await expectCartCount(watched.page, 0);
    await expect.poll(() => watched.page.getByText('Waiting to be sent').count()).toBe(0);
    // MY ORDERS, which could not load offline, asks again and shows the order the store now has.
    await watched.page.getByRole('list', { name: 'Ordered items' }).getByText(shoe.name).waitFor();
    await screenshot(watched.page, 'offline-order-sent-mobile');
    // However many triggers come after (a reload reads the device again), one order.
    await watched.page.reload();
    await waitForApp(watched.page);
    await watched.page.waitForTimeout(1_500);
    expect(backend.ordersOf(email)).toHaveLength(1);
    expect(backend.ordersOf(email)[0]?.amount).toBe(shoe.price + DELIVERY_FEE);
    // Offline, the browser logs the calls it could not make; nothing else may go wrong.
    const { consoleErrors, foreignRequests } = problemsOf(watched);
    expect(
      consoleErrors.filter(
        (error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|could not be reached/.test(error),
      ),
    ).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });

  it('asks the shopper again when the price changed meanwhile, and places it only once confirmed', async () => {
    const index = backend.products.findIndex((product) => product._id === shoes[2]!.id);
    const shoe = shoes[2]!;
    const newPrice = shoe.price + 300;
    try {
      await placeOffline(shoe);
      backend.products[index] = { ...backend.products[index]!, price: newPrice };
    } finally {
      await watched.context.setOffline(false);
    }
    const confirm = watched.page.getByRole('button', { name: /^Confirm ₹/ });
    await confirm.waitFor({ timeout: 20_000 });
    await watched.page.getByText('Prices have changed').first().waitFor();
    await watched.page.waitForTimeout(500);
    await screenshot(watched.page, 'offline-order-confirm-mobile');
    expect(backend.ordersOf(email)).toHaveLength(1);
    await confirm.click();
    await expect.poll(() => backend.ordersOf(email).length, { timeout: 20_000 }).toBe(2);
    expect(backend.ordersOf(email)[1]?.amount).toBe(newPrice + DELIVERY_FEE);
    await expectCartCount(watched.page, 0);
    await watched.page.waitForTimeout(1_500);
    expect(backend.ordersOf(email)).toHaveLength(2);
  });

  it('is sent by the service worker when the connection is back and no tab of the store is open', async () => {
    const shoe = shoes[3]!;
    const before = backend.ordersOf(email).length;
    // Keeps the browser running: a page of no origin is not a window of the store.
    const blank = await watched.context.newPage();
    try {
      await placeOffline(shoe);
      await watched.page.close();
    } finally {
      await watched.context.setOffline(false);
    }
    // Background Sync as the browser fires it when the connection is back, dispatched through DevTools.
    const cdp = await watched.context.newCDPSession(blank);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${store.url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: store.url,
      registrationId: await registration,
      tag: SEND_KEPT_ORDERS,
      lastChance: false,
    });
    await expect.poll(() => backend.ordersOf(email).length, { timeout: 20_000 }).toBe(before + 1);
    expect(backend.ordersOf(email)[before]?.amount).toBe(shoe.price + DELIVERY_FEE);

    // The store opened again: the shopper is told once, the cart follows the store's, nothing waits.
    const page = await watched.context.newPage();
    await visit(page, '/orders');
    await page.getByText(/^Your order was sent/).waitFor();
    await expectCartCount(page, 0);
    expect(await page.getByText('Waiting to be sent').count()).toBe(0);
    await page.reload();
    await waitForApp(page);
    await page.waitForTimeout(1_500);
    expect(await page.getByText(/^Your order was sent/).count()).toBe(0);
    expect(backend.ordersOf(email)).toHaveLength(before + 1);
  });
});
