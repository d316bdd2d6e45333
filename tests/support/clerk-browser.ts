import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { openWatchedPage, screenshot, type WatchedPage } from './browser.js';
import {
  CLERK_WEB_ENV,
  IMAGE_ORIGIN,
  TELEMETRY_ORIGIN,
  type ClerkAccount,
  type ClerkFrontendApi,
  type FrontendApiFaults,
} from './clerk-frontend-api.js';
import { startStoreTheReadmeWay, type RunningStore } from './store-process.js';

// The browser side of the Clerk journeys (tests/e2e/clerk-*.test.ts): a store built with the stand-in's publishable
// key, pages that run the real clerk-js against the stand-in (tests/support/clerk-frontend-api.ts), and the steps
// of Clerk's own modal as a shopper takes them.

/**
 * The store started the README's way with VITE_CLERK_PUBLISHABLE_KEY and the API's Clerk settings, serving the web
 * app the run's setup built with that key (tests/e2e/global-setup.ts), which `npm start` finds fresh: web/dist
 * belongs to the default store the other journeys use.
 */
export async function startClerkStore(fapi: ClerkFrontendApi): Promise<RunningStore> {
  if (fapi.publishableKey !== CLERK_WEB_ENV.VITE_CLERK_PUBLISHABLE_KEY)
    throw new Error("The run's Clerk web build is for the stand-in at its default host only");
  const store = await startStoreTheReadmeWay({
    WEB_DIST: inject('clerkWebDist'),
    ...CLERK_WEB_ENV,
    CLERK_JWT_KEY: fapi.publicKeyPem,
    CLERK_ISSUER: fapi.issuer,
  });
  // Both Clerk files' stores serve that one folder: a store building into it would pull it from under the other.
  if (store.output().includes('Building the web app')) {
    await store.stop();
    throw new Error("npm start found the run's Clerk web build stale and built over it");
  }
  return store;
}

// Error toasts are gone after 5 s and a sign-in reloads the page: each one shown is noted in the tab's
// sessionStorage, which outlives both. (Strings: this file is type-checked for Node, where the DOM does not exist.)
const RECORD_ERROR_TOASTS = `
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('[data-sonner-toast][data-type="error"]:not([data-noted])')) {
      toast.setAttribute('data-noted', '');
      const noted = JSON.parse(sessionStorage.getItem('test.errorToasts') ?? '[]');
      sessionStorage.setItem('test.errorToasts', JSON.stringify([...noted, toast.textContent]));
    }
  }).observe(document, { childList: true, subtree: true });
`;
export const errorToasts = (page: Page) =>
  page.evaluate<string[]>("JSON.parse(sessionStorage.getItem('test.errorToasts') ?? '[]')");
// clerk-js turns its telemetry off and swallows some network errors when navigator.webdriver is set, as it is
// under automation; a shopper's browser has no such flag, so the page runs clerk-js as a shopper's would.
const AS_A_SHOPPERS_BROWSER = "Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false })";

/** A desktop page on the store whose Clerk calls the stand-in answers (with `faults`, if any). */
export async function openClerkPage(
  browser: Browser,
  storeUrl: string,
  fapi: ClerkFrontendApi,
  faults: FrontendApiFaults = {},
): Promise<WatchedPage> {
  const watched = await openWatchedPage(browser, storeUrl, 'desktop');
  await fapi.attach(watched.context, faults);
  await watched.context.addInitScript(RECORD_ERROR_TOASTS);
  await watched.context.addInitScript(AS_A_SHOPPERS_BROWSER);
  return watched;
}

/** Nothing was asked of any origin but the store's and the three Clerk origins the stand-in answers. */
export function expectOnlyClerkOrigins(watched: WatchedPage, fapi: ClerkFrontendApi): void {
  const origins = new Set(watched.foreignRequests.map((url) => new URL(url).origin));
  for (const origin of origins) expect([fapi.origin, IMAGE_ORIGIN, TELEMETRY_ORIGIN]).toContain(origin);
  expect(fapi.unhandled).toEqual([]);
}

export const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** The nav's sign-in: Clerk's modal when it is ready. */
export const signInButton = (page: Page) => nav(page).getByRole('button', { name: 'Sign in' });
/** Clerk's user menu, shown in the nav once signed in through Clerk. */
export const userButton = (page: Page) => nav(page).getByRole('button', { name: 'Open user menu' });
export const clerkModalTitle = (page: Page) => page.getByRole('heading', { name: 'Sign in to Kadam' });

/**
 * Email, Continue, password, Continue in Clerk's modal, once it is open. `screenshotAs` names a picture of the
 * modal with the email filled in.
 */
export async function signInInClerkModal(
  page: Page,
  account: ClerkAccount,
  { screenshotAs }: { screenshotAs?: string } = {},
): Promise<void> {
  await clerkModalTitle(page).waitFor();
  await page.getByLabel('Email address').fill(account.email);
  if (screenshotAs) await screenshot(page, screenshotAs);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('heading', { name: 'Enter your password' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** A shopper's way to the cart: the COLLECTION link, the first product, its first size, ADD TO CART. */
export async function addFirstProductByLinks(page: Page): Promise<void> {
  await nav(page).getByRole('link', { name: 'COLLECTION' }).click();
  // The URL changes before the collection replaces the page, whose links may lead to products too (orders do).
  await page.getByRole('combobox', { name: 'Sort products' }).waitFor();
  const card = page.locator('main a[href^="/product/"]').first();
  const href = (await card.getAttribute('href')) ?? '';
  await card.click();
  await page.waitForURL(`**${href}`);
  await page.getByRole('group').getByRole('button').first().click();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
}
