import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestBrowser, openTestBrowser, problemsOf, screenshot } from '../support/browser.js';
import {
  addFirstProductByLinks,
  errorToasts,
  expectOnlyClerkOrigins,
  nav,
  openClerkPage,
  signInButton,
  signInInClerkModal,
  startClerkStore,
  userButton,
} from '../support/clerk-browser.js';
import {
  createClerkFrontendApi,
  type ClerkAccount,
  type ClerkFrontendApi,
} from '../support/clerk-frontend-api.js';
import { cartCount, fillAddress } from '../support/journeys.js';
import type { RunningStore } from '../support/store-process.js';

// Issue 18: with Clerk configured, a signed-out shopper at checkout or MY ORDERS is offered Clerk's modal (and the
// store's email form beside it) and, once signed in there, is back on the page they were on, not on /. The real
// clerk-js against the stand-in of Clerk's Frontend API, as in clerk-sign-in.test.ts.

const CHECKOUT_SHOPPER = {
  email: 'meera.checkout@example.com',
  password: 'correct horse 2',
  firstName: 'Meera',
  lastName: 'Iyer',
};
const ORDERS_SHOPPER = {
  email: 'kabir.orders@example.com',
  password: 'correct horse 3',
  firstName: 'Kabir',
  lastName: 'Shah',
};

const main = (page: Page) => page.getByRole('main');
/** The page's own offer of Clerk's modal (the nav has a 'Sign in' button of its own). */
const offeredSignIn = (page: Page) => main(page).getByRole('button', { name: 'Sign in', exact: true });
const emailAlternative = (page: Page) => main(page).getByRole('link', { name: 'Sign in with email instead' });
const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Signs in through Clerk's modal, opened by `open`, and waits for the page Clerk then loads: it leaves by a full
 * navigation to the address it was told to return to, so the path after that load is where the shopper landed.
 */
async function signInThroughModal(
  page: Page,
  open: () => Promise<void>,
  account: ClerkAccount,
): Promise<void> {
  await open();
  const landed = page.waitForEvent('load');
  await signInInClerkModal(page, account);
  await landed;
  await userButton(page).waitFor();
}

describe("signing in through Clerk's modal from checkout and MY ORDERS", () => {
  let fapi: ClerkFrontendApi;
  let store: RunningStore;
  let browser: Browser;

  beforeAll(async () => {
    fapi = await createClerkFrontendApi();
    fapi.addAccount(CHECKOUT_SHOPPER);
    fapi.addAccount(ORDERS_SHOPPER);
    store = await startClerkStore(fapi);
    browser = await openTestBrowser();
  });
  afterAll(async () => {
    await closeTestBrowser(browser);
    await store.stop();
  });

  it('signed out with a cart at /place-order: Clerk is offered beside the email form, and signing in there comes back to checkout with the cart', async () => {
    const watched = await openClerkPage(browser, store.url, fapi);
    const { page } = watched;
    await page.goto('/collection', { waitUntil: 'networkidle' });
    await addFirstProductByLinks(page);
    await expect.poll(() => cartCount(page)).toBe(1);
    // By keyboard, as a shopper using one would go to the cart.
    await nav(page).getByRole('link', { name: 'Cart, 1 item' }).press('Enter');
    await page.getByRole('link', { name: 'PROCEED TO CHECKOUT' }).click();
    await page.waitForURL('**/place-order');

    // Clerk is what the page offers, the store's email form the alternative; the shopper is not sent off to /login.
    await offeredSignIn(page).waitFor();
    await page.getByText('Sign in to place your order; your cart comes with you.').waitFor();
    expect(await emailAlternative(page).getAttribute('href')).toBe('/login?next=%2Fplace-order');
    expect(pathOf(page)).toBe('/place-order');
    await screenshot(page, 'clerk-checkout-offer');

    await signInThroughModal(page, () => offeredSignIn(page).click(), CHECKOUT_SHOPPER);

    // Back on checkout, signed in through Clerk, the guest's shoe now in the account's cart, the form to fill.
    expect(pathOf(page)).toBe('/place-order');
    await page.getByLabel('First name', { exact: true }).waitFor();
    await expect.poll(() => cartCount(page)).toBe(1);
    expect(await offeredSignIn(page).count()).toBe(0);
    await screenshot(page, 'clerk-checkout-signed-in');

    // And the order goes through on that session.
    await fillAddress(page);
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await page.waitForURL('**/orders');
    await expect
      .poll(() => page.getByRole('list', { name: 'Ordered items' }).getByRole('listitem').count())
      .toBe(1);
    await expect.poll(() => cartCount(page)).toBe(0);

    expect(await errorToasts(page)).toEqual([]);
    expect(problemsOf(watched).consoleErrors).toEqual([]);
    expectOnlyClerkOrigins(watched, fapi);
    await watched.context.close();
  });

  it('signed out at MY ORDERS: Clerk is offered beside the email form, and signing in there comes back to the orders', async () => {
    const watched = await openClerkPage(browser, store.url, fapi);
    const { page } = watched;
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'My orders' }).click();
    await page.waitForURL('**/orders');

    await page.getByText('Sign in to see your orders.').waitFor();
    await offeredSignIn(page).waitFor();
    expect(await emailAlternative(page).getAttribute('href')).toBe('/login?next=%2Forders');
    await screenshot(page, 'clerk-orders-offer');

    await signInThroughModal(page, () => offeredSignIn(page).click(), ORDERS_SHOPPER);

    expect(pathOf(page)).toBe('/orders');
    await page.getByText('You have not placed any orders yet.').waitFor();
    expect(await offeredSignIn(page).count()).toBe(0);

    expect(await errorToasts(page)).toEqual([]);
    expect(problemsOf(watched).consoleErrors).toEqual([]);
    expectOnlyClerkOrigins(watched, fapi);
    await watched.context.close();
  });

  it("the nav's Clerk sign-in opened on MY ORDERS comes back there too, not to /", async () => {
    const watched = await openClerkPage(browser, store.url, fapi);
    const { page } = watched;
    await page.goto('/orders', { waitUntil: 'networkidle' });
    await page.getByText('Sign in to see your orders.').waitFor();

    await signInThroughModal(page, () => signInButton(page).click(), ORDERS_SHOPPER);

    expect(pathOf(page)).toBe('/orders');
    await page.getByText('You have not placed any orders yet.').waitFor();

    expect(problemsOf(watched).consoleErrors).toEqual([]);
    expectOnlyClerkOrigins(watched, fapi);
    await watched.context.close();
  });
});
