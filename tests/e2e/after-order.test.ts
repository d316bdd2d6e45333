import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { sql } from 'kysely';
import { orderMoveRefusal } from '#domain/order-life';
import { RETURN_POLICY_DAYS } from '#domain/store-rules';
import { axeViolations } from '../support/axe.js';
import { ADMIN_ENV, adminLogin, runShop } from '../support/back-office.js';
import {
  closeTestBrowser,
  openTestBrowser,
  openWatchedPage,
  problemsOf,
  screenshot,
  type ViewportName,
  type WatchedPage,
} from '../support/browser.js';
import { openStoreDatabase } from '../support/databases.js';
import { gql } from '../support/graphql.js';
import { call } from '../support/http.js';
import {
  addToCartInBrowser,
  expectCartCount,
  fillAddress,
  shoesVia,
  signUpInBrowser,
  visit,
  type Shoe,
} from '../support/journeys.js';
import { startStoreTheReadmeWay, type RunningStore } from '../support/store-process.js';

// Issue 29 in the browser: a shopper cancels an order; a delivered order is returned and exchanged while the shop
// moves the order and the requests (the admin contract at the store's URL, `npm run shop`); a cancel that comes too
// late and a return past the store's window are refused, with the reason shown where the shopper asked.

const DAY = 24 * 60 * 60 * 1000;
/** axe's findings above minor in the list of ordered items (its panels open), as rule ids and targets. */
async function axeFindingsInMain(page: Page): Promise<string[]> {
  return (await axeViolations(page, 'main')).map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** "2 Dec", as the store words its dates. */
const dayMonth = (ms: number) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' }).format(ms);

describe('after the order, in the browser', () => {
  let store: RunningStore;
  let browser: Browser;
  let shoes: Shoe[];
  let admin: string;
  beforeAll(async () => {
    store = await startStoreTheReadmeWay({
      ...ADMIN_ENV,
      ADMIN_API_FORWARDING: 'true',
      AUTH_RATE_LIMIT_MAX: '10000',
      LOG_LEVEL: 'warn',
    });
    browser = await openTestBrowser();
    shoes = (await shoesVia(store.url)).filter((shoe) => shoe.sizes.length >= 3);
    admin = await adminLogin(store.url);
  });
  afterAll(async () => {
    await closeTestBrowser(browser);
    await store.stop();
  });

  /** The shop moves an order, with the admin contract at the store's URL (ADMIN_API_FORWARDING on). */
  async function moveOrder(orderId: string, ...statuses: string[]): Promise<void> {
    for (const status of statuses) {
      const moved = await call(
        store.url,
        'POST',
        '/api/order/status',
        { orderId, status },
        { headers: { token: admin } },
      );
      expect(moved).toMatchObject({ status: 200, body: { success: true } });
    }
  }

  /** Signs up, orders these sizes of the shoe, and lands on MY ORDERS; answers the new order's id. */
  async function orderInBrowser(watched: WatchedPage, shoe: Shoe, sizes: readonly string[]): Promise<string> {
    const { page } = watched;
    await signUpInBrowser(page);
    for (const [index, size] of sizes.entries()) {
      await addToCartInBrowser(page, shoe, size);
      await expectCartCount(page, index + 1);
    }
    await visit(page, '/place-order');
    await fillAddress(page);
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await page.waitForURL('**/orders');
    await expect.poll(() => rows(page).count()).toBe(sizes.length);
    const [order] = await ordersOf(page);
    return order!.id;
  }

  const rows = (page: Page) => page.getByRole('list', { name: 'Ordered items' }).getByRole('listitem');
  const rowOf = (page: Page, size: string): Locator =>
    rows(page).filter({ has: page.getByText(`Size: ${size}`, { exact: true }) });
  /** The order's status beside its dot. */
  const statusOf = (row: Locator) => row.locator('p:has(> span[aria-hidden="true"]:empty)');

  async function ordersOf(
    page: Page,
  ): Promise<
    Array<{ id: string; status: string; returns: Array<{ id: string; kind: string; status: string }> }>
  > {
    const token = await page.evaluate<string | null>("window.localStorage.getItem('kadam.session.token')");
    const answer = await gql<{
      myOrders: Array<{
        id: string;
        status: string;
        returns: Array<{ id: string; kind: string; status: string }>;
      }>;
    }>(store.url, '{ myOrders { id status returns { id kind status } } }', {}, { token: token! });
    return answer.data!.myOrders;
  }

  async function openPage(viewport: ViewportName): Promise<WatchedPage> {
    return openWatchedPage(browser, store.url, viewport);
  }

  it('a shopper cancels an order before it is packed, after confirming, and MY ORDERS says Cancelled', async () => {
    const watched = await openPage('mobile');
    const { page } = watched;
    const shoe = shoes[0]!;
    await orderInBrowser(watched, shoe, [shoe.sizes[0]!]);
    const row = rows(page).first();
    await row.getByRole('button', { name: 'Cancel order' }).click();
    await expect.poll(() => row.getByText(/^Cancel order #[0-9A-Z]{8}\?$/).isVisible()).toBe(true);
    // The question has the focus, so a keyboard or screen-reader user lands on it.
    expect(await page.evaluate<string | undefined>('document.activeElement?.textContent')).toMatch(
      /^Cancel order #/,
    );
    await screenshot(page, 'after-order-cancel-confirm-mobile');
    expect(await axeFindingsInMain(page)).toEqual([]);
    await row.getByRole('button', { name: 'Yes, cancel order' }).click();

    await expect.poll(async () => (await statusOf(row).textContent()) ?? '').toBe('Cancelled');
    expect(await row.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect((await ordersOf(page))[0]!.status).toBe('Cancelled');
    // The history shows the placing and the cancellation.
    expect(await row.getByRole('term').allTextContents()).toEqual(['Order Placed', 'Cancelled']);
    await screenshot(page, 'after-order-cancelled-mobile');
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it('a cancel that comes once the order is being packed is refused with the reason, where the shopper asked', async () => {
    const watched = await openPage('desktop');
    const { page } = watched;
    const shoe = shoes[1]!;
    const orderId = await orderInBrowser(watched, shoe, [shoe.sizes[0]!]);
    const row = rows(page).first();
    // The page still offers it: the shop starts packing meanwhile.
    await moveOrder(orderId, 'Packing');
    await row.getByRole('button', { name: 'Cancel order' }).click();
    await row.getByRole('button', { name: 'Yes, cancel order' }).click();

    const alert = row.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe(orderMoveRefusal('Packing', 'Cancelled', 'shopper'));
    await expect.poll(async () => (await statusOf(row).textContent()) ?? '').toBe('Packing');
    await screenshot(page, 'after-order-cancel-too-late-desktop');
    await row.getByRole('button', { name: 'Close' }).click();
    expect(await row.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect((await ordersOf(page))[0]!.status).toBe('Packing');
    // The client logs the refusal it was answered (spec section 8); nothing else.
    expect(problemsOf(watched, [/^\[GraphQL CancelOrder\] .*already Packing/])).toEqual({
      consoleErrors: [],
      foreignRequests: [],
    });
    await watched.context.close();
  });

  it('a delivered order: one line returned, the other exchanged for a size in stock, as the shop moves the requests', async () => {
    const watched = await openPage('mobile');
    const { page } = watched;
    const shoe = shoes[2]!;
    const [returned, exchanged, wanted] = shoe.sizes as [string, string, string];
    const orderId = await orderInBrowser(watched, shoe, [returned, exchanged]);
    expect(await rows(page).first().getByRole('button', { name: 'Return or exchange' }).count()).toBe(0);

    await moveOrder(orderId, 'Shipped', 'Out for delivery', 'Delivered');
    await page.getByRole('button', { name: 'Track Order' }).first().click();
    const returnRow = rowOf(page, returned);
    await expect.poll(() => returnRow.getByRole('button', { name: 'Return or exchange' }).count()).toBe(1);
    const deadline = await returnRow.getByText(/^Returnable until /).textContent();
    expect(deadline).toMatch(
      new RegExp(`^Returnable until ${dayMonth(Date.now() + RETURN_POLICY_DAYS * DAY)}$`),
    );
    expect(await returnRow.getByRole('term').allTextContents()).toEqual([
      'Order Placed',
      'Shipped',
      'Out for delivery',
      'Delivered',
    ]);

    // A return, by keyboard where it can be: the form takes the focus, the choices are radios and a select.
    await returnRow.getByRole('button', { name: 'Return or exchange' }).click();
    const returnForm = returnRow.getByRole('form');
    await returnForm.getByRole('radio', { name: 'Return for a refund' }).check();
    await returnForm.getByRole('combobox', { name: 'Reason' }).selectOption('Arrived damaged');
    await screenshot(page, 'after-order-return-form-mobile');
    expect(await axeFindingsInMain(page)).toEqual([]);
    await returnForm.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => returnRow.getByText(/^Return requested/).count()).toBe(1);

    // An exchange for another size in stock.
    const exchangeRow = rowOf(page, exchanged);
    await exchangeRow.getByRole('button', { name: 'Return or exchange' }).click();
    const exchangeForm = exchangeRow.getByRole('form');
    await exchangeForm.getByRole('radio', { name: 'Exchange for another size' }).check();
    await exchangeForm.getByRole('combobox', { name: 'Reason' }).selectOption('Does not fit');
    // The ordered size is not offered.
    expect(await exchangeForm.getByRole('radio', { name: exchanged, exact: true }).count()).toBe(0);
    await exchangeForm.getByRole('radio', { name: wanted, exact: true }).check({ force: true });
    await exchangeForm.scrollIntoViewIfNeeded();
    await screenshot(page, 'after-order-exchange-form-mobile');
    await exchangeForm.getByRole('button', { name: 'Send request' }).click();
    await expect
      .poll(() => exchangeRow.getByText(new RegExp(`^Exchange requested — size ${wanted}`)).count())
      .toBe(1);
    await screenshot(page, 'after-order-requests-mobile');
    expect(await axeFindingsInMain(page)).toEqual([]);

    // The shop approves both from its terminal, then receives the returned pair.
    const requests = (await ordersOf(page))[0]!.returns;
    expect(requests.map((request) => [request.kind, request.status])).toEqual([
      ['RETURN', 'REQUESTED'],
      ['EXCHANGE', 'REQUESTED'],
    ]);
    const shop = (args: string[]) => runShop(args, { DATA_DIR: store.dataDir });
    expect((await shop(['returns', '--status', 'Requested'])).stdout).toContain(requests[1]!.id);
    for (const request of requests)
      expect(await shop(['return', request.id, 'approve'])).toMatchObject({ code: 0 });
    expect(await shop(['return', requests[0]!.id, 'received'])).toMatchObject({ code: 0 });

    await page.getByRole('button', { name: 'Track Order' }).first().click();
    await expect.poll(() => returnRow.getByText(/^Return received/).count()).toBe(1);
    await expect
      .poll(() => exchangeRow.getByText(new RegExp(`^Exchange approved — size ${wanted}`)).count())
      .toBe(1);
    // Every pair is in a request: nothing is left to ask for.
    expect(await page.getByRole('button', { name: 'Return or exchange' }).count()).toBe(0);
    await screenshot(page, 'after-order-requests-moved-mobile');
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it('a return asked for after the 7 days since delivery is refused with the date the window closed', async () => {
    const watched = await openPage('desktop');
    const { page } = watched;
    const shoe = shoes[3]!;
    const orderId = await orderInBrowser(watched, shoe, [shoe.sizes[0]!]);
    await moveOrder(orderId, 'Shipped', 'Delivered');
    await page.getByRole('button', { name: 'Track Order' }).first().click();
    const row = rows(page).first();
    await expect.poll(() => row.getByRole('button', { name: 'Return or exchange' }).count()).toBe(1);

    // The delivery was recorded eight days ago (the store's own record, in its SQLite file): the window has closed
    // while the page was open.
    const database = openStoreDatabase({}, store.dataDir);
    let deliveredAt: number;
    try {
      await database.db
        .updateTable('order_status_changes')
        .set({ changed_at: sql<number>`changed_at - ${8 * DAY}` })
        .where('order_id', '=', orderId)
        .where('to_status', '=', 'Delivered')
        .execute();
      const row = await database.db
        .selectFrom('order_status_changes')
        .select('changed_at')
        .where('order_id', '=', orderId)
        .where('to_status', '=', 'Delivered')
        .executeTakeFirstOrThrow();
      deliveredAt = row.changed_at;
    } finally {
      await database.destroy();
    }
    const closedOn = dayMonth(deliveredAt + RETURN_POLICY_DAYS * DAY);

    await row.getByRole('button', { name: 'Return or exchange' }).click();
    const form = row.getByRole('form');
    await form.getByRole('radio', { name: 'Return for a refund' }).check();
    await form.getByRole('combobox', { name: 'Reason' }).selectOption('Changed my mind');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toBe(`The return window for this order closed on ${closedOn}.`);
    await screenshot(page, 'after-order-return-too-late-desktop');
    expect(await axeFindingsInMain(page)).toEqual([]);

    // Seen afresh, the page offers no return and says when the window closed.
    await visit(page, '/orders');
    await expect
      .poll(() =>
        rows(page)
          .first()
          .getByText(/^Return window closed on /)
          .textContent(),
      )
      .toBe(`Return window closed on ${closedOn}`);
    expect(await page.getByRole('button', { name: 'Return or exchange' }).count()).toBe(0);
    expect((await ordersOf(page))[0]!.returns).toEqual([]);
    expect(problemsOf(watched, [/^\[GraphQL RequestReturn\] .*return window for this order closed/])).toEqual(
      {
        consoleErrors: [],
        foreignRequests: [],
      },
    );
    await watched.context.close();
  });
});
