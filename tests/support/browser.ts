import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from '../../scripts/service-process.js';

/**
 * Debian's two builds of Chromium: the browser shoppers run, which the benches measure, and its headless build
 * (chromium-headless-shell), the same engine without the desktop browser around it, which the tests drive for about
 * 30% less CPU per journey (decision 025). CHROMIUM_PATH replaces both.
 */
export const CHROMIUM_PATHS = {
  full: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headlessShell: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
} as const;
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screens');

/** The flags that keep Chromium from calling home on a closed network (and from needing a GPU or a sandbox). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The full browser loads the omnibox's two popups (WebUI pages) with each window, headless too, and each Playwright
 * context is a window: on 2 cores they took the CPU of the page measured (home's long tasks 170–540 ms against
 * 50–60 without them, docs/measured-figures.md). Chromium reads the last --disable-features only, so this one
 * replaces Playwright's own list: the benches run with the features a shopper's Chrome has, these two aside.
 */
const FULL_BROWSER_ARGS: readonly string[] = [
  ...CHROMIUM_ARGS,
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/** Debian's Chromium, headless, with the flags that keep it from calling home on a closed network. */
export function launchBrowser(build: keyof typeof CHROMIUM_PATHS = 'headlessShell'): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATHS[build],
    headless: true,
    args: build === 'full' ? [...FULL_BROWSER_ARGS] : [...CHROMIUM_ARGS],
  });
}

/** The test worker's browser: one launch costs about 1.2 CPU-s here, and the files' blocks made 38–48 a run. */
let workerBrowser: Promise<Browser> | undefined;
/** For each block holding the browser, the contexts that were open before it: the rest are its own. */
const holders: Set<BrowserContext>[] = [];

/**
 * The browser for a file or a block of its tests, shared with the worker's other files (vitest runs them one after
 * another there): each works in contexts of its own, which `closeTestBrowser` closes. A crashed browser is replaced.
 */
export async function openTestBrowser(): Promise<Browser> {
  let browser = await workerBrowser?.catch(() => undefined);
  if (browser?.isConnected() !== true) {
    workerBrowser = launchBrowser();
    browser = await workerBrowser;
  }
  holders.push(new Set(browser.contexts()));
  return browser;
}

/** Closes the contexts opened since the matching `openTestBrowser`; the browser stays for the worker's next file. */
export async function closeTestBrowser(browser: Browser): Promise<void> {
  const before = holders.pop() ?? new Set<BrowserContext>();
  await Promise.all(
    browser
      .contexts()
      .filter((context) => !before.has(context))
      .map((context) => context.close()),
  );
}

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** A page that records every console error and every request to another origin, for `problemsOf`. */
export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
  foreignRequests: string[];
}

export interface WatchOptions {
  /**
   * 'reduced' unless a test is about the motion itself (the hero's videos and swaps, the marquee, the About picture,
   * how pages look): a moving home page keeps a core about half busy for as long as it is open here (software
   * compositing redraws every frame), and the journeys that land there after signing in were a quarter of the browser
   * suite's CPU. What the motion does is tested with 'full'.
   */
  motion?: 'full' | 'reduced';
  /** Origins besides the store's that pages may load from (a backend's image host): not foreign requests. */
  allowedOrigins?: readonly string[];
  /**
   * The store's service worker is blocked unless a test is about it: Playwright cannot route or count the requests
   * a worker makes, and the journeys fake failures and count calls with routes.
   */
  serviceWorkers?: 'allow' | 'block';
}

export async function openWatchedPage(
  browser: Browser,
  baseUrl: string,
  viewport: ViewportName,
  options: WatchOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: VIEWPORTS[viewport],
    reducedMotion: options.motion === 'full' ? 'no-preference' : 'reduce',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  const origins = [new URL(baseUrl).origin, ...(options.allowedOrigins ?? [])].map((origin) => `${origin}/`);
  const watched: WatchedPage = { context, page, consoleErrors: [], foreignRequests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') watched.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watched.consoleErrors.push(error.message));
  page.on('request', (request) => {
    const url = request.url();
    if (
      !origins.some((origin) => url.startsWith(origin)) &&
      !url.startsWith('data:') &&
      !url.startsWith('blob:')
    )
      watched.foreignRequests.push(url);
  });
  return watched;
}

/** Console errors a journey may legitimately cause (a failed call it provoked on purpose) are passed as `expected`. */
export function problemsOf(
  watched: WatchedPage,
  expected: RegExp[] = [],
): { consoleErrors: string[]; foreignRequests: string[] } {
  return {
    consoleErrors: watched.consoleErrors.filter((text) => !expected.some((re) => re.test(text))),
    foreignRequests: watched.foreignRequests,
  };
}

/** Whether the store's service worker controls the page (a string expression: this file is typed for Node). */
export function controlledByWorker(page: Page): Promise<boolean> {
  return page.evaluate<boolean>('navigator.serviceWorker.controller !== null');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}
