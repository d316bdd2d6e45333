import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DELIVERY_ADDRESS_FIELDS } from '#domain/address';
import { ADDRESS_LABELS, VALID_ADDRESS } from '#domain/test-support/sample-address';
import { parseStoredCartLog } from '#machines/cart/cart-events';
import { CART_LINES, cartCount as serverCartCount, gql, type ServerCart } from './graphql.js';

// Steps of the spec's journeys, written as a shopper does them: by labels and button names.

export interface Shoe {
  id: string;
  name: string;
  price: number;
  sizes: string[];
}

export async function shoesVia(storeUrl: string): Promise<Shoe[]> {
  const answer = await gql<{ products: { nodes: Shoe[] } }>(
    storeUrl,
    '{ products(first: 100) { nodes { id name price sizes } } }',
  );
  return answer.data!.products.nodes.filter((shoe) => shoe.sizes.length >= 2);
}

/** The sample address by the checkout form's labels, as a shopper fills it in. */
export const ADDRESS: Record<string, string> = Object.fromEntries(
  DELIVERY_ADDRESS_FIELDS.map((field) => [ADDRESS_LABELS[field], VALID_ADDRESS[field]]),
);

/** Waits until React owns the page (main.tsx marks it): taps before it reach the served page, not the app. */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
}

/** Opens `path` and waits until the app owns it and its first queries have answered, so clicks count. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
}

export async function signUpInBrowser(page: Page): Promise<{ email: string; password: string }> {
  const email = `browser-${randomUUID()}@example.com`;
  const password = 'correct horse 1';
  await visit(page, '/login');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Name').fill('Asha Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return { email, password };
}

export async function signInInBrowser(page: Page, email: string, password: string): Promise<void> {
  await visit(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

export async function addToCartInBrowser(page: Page, shoe: Shoe, size: string): Promise<void> {
  await visit(page, `/product/${shoe.id}`);
  await page.getByRole('group').getByRole('button', { name: size, exact: true }).click();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
}

export async function cartCount(page: Page): Promise<number> {
  const label =
    (await page
      .getByRole('link', { name: /^Cart, \d+ items?$/ })
      .first()
      .getAttribute('aria-label')) ?? '';
  return Number(/\d+/.exec(label)?.[0] ?? Number.NaN);
}

export async function expectCartCount(page: Page, count: number): Promise<void> {
  await expect.poll(() => cartCount(page)).toBe(count);
}

export async function fillAddress(page: Page, address: Record<string, string> = ADDRESS): Promise<void> {
  for (const [label, value] of Object.entries(address))
    await page.getByLabel(label, { exact: true }).fill(value);
}

/** The signed-in shopper's cart (its count: the sum of its quantities) and orders, as the BFF has them (the server's truth, not the page's). */
export async function serverState(
  storeUrl: string,
  page: Page,
): Promise<{ count: number; orders: Array<{ id: string; status: string; paymentMethod: string }> }> {
  // A string expression: this file is type-checked for Node, where `window` does not exist.
  const token = await page.evaluate<string | null>("window.localStorage.getItem('kadam.session.token')");
  expect(token).toEqual(expect.any(String));
  const answer = await gql<{
    cart: ServerCart;
    myOrders: Array<{ id: string; status: string; paymentMethod: string }>;
  }>(storeUrl, `{ cart { ${CART_LINES} } myOrders { id status paymentMethod } }`, {}, { token: token! });
  return { count: serverCartCount(answer.data!.cart), orders: answer.data!.myOrders };
}

/**
 * Waits until the page itself has seen every cart change confirmed (its stored log holds nothing unsent). The
 * server's count alone can come first: a page left before the answer arrives sends the change again.
 */
export async function expectOutboxEmpty(page: Page): Promise<void> {
  const pending = async () => {
    const text = await page.evaluate<string | null>("window.localStorage.getItem('kadam.cart.log')");
    const log = parseStoredCartLog(text, (warning) => {
      throw new Error(warning);
    });
    return log.events.length - log.synced;
  };
  await expect.poll(pending).toBe(0);
}

/** Every image the page has loaded so far rendered (none broken or blocked by the CSP), and there are some. */
export async function expectImagesShown(page: Page): Promise<void> {
  const images = () =>
    page.evaluate<Array<{ src: string; width: number }>>(
      '[...document.images].filter((image) => image.complete).map((image) => ({ src: image.currentSrc || image.src, width: image.naturalWidth }))',
    );
  await expect.poll(async () => (await images()).length).toBeGreaterThan(0);
  expect((await images()).filter((image) => image.width === 0)).toEqual([]);
}
