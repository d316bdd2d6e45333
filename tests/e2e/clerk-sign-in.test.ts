import { decodeJwt } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  closeTestBrowser,
  openTestBrowser,
  openWatchedPage,
  problemsOf,
  screenshot,
  type WatchedPage,
} from '../support/browser.js';
import {
  addFirstProductByLinks,
  clerkModalTitle,
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
  type ClerkFrontendApi,
  type FrontendApiFaults,
} from '../support/clerk-frontend-api.js';
import { CART_LINES, cartCount as serverCartCount, gql, type ServerCart } from '../support/graphql.js';
import { ADDRESS, cartCount, fillAddress } from '../support/journeys.js';
import type { RunningStore } from '../support/store-process.js';

// Spec sections 2, 4, 6 and 7 with the hosted sign-in configured: the store started the README's way with
// VITE_CLERK_PUBLISHABLE_KEY (so `npm start` builds the web app with it, into its own WEB_DIST) and the API's Clerk
// settings; the real clerk-js in the page; and, since Clerk's hosted service cannot be reached here, a local
// stand-in for its Frontend API (tests/support/clerk-frontend-api.ts) answering through the browser's request
// routing (set up by tests/support/clerk-browser.ts, shared with clerk-checkout.test.ts). Besides the Frontend API the stand-in answers the two other origins clerk-js reaches for: Clerk's image
// service (the user's avatar) and its telemetry (development instances). Nothing else may be asked for.

const ACCOUNT = {
  email: 'asha.clerk@example.com',
  password: 'correct horse 1',
  firstName: 'Asha',
  lastName: 'Rao',
};

interface GraphQLCall {
  operation: string;
  authorization: string | undefined;
}

/** Every GraphQL operation the page sends, with the Authorization header it carried. */
function recordGraphQL(page: Page): GraphQLCall[] {
  const calls: GraphQLCall[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/graphql') return;
    const body = request.postDataJSON() as { operationName?: unknown } | null;
    calls.push({
      operation: typeof body?.operationName === 'string' ? body.operationName : '?',
      authorization: request.headers().authorization,
    });
  });
  return calls;
}

const bearer = (call: GraphQLCall) =>
  call.authorization?.startsWith('Bearer ') === true ? call.authorization.slice('Bearer '.length) : undefined;

const loadingStatus = (page: Page) => nav(page).getByRole('status').filter({ hasText: 'Sign-in loading…' });

describe('hosted sign-in (Clerk) in the browser', () => {
  let fapi: ClerkFrontendApi;
  let store: RunningStore;
  let browser: Browser;

  beforeAll(async () => {
    fapi = await createClerkFrontendApi();
    fapi.addAccount(ACCOUNT);
    store = await startClerkStore(fapi);
    browser = await openTestBrowser();
  });
  afterAll(async () => {
    await closeTestBrowser(browser);
    await store.stop();
  });

  const openPage = (faults: FrontendApiFaults = {}): Promise<WatchedPage> =>
    openClerkPage(browser, store.url, fapi, faults);

  it('without a key (the default store) nothing of Clerk is fetched, and the nav links to the store login', async () => {
    const watched = await openWatchedPage(browser, inject('storeUrl'), 'desktop');
    const { page } = watched;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(await nav(page).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    // Neither Clerk's script nor the app's own chunk that wraps Clerk's React SDK.
    expect(requested.filter((url) => /clerk|hosted-sign-in/i.test(url))).toEqual([]);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it('shows "Sign-in loading…" while clerk-js is on its way, and no status once Clerk is ready, on every visit', async () => {
    let release!: () => void;
    const heldUntil = new Promise<void>((resolve) => {
      release = resolve;
    });
    const watched = await openPage({ script: { heldUntil } });
    const { page } = watched;
    await page.goto('/');
    await expect.poll(() => loadingStatus(page).count()).toBe(1);
    await screenshot(page, 'clerk-loading');
    release();
    await signInButton(page).waitFor();
    await expect.poll(() => loadingStatus(page).count()).toBe(0);
    // A repeat visit (the browser already has its Clerk client, so Clerk is ready sooner) must clear it too.
    for (let visit = 0; visit < 3; visit += 1) {
      await page.reload();
      await signInButton(page).waitFor();
      await expect.poll(() => loadingStatus(page).count(), { timeout: 3000 }).toBe(0);
    }
    expect(problemsOf(watched).consoleErrors).toEqual([]);
    expectOnlyClerkOrigins(watched, fapi);
    await watched.context.close();
  });

  it("when Clerk's environment cannot be read, the nav says sign-in is degraded", async () => {
    // clerk-js carries on without its environment (a cached one, or none) and reports itself degraded.
    const watched = await openPage({ environment: 'status500' });
    const { page } = watched;
    await page.goto('/');
    await expect
      .poll(() => nav(page).getByRole('status').filter({ hasText: 'Sign-in degraded' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await screenshot(page, 'clerk-degraded');
    expect(problemsOf(watched, [/status of 500/]).consoleErrors).toEqual([]);
    expectOnlyClerkOrigins(watched, fapi);
    await watched.context.close();
  });

  // This one and the next run side by side: here the page mostly waits, since clerk-react gives up on its script
  // only after a 15 s load timeout (both faults at once, for the same reason).
  it.concurrent(
    'when clerk-js cannot be fetched (a 500, a reset connection), the nav offers the email login and a guest is not left waiting',
    async ({ expect }) => {
      await Promise.all(
        (['status500', 'aborted'] as const).map(async (script) => {
          const watched = await openPage({ script });
          const { page } = watched;
          await page.goto('/');
          const unavailable = nav(page)
            .getByRole('alert')
            .filter({ hasText: 'Sign-in unavailable: use email' });
          // clerk-react's own 15 s load timeout, then the nav's render, on a machine the whole suite shares.
          await unavailable.waitFor({ timeout: 45_000 });
          await screenshot(page, `clerk-failed-${script}`);
          // The pages that wait for the session go on as signed out.
          await page.getByRole('link', { name: 'My orders' }).click();
          // The orders route's chunk loads at this click; two pages and the file's other concurrent tests share the CPU.
          await expect
            .poll(() => page.getByText('Sign in to see your orders.').count(), { timeout: 10_000 })
            .toBe(1);
          await unavailable.click();
          await page.waitForURL((url) => url.pathname === '/login');
          await page.getByLabel('Email').waitFor();
          expect(
            problemsOf(watched, [/Failed to load Clerk/, /Failed to load resource/]).consoleErrors,
          ).toEqual([]);
          expectOnlyClerkOrigins(watched, fapi);
          await watched.context.close();
        }),
      );
    },
    90_000,
  );

  it.concurrent(
    "signs in through Clerk's modal, syncs the user once, carts and orders with Clerk's session token, and signs out",
    async ({ expect }) => {
      const watched = await openPage();
      const { page } = watched;
      // Concurrent tests poll with their own expect (the shared one knows only one current test).
      const expectCartCount = (count: number) => expect.poll(() => cartCount(page)).toBe(count);
      const graphql = recordGraphQL(page);
      const mintedByClerk = (call: GraphQLCall) => fapi.mintedTokens.has(bearer(call) ?? '');

      // (b) The nav's sign-in opens Clerk's own modal; signing in there lands on / (forceRedirectUrl), signed in.
      await page.goto('/collection', { waitUntil: 'networkidle' });
      await signInButton(page).click();
      await signInInClerkModal(page, ACCOUNT, { screenshotAs: 'clerk-modal' });
      await page.waitForURL((url) => url.pathname === '/');
      await userButton(page).waitFor();
      // What is checked, not the network going idle: home loads its videos after the page, and once, under load,
      // it was not idle within 30 s.
      await expect.poll(() => clerkModalTitle(page).count()).toBe(0);
      await expect.poll(() => signInButton(page).count()).toBe(0);
      await screenshot(page, 'clerk-signed-in');

      // (c) The profile call, once, with Clerk's token.
      const syncs = () => graphql.filter((call) => call.operation === 'SyncUser');
      await expect.poll(() => syncs().length).toBe(1);
      expect(mintedByClerk(syncs()[0]!)).toBe(true);

      // (d) Cart and checkout by the shopper's links, every call with a session token the stand-in minted.
      await addFirstProductByLinks(page);
      await expectCartCount(1);
      // By keyboard, as a shopper using one would go to the cart.
      await nav(page).getByRole('link', { name: 'Cart, 1 item' }).press('Enter');
      await page.getByRole('link', { name: 'PROCEED TO CHECKOUT' }).click();
      await page.waitForURL('**/place-order');
      await fillAddress(page);
      await page.getByRole('button', { name: 'PLACE ORDER' }).click();
      await page.waitForURL('**/orders');
      await expectCartCount(0);
      await expect
        .poll(() => page.getByRole('list', { name: 'Ordered items' }).getByRole('listitem').count())
        .toBe(1);

      const accountCalls = () =>
        graphql.filter((call) =>
          ['ServerCart', 'UpdateCartLine', 'PlaceOrder', 'MyOrders'].includes(call.operation),
        );
      expect(new Set(accountCalls().map((call) => call.operation))).toEqual(
        new Set(['ServerCart', 'UpdateCartLine', 'PlaceOrder', 'MyOrders']),
      );
      expect(accountCalls().filter((call) => !mintedByClerk(call))).toEqual([]);

      // The store holds the order for the Clerk user the token names (asked through the BFF with that token).
      const token = bearer(graphql.find((call) => call.operation === 'PlaceOrder')!)!;
      expect(decodeJwt(token)).toMatchObject({ sub: fapi.userIdOf(ACCOUNT.email), iss: fapi.issuer });
      const held = await gql<{
        myOrders: Array<{ status: string; paymentMethod: string; address: { firstName: string } }>;
      }>(store.url, '{ myOrders { status paymentMethod address { firstName } } }', {}, { token });
      expect(held.data?.myOrders).toEqual([
        { status: 'Order Placed', paymentMethod: 'COD', address: { firstName: ADDRESS['First name'] } },
      ]);

      // (e) With a shoe in the cart again, Clerk's user menu signs out: back at /, signed out, the cart emptied here
      // while the account keeps its cart on the server.
      await addFirstProductByLinks(page);
      await expectCartCount(1);
      const lastChange = () => graphql.filter((call) => call.operation === 'UpdateCartLine').at(-1)!;
      const serverCount = async () => {
        const cart = (
          await gql<{ cart: ServerCart }>(
            store.url,
            `{ cart { ${CART_LINES} } }`,
            {},
            { token: bearer(lastChange())! },
          )
        ).data?.cart;
        return cart && serverCartCount(cart);
      };
      await expect.poll(serverCount).toBe(1);
      expect(mintedByClerk(lastChange())).toBe(true);
      expect(syncs()).toHaveLength(1);
      await userButton(page).click();
      const signOut = page.getByRole('menuitem', { name: 'Sign out' });
      await signOut.waitFor();
      await screenshot(page, 'clerk-user-menu');
      const callsBeforeSignOut = graphql.length;
      await signOut.click();
      await page.waitForURL((url) => url.pathname === '/');
      await signInButton(page).waitFor();
      await expectCartCount(0);
      expect(await userButton(page).count()).toBe(0);
      await page.waitForLoadState('networkidle');
      // clerk-js 5 signs out of every session of the browser at once.
      expect(fapi.calls).toContain('DELETE /v1/client/sessions');
      expect(graphql.slice(callsBeforeSignOut).filter((call) => call.authorization !== undefined)).toEqual(
        [],
      );
      expect(await serverCount()).toBe(1);

      expect(await errorToasts(page)).toEqual([]);
      expect(problemsOf(watched).consoleErrors).toEqual([]);
      expectOnlyClerkOrigins(watched, fapi);
      await watched.context.close();
    },
  );
});
