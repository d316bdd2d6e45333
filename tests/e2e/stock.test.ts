import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import type { StoreDatabase } from '../../api/src/db/database.js';
import {
  closeTestBrowser,
  openTestBrowser,
  openWatchedPage,
  problemsOf,
  type WatchedPage,
} from '../support/browser.js';
import { openStoreDatabase } from '../support/databases.js';
import { gql } from '../support/graphql.js';
import {
  addToCartInBrowser,
  fillAddress,
  serverState,
  shoesVia,
  signUpInBrowser,
  visit,
  type Shoe,
} from '../support/journeys.js';
import { readStockRows, setStockRows, stockKey } from '../support/stock-rows.js';
import { startStoreTheReadmeWay, type RunningStore } from '../support/store-process.js';

// Issue 28 in the browser: sizes that sold out, a shoe sold out in every size, the cart's notices, and a checkout
// refused for stock that the shopper fixes without losing the address or the rest of the cart.

interface Stocked extends Shoe {
  soldOut: boolean;
  stock: Array<{ size: string; inStock: boolean; left: number | null }>;
}

const ENUM_OF = (label: string) => label.toUpperCase().replace(/ /g, '_');

describe('stock per size, as a shopper meets it', () => {
  let browser: Browser;
  let watched: WatchedPage;
  // A store of its own: the stock it sets would show in the journeys running beside it on the shared one.
  let running: RunningStore;
  let storeUrl: string;
  let store: StoreDatabase;
  let scarce: Shoe;
  let gone: Shoe & { category: string; type: string };

  beforeAll(async () => {
    running = await startStoreTheReadmeWay({ AUTH_RATE_LIMIT_MAX: '10000', LOG_LEVEL: 'warn' });
    storeUrl = running.url;
    const shoes = await shoesVia(storeUrl);
    scarce = shoes.at(-1)!;
    const last = shoes.at(-2)!;
    const detail = await gql<{ product: { category: string; type: string } }>(
      storeUrl,
      'query ($id: ID!) { product(id: $id) { category type } }',
      { id: last.id },
    );
    gone = { ...last, ...detail.data!.product };
    store = openStoreDatabase({}, running.dataDir);
    await setStockRows(store.db, [
      { productId: scarce.id, size: scarce.sizes[0]!, quantity: 0 },
      { productId: scarce.id, size: scarce.sizes[1]!, quantity: 2 },
      ...gone.sizes.map((size) => ({ productId: gone.id, size, quantity: 0 })),
    ]);
    // The BFF trusts a catalogue version for CATALOG_TTL_MS (10 s): wait until it shows the new stock.
    await vi.waitFor(
      async () => {
        const answer = await gql<{ product: Stocked }>(
          storeUrl,
          'query ($id: ID!) { product(id: $id) { soldOut } }',
          {
            id: gone.id,
          },
        );
        expect(answer.data?.product.soldOut).toBe(true);
      },
      { timeout: 20_000, interval: 500 },
    );
    browser = await openTestBrowser();
    watched = await openWatchedPage(browser, storeUrl, 'mobile');
  });

  afterAll(async () => {
    await store.destroy();
    await closeTestBrowser(browser);
    await running.stop();
  });

  it('shows sold-out sizes unchosen, few pairs left, and a shoe sold out in every size', async () => {
    const { page } = watched;
    await visit(page, `/product/${scarce.id}`);
    const sizes = page.getByRole('group');
    await expect
      .poll(() => sizes.getByRole('button', { name: `${scarce.sizes[0]}, sold out` }).isDisabled())
      .toBe(true);
    await sizes.getByRole('button', { name: scarce.sizes[1], exact: true }).click();
    await expect.poll(() => page.getByText('Only 2 left').isVisible()).toBe(true);

    await visit(page, `/product/${gone.id}`);
    await expect.poll(() => page.getByRole('button', { name: 'ADD TO CART' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByText('Every size of this shoe is sold out.').isVisible()).toBe(true);

    await visit(page, `/collection?category=${ENUM_OF(gone.category)}&type=${ENUM_OF(gone.type)}`);
    const card = page.getByRole('link').filter({ hasText: gone.name });
    await expect.poll(() => card.first().textContent()).toContain('Sold out');
    // On a phone the filter panel is folded behind FILTERS.
    await page.getByRole('button', { name: 'FILTERS' }).click();
    // The no-JavaScript form's Apply stays hidden once the app runs: ticking a box applies it.
    expect(await page.getByRole('button', { name: 'Apply' }).isVisible()).toBe(false);
    const inStockOnly = page.getByRole('checkbox', { name: 'In stock only' });
    await inStockOnly.click();
    // The box follows the URL, which the router updates in a transition: a moment after the click.
    await expect.poll(() => inStockOnly.isChecked()).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.get('inStock')).toBe('true');
    await expect.poll(() => card.count()).toBe(0);
    expect(problemsOf(watched).consoleErrors).toEqual([]);
  });

  it('refuses a checkout for more pairs than are left, and places it once the shopper fixes the line', async () => {
    const { page } = watched;
    await signUpInBrowser(page);
    for (let pair = 0; pair < 3; pair += 1) await addToCartInBrowser(page, scarce, scarce.sizes[1]!);

    await visit(page, '/cart');
    const fixOnCart = page.getByRole('button', { name: `Set to 2: ${scarce.name}, size ${scarce.sizes[1]}` });
    await expect.poll(() => fixOnCart.isVisible()).toBe(true);

    await visit(page, '/place-order');
    await fillAddress(page);
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    const refusal = page.getByRole('region', { name: 'Not enough pairs in stock' });
    await expect
      .poll(() => refusal.textContent(), { timeout: 15_000 })
      .toContain(`Only 2 left of ${scarce.name}, ${scarce.sizes[1]}`);
    expect((await serverState(storeUrl, page)).orders).toHaveLength(0);

    await refusal.getByRole('button', { name: `Set to 2: ${scarce.name}, size ${scarce.sizes[1]}` }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Your cart is updated' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByLabel('First name', { exact: true }).inputValue()).not.toBe('');
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await page.waitForURL((url) => url.pathname === '/orders', { timeout: 15_000 });

    // The two pairs left went to this one order.
    expect((await serverState(storeUrl, page)).orders).toHaveLength(1);
    expect((await readStockRows(store.db)).get(stockKey(scarce.id, scarce.sizes[1]!))).toBe(0);
  });
});
