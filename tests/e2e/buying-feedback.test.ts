import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
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
  expectCartCount,
  fillAddress,
  shoesVia,
  signUpInBrowser,
  visit,
  waitForApp,
  type Shoe,
} from '../support/journeys.js';

// Issue 30, "Feedback around buying", in the browser at both sizes: toasts clear of the nav in the site's font with a
// way to the cart, the size error beside the sizes, line totals and a stepper in the cart, the checkout's lines, no
// empty frame after PLACE ORDER, and the Latest Collections heading kept on one line on a phone.

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Runs `script` (a browser-side function's source) in the page: this file is type-checked without the DOM's types. */
function inPage<T>(page: Page, script: string, arg?: unknown): Promise<T> {
  return page.evaluate<T>(`(${script})(${JSON.stringify(arg ?? null)})`);
}

/** A price as the store writes it: Indian digit grouping, paise (when there are any) in two digits. */
function inRupees(price: number): string {
  const digits = Number.isInteger(price) ? 0 : 2;
  return `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(price)}`;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

const cartIcon = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart, \d+ items?$/ });
const sizeGroup = (page: Page) => page.getByRole('group', { name: 'Select size' });
const toastOf = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

/** Toasts slide in: measured once fully shown. */
async function shownToast(page: Page, text: string): Promise<Locator> {
  const toast = toastOf(page, text);
  await expect.poll(() => toast.getAttribute('data-mounted'), { timeout: 10_000 }).toBe('true');
  await page.waitForTimeout(500);
  return toast;
}

describe.each(['mobile', 'desktop'] as const)('buying feedback on %s', (viewport: ViewportName) => {
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;
  let shoes: Shoe[];
  // The signed-in shopper of the checkout tests.
  let shopper: WatchedPage | undefined;

  beforeAll(async () => {
    shoes = await shoesVia(inject('storeUrl'));
    browser = await openTestBrowser();
    watched = await openWatchedPage(browser, inject('storeUrl'), viewport, { motion: 'full' });
    page = watched.page;
  });

  afterAll(async () => {
    await closeTestBrowser(browser);
  });

  it('says "Select product size!" beside the sizes, and takes it back when a size is picked', async () => {
    const shoe = shoes[0]!;
    await visit(page, `/product/${shoe.id}`);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();

    const describedBy = await sizeGroup(page).getAttribute('aria-describedby');
    expect(describedBy, 'the size group names its error').toBeTruthy();
    const inline = page.locator(`[id="${describedBy!}"]`);
    await expect.poll(() => inline.textContent()).toBe('Select product size!');
    expect(await inline.isVisible()).toBe(true);
    expect(await inline.getAttribute('role')).toBe('alert');
    // Beside the sizes: within a short reach of the size buttons, not in a corner of the screen.
    const sizes = await boxOf(sizeGroup(page));
    const message = await boxOf(inline);
    expect(message.y - (sizes.y + sizes.height)).toBeLessThan(48);
    expect(message.y + message.height).toBeGreaterThan(sizes.y);
    await screenshot(page, `buying-size-error-${viewport}`);

    await sizeGroup(page).getByRole('button', { name: shoe.sizes[0]!, exact: true }).click();
    await expect.poll(() => inline.count()).toBe(0);
    expect(await sizeGroup(page).getAttribute('aria-describedby')).toBeNull();
  });

  it('shows "Added to cart" clear of the nav and the cart icon, in the site\'s font, with View cart going to /cart', async () => {
    const shoe = shoes[1]!;
    await addToCartInBrowser(page, shoe, shoe.sizes[0]!);
    const toast = await shownToast(page, 'Added to cart');
    // The nav hides while scrolling down to ADD TO CART; back at the top it shows, and the toast must not cover it.
    await page.evaluate('window.scrollTo(0, 0)');
    await page.waitForTimeout(400);
    const toastBox = await boxOf(toast);
    const nav = await boxOf(page.getByRole('banner'));
    expect(
      overlaps(toastBox, nav),
      `toast ${JSON.stringify(toastBox)} over the nav ${JSON.stringify(nav)}`,
    ).toBe(false);
    expect(overlaps(toastBox, await boxOf(cartIcon(page)))).toBe(false);
    // Inside the screen.
    expect(toastBox.x).toBeGreaterThanOrEqual(0);
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(VIEWPORTS[viewport].height);

    const fonts = await inPage<{ body: string; toast: string; title: string; action: string }>(
      page,
      `() => {
        const toast = [...document.querySelectorAll('[data-sonner-toast]')].find((t) => t.textContent.includes('Added to cart'));
        const font = (element) => element ? getComputedStyle(element).fontFamily : 'missing';
        return {
          body: font(document.body),
          toast: font(toast),
          title: font(toast?.querySelector('[data-title]')),
          action: font(toast?.querySelector('[data-button]')),
        };
      }`,
    );
    expect(fonts.body).toMatch(/Outfit/);
    expect(fonts).toEqual({ body: fonts.body, toast: fonts.body, title: fonts.body, action: fonts.body });
    await screenshot(page, `buying-added-toast-${viewport}`);

    // Client-side: the page is not reloaded (a value set on the window survives).
    await page.evaluate('window.__beforeViewCart = true');
    await toast.getByRole('button', { name: 'View cart' }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    expect(await page.evaluate('window.__beforeViewCart === true')).toBe(true);
    await expect
      .poll(() =>
        page
          .getByRole('list', { name: 'Cart items' })
          .getByRole('link', { name: shoe.name, exact: true })
          .count(),
      )
      .toBe(1);
    // Going to the cart closed the toast.
    await expect.poll(() => toastOf(page, 'Added to cart').count(), { timeout: 3000 }).toBe(0);
  });

  it("shows each cart line's total and steps its quantity with − and +, down to 1 and no lower", async () => {
    const shoe = shoes[1]!;
    // The line added above, quantity 1.
    await visit(page, '/cart');
    const line = page
      .getByRole('list', { name: 'Cart items' })
      .getByRole('listitem')
      .filter({ hasText: shoe.name });
    const size = shoe.sizes[0]!;
    const quantity = line.getByRole('spinbutton', {
      name: `Quantity of ${shoe.name}, size ${size}`,
      exact: true,
    });
    // Said "Line total ₹…" to a screen reader; the figure alone on screen.
    const lineTotal = line.locator('p', { hasText: 'Line total' });
    const plus = line.getByRole('button', { name: `Increase quantity of ${shoe.name}, size ${size}` });
    const minus = line.getByRole('button', { name: `Decrease quantity of ${shoe.name}, size ${size}` });

    await expect.poll(() => quantity.inputValue()).toBe('1');
    await expect.poll(() => lineTotal.textContent()).toBe(`Line total ${inRupees(shoe.price)}`);
    expect(await minus.isDisabled(), 'at 1, − is not offered').toBe(true);

    await plus.click();
    await plus.click();
    await expect.poll(() => quantity.inputValue()).toBe('3');
    await expect.poll(() => lineTotal.textContent()).toBe(`Line total ${inRupees(shoe.price * 3)}`);
    // The unit price stays in view beside it.
    expect(await line.getByText(inRupees(shoe.price), { exact: true }).count()).toBeGreaterThan(0);
    // Through the cart's one path: the badge counts the pairs, and a reload (the stored log) keeps them.
    await expectCartCount(page, 3);
    await screenshot(page, `buying-cart-${viewport}`);
    await page.reload();
    await waitForApp(page);
    await expect.poll(() => quantity.inputValue()).toBe('3');

    await minus.click();
    await expect.poll(() => quantity.inputValue()).toBe('2');
    await expect.poll(() => lineTotal.textContent()).toBe(`Line total ${inRupees(shoe.price * 2)}`);
    // Still typeable; 0 is ignored as the spec says (the delete icon removes a line).
    await quantity.fill('0');
    await quantity.blur();
    await expect.poll(() => quantity.inputValue()).toBe('2');
    await quantity.fill('4');
    await expect.poll(() => lineTotal.textContent()).toBe(`Line total ${inRupees(shoe.price * 4)}`);
    await expectCartCount(page, 4);
  });

  it('lists what is ordered at checkout, from the cart its totals come from', async () => {
    const [first, second] = [shoes[2]!, shoes[3]!];
    // A shopper of their own: the guest cart of the tests above would be merged into the new account.
    shopper = await openWatchedPage(browser, inject('storeUrl'), viewport, { motion: 'full' });
    const { page } = shopper;
    await signUpInBrowser(page);
    await addToCartInBrowser(page, first, first.sizes[0]!);
    await addToCartInBrowser(page, second, second.sizes[1]!);
    await addToCartInBrowser(page, second, second.sizes[1]!);
    await expectCartCount(page, 3);
    await visit(page, '/place-order');

    const ordered = page.getByRole('list', { name: 'Items in your order' });
    await expect.poll(() => ordered.getByRole('listitem').count()).toBe(2);
    const firstLine = ordered.getByRole('listitem').filter({ hasText: first.name });
    const secondLine = ordered.getByRole('listitem').filter({ hasText: second.name });
    await expect.poll(() => secondLine.textContent()).toContain(inRupees(second.price * 2));
    expect(await secondLine.textContent()).toContain(second.sizes[1]!);
    expect(await secondLine.getByText('Qty 2').count()).toBe(1);
    expect(await firstLine.textContent()).toContain(inRupees(first.price));
    expect(await firstLine.locator('img').count()).toBe(1);
    // The same cart as the totals: the subtotal is the sum of the line totals.
    const totals = page.getByRole('region', { name: 'Cart totals' });
    await expect.poll(() => totals.getAttribute('aria-busy')).toBe('false');
    expect(await totals.getByRole('definition').first().textContent()).toBe(
      inRupees(first.price + second.price * 2),
    );
    await screenshot(page, `buying-checkout-${viewport}`);
  });

  it('never shows an empty page between PLACE ORDER and MY ORDERS', async () => {
    const third = shoes[4]!;
    // Run alone (-t), it signs its own shopper up.
    if (shopper === undefined) {
      shopper = await openWatchedPage(browser, inject('storeUrl'), viewport, { motion: 'full' });
      await signUpInBrowser(shopper.page);
    }
    const { page } = shopper;
    await addToCartInBrowser(page, third, third.sizes[0]!);
    await visit(page, '/place-order');
    await fillAddress(page);
    const totals = page.getByRole('region', { name: 'Cart totals' });
    await expect.poll(() => totals.getAttribute('aria-busy')).toBe('false');

    // Every frame and every change of <main> from before the click to MY ORDERS with its rows: none without a page.
    await inPage(
      page,
      `() => {
        const main = document.querySelector('main');
        const seen = (window.__mainStates = []);
        const record = (when) => {
          const heading = main.querySelector('h1');
          seen.push({ when, path: location.pathname, heading: heading ? heading.textContent : null });
        };
        new MutationObserver(() => record('mutation')).observe(main, { childList: true, subtree: true });
        const frame = () => {
          record('frame');
          if (seen.length < 5000) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }`,
    );
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await page.waitForURL((url) => url.pathname === '/orders');
    await expect
      .poll(() => page.getByRole('list', { name: 'Ordered items' }).getByRole('listitem').count(), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const states =
      await page.evaluate<Array<{ when: string; path: string; heading: string | null }>>(
        'window.__mainStates',
      );
    expect(states.some((state) => state.path === '/orders' && state.heading === 'My orders')).toBe(true);
    expect(states.filter((state) => state.heading === null)).toEqual([]);
    expect(problemsOf(shopper)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await shopper.context.close();
  });

  it('keeps the orange rule on the "Latest Collections" heading\'s line', async () => {
    await visit(page, '/');
    const heading = page.locator('#latest-title');
    await heading.scrollIntoViewIfNeeded();
    // The rule is drawn by an ::after within the heading, after its text: the text on one line and a heading one
    // line tall mean the rule did not wrap onto a line of its own.
    const measured = await inPage<{
      lines: number;
      textHeight: number;
      headingHeight: number;
      ruleWidth: number;
    }>(
      page,
      `() => {
        const heading = document.getElementById('latest-title');
        const range = document.createRange();
        range.selectNodeContents(heading);
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        const rules = [heading, ...heading.querySelectorAll('*')]
          .map((element) => getComputedStyle(element, '::after'))
          .filter((style) => style.content !== 'none' && style.content !== 'normal');
        return {
          lines: tops.size,
          textHeight: range.getBoundingClientRect().height,
          headingHeight: heading.getBoundingClientRect().height,
          ruleWidth: rules.length === 1 ? Number.parseFloat(rules[0].width) : -rules.length,
        };
      }`,
    );
    expect(measured.ruleWidth, 'one rule, drawn').toBeGreaterThan(0);
    expect(measured.lines).toBe(1);
    expect(measured.headingHeight).toBeLessThan(measured.textHeight * 1.5);
    await screenshot(page, `buying-latest-heading-${viewport}`);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
  });
});
