import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ROOT } from '../../scripts/service-process.js';
import {
  closeTestBrowser,
  controlledByWorker,
  openTestBrowser,
  openWatchedPage,
  type WatchedPage,
} from '../support/browser.js';
import { visit, waitForApp } from '../support/journeys.js';
import { startLineageBackend, type LineageBackend } from '../support/lineage-backend.js';
import { startStoreTheReadmeWay, type RunningStore } from '../support/store-process.js';

// Issue 33, item 4: a new version of the store is announced and never applied by itself; REFRESH moves the tab to
// it, and the previous version's precache is dropped. The second version is the first build with its worker
// changed as a new build changes it (a precached file's revision, a file no longer precached), served by the same
// origin after a restart.

const UPDATE_READY = 'A new version of the store is ready — refresh';
const DROPPED = '/icons/icon-512.png';

/** The URLs Workbox's precache holds (a string expression: this file is type-checked for Node). */
function precachedPaths(watched: WatchedPage): Promise<string[]> {
  return watched.page.evaluate<string[]>(`(async () => {
    const names = (await caches.keys()).filter((name) => name.includes('precache'));
    const urls = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  })()`);
}

/**
 * web/dist as the next build would leave it: the worker's precache list changed, so its bytes differ. Inside the
 * repository (test-results/, git-ignored), where the server half beside it finds its packages.
 */
function nextVersionOf(dist: string): string {
  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  const next = mkdtempSync(path.join(ROOT, 'test-results', 'next-version-'));
  cpSync(dist, next, { recursive: true });
  cpSync(`${dist}-server`, `${next}-server`, { recursive: true });
  const workerPath = path.join(next, 'sw.js');
  const worker = readFileSync(workerPath, 'utf8');
  const dropped = new RegExp(`\\{url:"${DROPPED.replaceAll('.', '\\.')}",revision:"[0-9a-f]+"\\},?`);
  const offlinePage = /(\{url:"\/offline\.html",revision:")([0-9a-f]+)(")/;
  expect(worker).toMatch(dropped);
  expect(worker).toMatch(offlinePage);
  writeFileSync(workerPath, worker.replace(dropped, '').replace(offlinePage, '$1next$3'));
  // The BFF prefers the precompressed copies; without them it sends the changed file.
  rmSync(`${workerPath}.br`, { force: true });
  rmSync(`${workerPath}.gz`, { force: true });
  return next;
}

describe('a new version of the store', () => {
  let backend: LineageBackend;
  let store: RunningStore;
  let browser: Browser;
  let watched: WatchedPage;
  let nextDist: string | undefined;

  beforeAll(async () => {
    backend = await startLineageBackend();
    store = await startStoreTheReadmeWay({ API_URL: backend.url });
    browser = await openTestBrowser();
    watched = await openWatchedPage(browser, store.url, 'mobile', { serviceWorkers: 'allow' });
  });
  afterAll(async () => {
    await closeTestBrowser(browser);
    await store.stop();
    await backend.stop();
    if (nextDist) {
      rmSync(nextDist, { recursive: true, force: true });
      rmSync(`${nextDist}-server`, { recursive: true, force: true });
    }
  });

  it('is announced, waits for REFRESH, then runs and drops what the old one precached', async () => {
    await visit(watched.page, '/');
    await expect.poll(() => controlledByWorker(watched.page), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => precachedPaths(watched), { timeout: 30_000 }).toContain(DROPPED);

    // The same origin, restarted on the next build.
    nextDist = nextVersionOf(path.join(ROOT, 'web', 'dist'));
    const port = new URL(store.url).port;
    await store.stop();
    store = await startStoreTheReadmeWay({ API_URL: backend.url, BFF_PORT: port, WEB_DIST: nextDist });
    expect(store.url).toBe(watched.page.url().replace(/\/$/, ''));
    // Warmed up as a deploy's health check would: the worker waits 4 s for a page before it shows the offline page
    // (no copy of this one is kept yet), and a cold start's first render can take longer on a busy machine.
    expect((await fetch(`${store.url}/collection`)).status).toBe(200);

    await visit(watched.page, '/collection');
    // What the shopper is doing stays: the page is not reloaded under them.
    await watched.page.getByPlaceholder('Search...').fill('half-typed');
    const announcement = watched.page.getByText(UPDATE_READY);
    await announcement.waitFor({ timeout: 30_000 });
    await watched.page.waitForTimeout(2_000);
    expect(await watched.page.getByPlaceholder('Search...').inputValue()).toBe('half-typed');
    // The old version still serves this tab until the shopper says so.
    expect(await precachedPaths(watched)).toContain(DROPPED);

    await Promise.all([
      watched.page.waitForEvent('load'),
      watched.page.getByRole('button', { name: 'Refresh' }).click(),
    ]);
    await waitForApp(watched.page);
    expect(await controlledByWorker(watched.page)).toBe(true);
    await expect.poll(() => precachedPaths(watched)).not.toContain(DROPPED);
    expect(await precachedPaths(watched)).toContain('/offline.html');
    expect(await watched.page.getByText(UPDATE_READY).count()).toBe(0);
  });
});
