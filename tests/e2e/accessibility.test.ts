import type { Result } from 'axe-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  closeTestBrowser,
  openTestBrowser,
  openWatchedPage,
  problemsOf,
  screenshot,
  VIEWPORTS,
  type ViewportName,
  type WatchedPage,
} from '../support/browser.js';
import {
  addToCartInBrowser,
  ADDRESS,
  expectCartCount,
  fillAddress,
  serverState,
  shoesVia,
  signUpInBrowser,
  visit,
  type Shoe,
} from '../support/journeys.js';
import { axeViolations } from '../support/axe.js';

// The quality gate's accessibility part: axe on every route at both widths, the whole purchase by keyboard
// with a visible focus ring on every stop, and a hero whose copy stays readable and whose videos are silent and
// can be paused.

/**
 * Runs `script` (the source of a browser-side function) in the page with `arg`. The scripts are strings because
 * this file is type-checked for Node, where the DOM's types do not exist.
 */
function inPage<T>(page: Page, script: string, arg?: unknown): Promise<T> {
  return page.evaluate<T>(`(${script})(${JSON.stringify(arg ?? null)})`);
}

/** axe's findings, one readable block per rule, so a failure says what to fix. */
function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 8)
        .map(
          (node) =>
            `    ${node.target.join(' ')}\n      ${node.failureSummary?.replaceAll('\n', '\n      ') ?? ''}`,
        )
        .join('\n');
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length} nodes)\n  ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
}

function expectNothingFound(found: Record<string, string>): void {
  const report = Object.entries(found)
    .filter(([, violations]) => violations !== '')
    .map(([path, violations]) => `axe on ${path}:\n${violations}`)
    .join('\n\n');
  expect(report, report).toBe('');
}

/** Every image says what it shows, is decorative (alt="") inside a link, button or item whose text names it, or is hidden. */
function imagesWithoutAName(page: Page): Promise<string[]> {
  return inPage(
    page,
    `() => [...document.images].flatMap((image) => {
      const alt = image.getAttribute('alt');
      const source = image.getAttribute('src') ?? '(no src)';
      if (alt === null) return [source + ': no alt attribute'];
      if (alt.trim() !== '') return [];
      // Out of the accessibility tree (a decorative layer): nothing is announced, so nothing needs a name.
      if (image.closest('[aria-hidden="true"]')) return [];
      const holder = image.closest('a, button, figure, li, article');
      const nearby = ((holder?.getAttribute('aria-label') ?? '') + (holder?.textContent ?? '')).trim();
      return nearby !== '' ? [] : [source + ': alt="" with no name in the text around it'];
    })`,
  );
}

/** Waits for the page's chunk and data: a heading, and no loading status or busy region left. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('main h1').count()).toBeGreaterThan(0);
  // A live region that says nothing (orders keeps one for its refreshes) is not a loading state.
  const loading = () =>
    inPage<string[]>(
      page,
      `() => [...document.querySelectorAll('main [aria-busy="true"], main [role="status"]')]
        .filter((element) => element.getAttribute('aria-busy') === 'true' || element.textContent.trim() !== '')
        .map((element) => element.outerHTML.slice(0, 160))`,
    );
  await expect.poll(loading, { message: `${page.url()} settles` }).toEqual([]);
}

// One browser for the file; each test gets its own context (its own shopper).
let browser: Browser;
beforeAll(async () => {
  browser = await openTestBrowser();
});
afterAll(async () => {
  await closeTestBrowser(browser);
});

it('axe, as these checks run it, finds faint text and a nameless button planted in a page', async () => {
  const watched = await openWatchedPage(browser, inject('storeUrl'), 'mobile');
  try {
    await visit(watched.page, '/login');
    await settle(watched.page);
    await inPage(
      watched.page,
      `() => {
        const faint = Object.assign(document.createElement('p'), { textContent: 'Faint words' });
        faint.style.color = '#ddd';
        document.querySelector('main').append(faint, document.createElement('button'));
      }`,
    );
    const found = await axeViolations(watched.page);
    expect(found.map((violation) => violation.id).sort()).toEqual(['button-name', 'color-contrast']);
  } finally {
    await watched.context.close();
  }
});

describe.each<ViewportName>(['mobile', 'desktop'])('axe finds nothing to fix at %s width', (viewport) => {
  let watched: WatchedPage;
  let page: Page;
  let shoe: Shoe;
  beforeAll(async () => {
    [shoe] = (await shoesVia(inject('storeUrl'))) as [Shoe];
  });
  beforeEach(async () => {
    watched = await openWatchedPage(browser, inject('storeUrl'), viewport, { motion: 'full' });
    page = watched.page;
  });
  afterEach(async () => {
    await watched.context.close();
  });

  // What each check found, by where it looked; reported together at the end of a test.
  let found: Record<string, string> = {};
  beforeEach(() => {
    found = {};
  });
  /** Runs axe and the image check on the page as it is now, keeping what they find under `where`. */
  async function check(where: string): Promise<void> {
    const missing = await imagesWithoutAName(page);
    found[where] = [
      describeViolations(await axeViolations(page)),
      ...missing.map((image) => `[image] ${image}`),
    ]
      .filter(Boolean)
      .join('\n');
  }
  async function open(path: string): Promise<void> {
    await visit(page, path);
    await settle(page);
    await check(path);
  }
  /** Toasts slide in; axe measures them once they are fully shown. */
  async function afterToast(text: string): Promise<void> {
    await expect
      .poll(() => page.locator('[data-sonner-toast]', { hasText: text }).getAttribute('data-mounted'))
      .toBe('true');
    await page.waitForTimeout(500);
  }

  it('on the signed-out pages: home, collection, a product, login and not found, with their menus, toasts and messages', async () => {
    await open('/');
    await screenshot(page, `a11y-home-${viewport}`);
    if (viewport === 'mobile') {
      await page.getByRole('button', { name: 'Menu' }).click();
      await check('/ with the menu open');
    }
    await open('/collection');
    if (viewport === 'mobile') {
      await page.getByRole('button', { name: /FILTERS/ }).click();
      await check('/collection with the filters open');
    }
    await open(`/product/${shoe.id}`);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await afterToast('Select product size!');
    await check('a product with the "Select product size!" toast');
    await page.getByRole('group').getByRole('button', { name: shoe.sizes[0]!, exact: true }).click();
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await afterToast('Added to cart');
    await check('a product with the "Added to cart" toast');
    await screenshot(page, `a11y-product-toasts-${viewport}`);
    await open('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    await check('/login with its field messages');
    await open('/no/such/page');
    await screenshot(page, `a11y-not-found-${viewport}`);
    expectNothingFound(found);
    // The unknown page provokes the one expected console error.
    expect(problemsOf(watched, [/404/])).toEqual({ consoleErrors: [], foreignRequests: [] });
  });

  it('on the shopper pages: a cart with lines, checkout with its messages, orders with an order, the account menu', async () => {
    await signUpInBrowser(page);
    await addToCartInBrowser(page, shoe, shoe.sizes[0]!);
    await expectCartCount(page, 1);
    await visit(page, '/place-order');
    await settle(page);
    await fillAddress(page);
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await page.waitForURL('**/orders');
    await expect.poll(async () => (await serverState(inject('storeUrl'), page)).orders.length).toBe(1);
    await addToCartInBrowser(page, shoe, shoe.sizes[1]!);
    await expectCartCount(page, 1);

    await open('/cart');
    await open('/place-order');
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    await check('/place-order with its field messages');
    await screenshot(page, `a11y-place-order-messages-${viewport}`);
    await visit(page, '/orders');
    await settle(page);
    await expect
      .poll(() => page.getByRole('list', { name: 'Ordered items' }).getByRole('listitem').count())
      .toBe(1);
    await check('/orders');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await check('/orders with the account menu open');
    expectNothingFound(found);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
  });
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const HERO_COPY = [
  { selector: '#hero-title', minimum: 3 }, // large text
  { selector: '#hero-title + p', minimum: 4.5 },
  { selector: 'section[aria-labelledby="hero-title"] p[aria-live]', minimum: 4.5 },
] as const;

/**
 * The contrast of white text against what is behind it: the copy is hidden, the screen captured, and the
 * lightest tenth of the pixels under each line (the floating preview left out) is what the text must beat.
 */
async function heroCopyContrast(
  page: Page,
): Promise<Array<{ selector: string; contrast: number; minimum: number }>> {
  const selectors = HERO_COPY.map((line) => line.selector);
  const boxes = await inPage<{ copy: Box[]; preview: Box }>(
    page,
    `(selectors) => {
      const rect = (element) => {
        const box = element.getBoundingClientRect();
        return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
      };
      return { copy: selectors.map((selector) => rect(document.querySelector(selector))), preview: rect(document.querySelector('button[aria-label^="Show video"]')) };
    }`,
    selectors,
  );
  const setVisibility = (visibility: string) =>
    inPage(
      page,
      `({ selectors, visibility }) => selectors.forEach((selector) => { document.querySelector(selector).style.visibility = visibility; })`,
      {
        selectors,
        visibility,
      },
    );
  await setVisibility('hidden');
  const png = (await page.screenshot()).toString('base64');
  await setVisibility('');
  const contrasts = await inPage<number[]>(
    page,
    `async ({ png, boxes }) => {
      const image = new Image();
      image.src = 'data:image/png;base64,' + png;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const { preview } = boxes;
      const linear = (value) => (value / 255 <= 0.03928 ? value / 255 / 12.92 : ((value / 255 + 0.055) / 1.055) ** 2.4);
      return boxes.copy.map((box) => {
        const pixels = context.getImageData(box.x, box.y, Math.max(1, box.width), Math.max(1, box.height)).data;
        const luminances = [];
        for (let i = 0; i < pixels.length; i += 4) {
          const x = box.x + ((i / 4) % box.width);
          const y = box.y + Math.floor(i / 4 / box.width);
          if (x >= preview.x && x < preview.x + preview.width && y >= preview.y && y < preview.y + preview.height) continue;
          luminances.push(0.2126 * linear(pixels[i]) + 0.7152 * linear(pixels[i + 1]) + 0.0722 * linear(pixels[i + 2]));
        }
        luminances.sort((a, b) => a - b);
        return 1.05 / (luminances[Math.floor(0.9 * (luminances.length - 1))] + 0.05);
      });
    }`,
    { png, boxes },
  );
  return HERO_COPY.map((line, i) => ({
    selector: line.selector,
    minimum: line.minimum,
    contrast: Math.round(contrasts[i]! * 100) / 100,
  }));
}

describe('the hero', () => {
  let watched: WatchedPage;
  beforeEach(async () => {
    watched = await openWatchedPage(browser, inject('storeUrl'), 'desktop', { motion: 'full' });
  });
  afterEach(async () => {
    await watched.context.close();
  });

  it('keeps its white copy readable over every video at both widths', async () => {
    const { page } = watched;
    await visit(page, '/');
    await settle(page);
    const weak: string[] = [];
    for (let video = 1; video <= 4; video += 1) {
      if (video > 1) {
        await page.getByRole('button', { name: `Show video ${video} of 4` }).click();
        // The swap's cross-fade takes 1.2 s.
        await page.waitForTimeout(1400);
      }
      for (const viewport of ['mobile', 'desktop'] as const) {
        await page.setViewportSize(VIEWPORTS[viewport]);
        for (const line of await heroCopyContrast(page)) {
          if (line.contrast < line.minimum)
            weak.push(
              `video ${video} at ${viewport} width: ${line.selector} has ${line.contrast}:1, needs ${line.minimum}:1`,
            );
        }
      }
    }
    expect(weak).toEqual([]);
  });

  it('plays its videos without sound, and Pause background video stops every one of them', async () => {
    const { page } = watched;
    await visit(page, '/');
    const videos = page.locator('video');
    expect(await videos.count()).toBeGreaterThan(1);
    const states = () =>
      inPage<Array<{ muted: boolean; paused: boolean }>>(
        page,
        `() => [...document.querySelectorAll('video')].map((video) => ({ muted: video.muted, paused: video.paused }))`,
      );
    await expect.poll(async () => (await states()).some((state) => !state.paused)).toBe(true);
    expect((await states()).every((state) => state.muted)).toBe(true);

    await page.getByRole('button', { name: 'Pause background video' }).click();
    await expect.poll(async () => (await states()).every((state) => state.paused)).toBe(true);
    // Still paused a moment later, and after showing the next video.
    await page.getByRole('button', { name: /^Show video \d of \d$/ }).click();
    await page.waitForTimeout(500);
    expect((await states()).every((state) => state.paused)).toBe(true);

    await page.getByRole('button', { name: 'Play background video' }).click();
    await expect.poll(async () => (await states()).some((state) => !state.paused)).toBe(true);
  });
});

// ---- The purchase by keyboard alone ----

interface Focused {
  tag: string;
  /** What a screen reader would roughly call it: aria-label, the label of an input, or the text. */
  name: string;
  href: string | null;
  /** Inside a role="group" (the product's sizes). */
  inGroup: boolean;
  focusVisible: boolean;
  ring: { outlineStyle: string; outlineWidth: string; boxShadow: string };
}

function focused(page: Page): Promise<Focused | null> {
  return inPage(
    page,
    `() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement) || element === document.body) return null;
      const labelled = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null;
      const name = element.getAttribute('aria-label') ?? labelled ?? element.textContent ?? '';
      const style = getComputedStyle(element);
      return {
        tag: element.tagName.toLowerCase(),
        name: name.trim().replace(/\\s+/g, ' '),
        href: element.getAttribute('href'),
        inGroup: element.closest('[role="group"]') !== null,
        focusVisible: element.matches(':focus-visible'),
        ring: { outlineStyle: style.outlineStyle, outlineWidth: style.outlineWidth, boxShadow: style.boxShadow },
      };
    }`,
  );
}

function hasVisibleRing({ ring }: Focused): boolean {
  const outline = ring.outlineStyle !== 'none' && Number.parseFloat(ring.outlineWidth) > 0;
  return outline || (ring.boxShadow !== 'none' && ring.boxShadow !== '');
}

/**
 * Presses Tab (or Shift+Tab) until the focused element matches, asserting on the way that every stop is
 * :focus-visible with a visible ring. Returns what it focused.
 */
async function tabTo(
  page: Page,
  matches: (element: Focused) => boolean,
  { backwards = false, limit = 80 } = {},
): Promise<Focused> {
  const stops: string[] = [];
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const element = await focused(page);
    if (!element) continue;
    stops.push(`${element.tag} "${element.name.slice(0, 40)}"`);
    const path = `on ${page.url()} after:\n${stops.join('\n')}`;
    expect(element.focusVisible, `focus is :focus-visible ${path}`).toBe(true);
    expect(hasVisibleRing(element), `a visible focus ring (${JSON.stringify(element.ring)}) ${path}`).toBe(
      true,
    );
    if (matches(element)) return element;
  }
  throw new Error(`never reached the element on ${page.url()}; focus went through:\n${stops.join('\n')}`);
}

const named = (name: string | RegExp) => (element: Focused) =>
  typeof name === 'string' ? element.name === name : name.test(element.name);

describe.each<ViewportName>(['desktop', 'mobile'])('keyboard only at %s width', (viewport) => {
  let watched: WatchedPage;
  beforeEach(async () => {
    watched = await openWatchedPage(browser, inject('storeUrl'), viewport, { motion: 'full' });
  });
  afterEach(async () => {
    await watched.context.close();
  });

  it('a signed-out shopper buys a shoe from the home page with Tab, Enter, Space and typing, every stop showing its focus', async () => {
    const { page } = watched;
    await visit(page, '/');

    // COLLECTION: in the bar on a wide screen, behind the Menu button on a phone.
    if (viewport === 'mobile') {
      await tabTo(page, named('Menu'));
      await page.keyboard.press('Enter');
    }
    await tabTo(page, (element) => element.tag === 'a' && element.href === '/collection');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/collection');
    await settle(page);
    // The router keeps the home page (with product links of its own) on screen until the collection has loaded.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/collection/i);

    const card = await tabTo(page, (element) => element.href?.startsWith('/product/') === true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${card.href!}`);
    await settle(page);

    // The router keeps the collection on screen until the product's chunk has loaded: wait for its sizes.
    await expect.poll(() => page.getByRole('group', { name: 'Select size' }).count()).toBe(1);
    const productName = await page.getByRole('heading', { level: 1 }).textContent();
    await tabTo(page, (element) => element.tag === 'button' && element.inGroup);
    await page.keyboard.press('Space');
    await expect
      .poll(() => inPage(page, `() => document.activeElement.getAttribute('aria-pressed')`))
      .toBe('true');
    await tabTo(page, named('ADD TO CART'));
    await page.keyboard.press('Enter');
    await expectCartCount(page, 1);
    await screenshot(page, `a11y-keyboard-product-${viewport}`);

    // Back up to the cart in the bar.
    await tabTo(page, named(/^Cart, 1 item$/), { backwards: true });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/cart');
    await settle(page);
    // The router keeps the product page on screen until the cart's chunk has loaded: wait for the cart itself.
    await page.getByRole('link', { name: 'PROCEED TO CHECKOUT' }).waitFor();
    // Tabbing into a toast and past it hands focus back without a ring (the toast library's doing, not a page's):
    // the journey goes on once "Added to cart" has closed (5 s).
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 });

    await tabTo(page, named('PROCEED TO CHECKOUT'));
    await page.keyboard.press('Enter');
    // Signed out: checkout sends the shopper to sign in first, and back afterwards.
    await page.waitForURL((url) => url.pathname === '/login');
    await settle(page);
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    await tabTo(page, named('Create account'));
    await page.keyboard.press('Enter');
    await tabTo(page, named('Name'), { backwards: true });
    await page.keyboard.type('Asha Rao');
    await tabTo(page, named('Email'));
    await page.keyboard.type(`keyboard-${Date.now()}-${viewport}@example.com`);
    await tabTo(page, named('Password'));
    await page.keyboard.type('correct horse 1');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/place-order');
    await settle(page);
    await page.getByLabel('First name', { exact: true }).waitFor();

    for (const [label, value] of Object.entries(ADDRESS)) {
      await tabTo(page, (element) => element.tag === 'input' && element.name === label);
      await page.keyboard.type(value);
    }
    await screenshot(page, `a11y-keyboard-place-order-${viewport}`);
    await tabTo(page, named('PLACE ORDER'));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/orders');
    const rows = page.getByRole('list', { name: 'Ordered items' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(productName);
    expect((await serverState(inject('storeUrl'), page)).orders).toHaveLength(1);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
  });
});
