import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  closeTestBrowser,
  openTestBrowser,
  openWatchedPage,
  problemsOf,
  screenshot,
} from '../support/browser.js';
import { call } from '../support/http.js';
import { startLineageClient, type LineageClient } from '../support/lineage-client/serve.js';
import { listProducts, VALID_ADDRESS, type CatalogProduct } from '../support/store-api.js';
import { startStoreTheReadmeWay, type RunningStore } from '../support/store-process.js';

// A client written for the seed's original backend (spec sections 2–8; tests/support/lineage-client/: axios-style
// calls, the `token` header, toasts, orders reversed) runs on its own origin and shops on our store's one URL,
// given the documented setting CORS_ORIGINS=<its origin> (and FAILURES_AS_200, so it can show the server's
// messages). Real Chromium, no request interception: the browser's own CORS checks decide.

const PASSWORD = 'correct horse 1';

let browser: Browser;
let client: LineageClient;
let store: RunningStore;

beforeAll(async () => {
  // The client first: its origin is what the store is told to admit.
  client = await startLineageClient();
  store = await startStoreTheReadmeWay({
    CORS_ORIGINS: client.url,
    FAILURES_AS_200: 'true',
    AUTH_RATE_LIMIT_MAX: '10000',
    LOG_LEVEL: 'warn',
  });
  client.setBackendUrl(store.url);
  browser = await openTestBrowser();
});

afterAll(async () => {
  await closeTestBrowser(browser);
  await store.stop();
  await client.stop();
});

// Vitest's expect has no locator matchers: these poll what the page shows, as Playwright's would.
const WAIT = { timeout: 15_000 };
/** What the elements show, with runs of white space (line breaks between blocks) as one space. */
const textOf = async (locator: Locator) =>
  (await locator.allInnerTexts()).join(' ').replace(/\s+/g, ' ').trim();
const expectCount = (locator: Locator, count: number) => expect.poll(() => locator.count(), WAIT).toBe(count);
const expectText = (locator: Locator, text: string) => expect.poll(() => textOf(locator), WAIT).toBe(text);
const expectToContain = (locator: Locator, text: string) =>
  expect.poll(() => textOf(locator), WAIT).toContain(text);
const expectVisible = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: WAIT.timeout });

const productCards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('listitem');
const orderRows = (page: Page) => page.getByRole('list', { name: 'My orders' }).getByRole('listitem');
const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart \(\d+\)$/ });

/** Every image on the page has loaded (none still pending), none is broken, and each came from the store. */
async function expectEveryImageShown(page: Page): Promise<void> {
  const images = () =>
    page.evaluate<Array<{ src: string; complete: boolean; width: number }>>(
      '[...document.images].map((image) => ({ src: image.currentSrc || image.src, complete: image.complete, width: image.naturalWidth }))',
    );
  await expect.poll(async () => (await images()).length, WAIT).toBeGreaterThan(0);
  await expect.poll(async () => (await images()).filter((image) => !image.complete), WAIT).toEqual([]);
  expect((await images()).filter((image) => image.width === 0)).toEqual([]);
  // The client's own server has no images: they load from the store's origin (absolute URLs in the answers).
  expect((await images()).filter((image) => !image.src.startsWith(`${new URL(store.url).origin}/`))).toEqual(
    [],
  );
}

async function addToCart(page: Page, product: CatalogProduct, size: string): Promise<void> {
  await page.getByRole('link', { name: 'HOME' }).click();
  await productCards(page)
    .filter({ has: page.getByText(product.name, { exact: true }) })
    .first()
    .getByRole('link')
    .click();
  await expectText(page.getByRole('heading', { level: 1 }), product.name);
  await page
    .getByRole('group', { name: 'Select Size' })
    .getByRole('button', { name: size, exact: true })
    .click();
  const before = Number(/\d+/.exec((await cartLink(page).textContent()) ?? '')?.[0]);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expectText(cartLink(page), `Cart (${before + 1})`);
}

async function placeOrder(page: Page): Promise<void> {
  await cartLink(page).click();
  await page.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
  const labels: Record<keyof typeof VALID_ADDRESS, string> = {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email address',
    street: 'Street',
    city: 'City',
    state: 'State',
    zipcode: 'Zipcode',
    country: 'Country',
    phone: 'Phone',
  };
  for (const [key, label] of Object.entries(labels) as Array<[keyof typeof VALID_ADDRESS, string]>) {
    await page.getByLabel(label, { exact: true }).fill(VALID_ADDRESS[key]);
  }
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await expectVisible(page.getByRole('heading', { name: 'MY ORDERS' }));
}

async function serverCart(token: string): Promise<unknown> {
  const res = await call(store.url, 'POST', '/api/cart/get', {}, { headers: { token } });
  return res.body.cartData;
}

describe('a client written for the seed backend, on another origin', () => {
  it(
    'shops on the store when the store is started with CORS_ORIGINS=<its origin>',
    { timeout: 180_000 },
    async () => {
      const storeOrigin = new URL(store.url).origin;
      const products = await listProducts(store.url);
      const [a, b, c] = products.filter((product) => product.sizes.length >= 2);
      if (!a || !b || !c) throw new Error('the catalogue needs three products with two sizes');
      const watched = await openWatchedPage(browser, client.url, 'desktop', {
        allowedOrigins: [storeOrigin],
      });
      const { page } = watched;
      try {
        await page.goto('/');
        // Every product, each card with its image shown (the store answers image URLs this origin can load).
        await expectCount(productCards(page), products.length);
        await expectText(productCards(page).first(), `${products[0]!.name} ₹${products[0]!.price}`);
        await expectEveryImageShown(page);
        await screenshot(page, 'lineage-client-shop');

        // Sign up: the token lands in localStorage.token.
        const email = `lineage-${Date.now()}@example.com`;
        await page.getByRole('link', { name: 'Login' }).click();
        await page.getByRole('button', { name: 'Create account' }).click();
        await page.getByLabel('Name', { exact: true }).fill('Asha Rao');
        await page.getByLabel('Email', { exact: true }).fill(email);
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
        await expectVisible(page.getByRole('button', { name: 'Logout' }));
        const token = await page.evaluate<string | null>('localStorage.getItem("token")');
        expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
        if (token === null) return;

        // Two products, two sizes: three cart lines, sent to the server with the `token` header.
        const [a0, a1] = [a.sizes[0]!, a.sizes[1]!];
        const b0 = b.sizes[0]!;
        await addToCart(page, a, a0);
        await addToCart(page, a, a1);
        await addToCart(page, b, b0);
        await expect
          .poll(() => serverCart(token), WAIT)
          .toEqual({ [a._id]: { [a0]: 1, [a1]: 1 }, [b._id]: { [b0]: 1 } });

        await cartLink(page).click();
        const lines = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
        await expectCount(lines, 3);
        for (const [product, size] of [
          [a, a0],
          [a, a1],
          [b, b0],
        ] as const) {
          const line = page.getByRole('listitem', { name: `${product.name}, size ${size}`, exact: true });
          await expectToContain(line, `₹${product.price}`);
          expect(await line.getByRole('spinbutton').inputValue()).toBe('1');
        }
        await expectEveryImageShown(page);

        // A quantity change is /api/cart/update.
        const bQuantity = page.getByLabel(`Quantity of ${b.name}, size ${b0}`, { exact: true });
        await bQuantity.fill('3');
        await bQuantity.press('Tab');
        await expectText(cartLink(page), 'Cart (5)');
        await expect
          .poll(() => serverCart(token), WAIT)
          .toEqual({ [a._id]: { [a0]: 1, [a1]: 1 }, [b._id]: { [b0]: 3 } });
        await expectToContain(
          page.getByRole('region', { name: 'Cart totals' }),
          `Total: ₹${a.price * 2 + b.price * 3 + 10}.00`,
        );
        await screenshot(page, 'lineage-client-cart');

        // The order: product copies with size and quantity, amount = Σ price × quantity + 10 (the API checks it).
        await placeOrder(page);
        await expectCount(orderRows(page), 3);
        await expectText(cartLink(page), 'Cart (0)');
        expect(await serverCart(token)).toEqual({});

        // A second order comes out on top: our API answers oldest first, as the seed's did, and the client reverses.
        const c0 = c.sizes[0]!;
        await addToCart(page, c, c0);
        await placeOrder(page);
        await expectCount(orderRows(page), 4);
        const orders = (await call(store.url, 'POST', '/api/order/userorders', {}, { headers: { token } }))
          .body.orders as Array<{
          date: number;
          items: unknown[];
        }>;
        expect(orders.map((order) => order.items.length)).toEqual([3, 1]);
        const newest = orderRows(page).first();
        await expectToContain(newest, c.name);
        await expectToContain(newest, `₹${c.price}`);
        await expectToContain(newest, 'Quantity: 1');
        await expectToContain(newest, `Size: ${c0}`);
        await expectToContain(newest, `Date: ${new Date(orders[1]!.date).toDateString()}`);
        for (const row of await orderRows(page).all()) {
          await expectToContain(row, 'Payment: COD');
          await expectText(row.locator('.status'), 'Order Placed');
        }
        await expectToContain(orderRows(page).nth(1), b.name);
        await expectToContain(orderRows(page).nth(1), 'Quantity: 3');
        await expectEveryImageShown(page);
        await screenshot(page, 'lineage-client-orders');

        // A wrong password: with FAILURES_AS_200 the client shows the API's own message, not axios's.
        await page.getByRole('button', { name: 'Logout' }).click();
        await page.getByLabel('Email', { exact: true }).fill(email);
        await page.getByLabel('Password', { exact: true }).fill('not the password');
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await expectText(page.getByRole('alert'), 'Invalid email or password');
        await expectCount(page.getByRole('alert').filter({ hasText: 'Request failed' }), 0);
        await screenshot(page, 'lineage-client-wrong-password');

        // The right one signs in again and shows the orders.
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await expectVisible(page.getByRole('button', { name: 'Logout' }));
        await page.getByRole('link', { name: 'ORDERS' }).click();
        await expectCount(orderRows(page), 4);

        expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
      } finally {
        await watched.context.close();
      }
    },
  );

  it('gets a blank shop and a toast from a store started without CORS_ORIGINS', async () => {
    const plainStore = inject('storeUrl');
    const storeOrigin = new URL(plainStore).origin;
    // The store is up and answers the products to a caller that is not a browser page on another origin…
    const direct = await fetch(new URL('/api/product/list', plainStore), { headers: { origin: client.url } });
    expect(direct.status).toBe(200);
    expect(direct.headers.get('access-control-allow-origin')).toBeNull();

    // …but the browser does not hand the answer to the client's page.
    const watched = await openWatchedPage(browser, client.url, 'desktop', { allowedOrigins: [storeOrigin] });
    const { page } = watched;
    try {
      await page.goto(`/?backendUrl=${encodeURIComponent(plainStore)}`);
      await expectText(page.getByRole('alert'), 'Network Error');
      await expectCount(productCards(page), 0);
      await screenshot(page, 'lineage-client-no-cors');
      expect(watched.consoleErrors.some((text) => /blocked by CORS policy/.test(text))).toBe(true);
      expect(problemsOf(watched, [/blocked by CORS policy/, /Failed to load resource/])).toEqual({
        consoleErrors: [],
        foreignRequests: [],
      });
    } finally {
      await watched.context.close();
    }
  });
});
