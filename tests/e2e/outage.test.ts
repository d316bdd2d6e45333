import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningService } from '../../scripts/service-process.js';
import { startApi, type RunningApi } from '../support/api-process.js';
import { startBff } from '../support/bff-process.js';
import {
  closeTestBrowser,
  openTestBrowser,
  openWatchedPage,
  problemsOf,
  screenshot,
} from '../support/browser.js';
import {
  addToCartInBrowser,
  expectCartCount,
  serverState,
  shoesVia,
  signUpInBrowser,
} from '../support/journeys.js';
import { TEST_JWT_SECRET } from '../support/store-api.js';

// No cart change is lost to a failed call: with the API down, a change stays in the cart (and its outbox), the
// shopper is told, and the change reaches the server once the API is back. This file runs its own API, so it can
// stop and restart it; the web app is the one the global setup built.
describe('the store API goes down while a shopper changes the cart', () => {
  let api: RunningApi;
  let bff: RunningService;
  let browser: Browser;
  let dataDir: string;
  const env = { JWT_SECRET: TEST_JWT_SECRET, AUTH_RATE_LIMIT_MAX: '1000' };
  beforeAll(async () => {
    // A data folder of the test's own: stopping an API that made its own folder removes it.
    dataDir = mkdtempSync(path.join(tmpdir(), 'store-outage-'));
    api = await startApi(env, dataDir);
    bff = await startBff(api.url, { NODE_ENV: 'production', WEB_DIST: 'web/dist', API_TIMEOUT_MS: '1500' });
    browser = await openTestBrowser();
  });
  afterAll(async () => {
    await closeTestBrowser(browser);
    await bff.stop();
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the change, shows an error toast, and delivers it when the API is back', async () => {
    const watched = await openWatchedPage(browser, bff.url, 'desktop');
    const { page } = watched;
    const [shoe] = await shoesVia(bff.url);
    await signUpInBrowser(page);
    await addToCartInBrowser(page, shoe!, shoe!.sizes[0]!);
    await expect.poll(async () => (await serverState(bff.url, page)).count).toBe(1);

    const port = new URL(api.url).port;
    await api.stop();
    await page.getByRole('group').getByRole('button', { name: shoe!.sizes[1]!, exact: true }).click();
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expectCartCount(page, 2);
    await page
      .getByText(/not answering/i)
      .first()
      .waitFor();
    await screenshot(page, 'outage-toast-desktop');

    api = await startApi({ ...env, API_PORT: port }, dataDir);
    // The outbox retries with backoff (1, 2, 4 … s) and at once when the browser reports it is online.
    await expect
      .poll(async () => (await serverState(bff.url, page)).count, { timeout: 20_000, interval: 500 })
      .toBe(2);
    await page.reload({ waitUntil: 'networkidle' });
    await expectCartCount(page, 2);
    // The failed calls were logged on purpose (spec: a failed call shows a toast and is logged).
    expect(
      problemsOf(watched, [/not answering/i, /Failed to load resource/i, /UPSTREAM_UNAVAILABLE/]),
    ).toEqual({
      consoleErrors: [],
      foreignRequests: [],
    });
    await watched.context.close();
  });
});
