import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { IMAGE_WIDTHS, OPTIMIZED_IMAGE_PATH } from '#domain/images';
import { closeTestBrowser, openTestBrowser, VIEWPORTS } from '../support/browser.js';
import { shoesVia, visit } from '../support/journeys.js';

// Issue 30: product images as a phone and a desktop fetch them: through the BFF's optimizer (AVIF or WebP), at a
// width the box needs and not much more, with srcset already in the server-rendered HTML.

interface ShownImage {
  srcset: string;
  sizes: string;
  currentSrc: string;
  complete: boolean;
  loading: string;
  fetchPriority: string;
  /** The image's box on screen, CSS pixels. */
  width: number;
  height: number;
}

/** The smallest width the optimizer makes that covers `pixels`. */
const widthCovering = (pixels: number) => IMAGE_WIDTHS.find((w) => w >= pixels) ?? IMAGE_WIDTHS.at(-1)!;

const SCREENS = [
  { name: 'a phone', viewport: VIEWPORTS.mobile, scale: 2 },
  { name: 'a desktop', viewport: VIEWPORTS.desktop, scale: 1 },
] as const;

async function openPage(browser: Browser, viewport: { width: number; height: number }, scale: number) {
  const context = await browser.newContext({
    baseURL: inject('storeUrl'),
    viewport,
    deviceScaleFactor: scale,
  });
  const page = await context.newPage();
  const types = new Map<string, string>();
  page.on('response', (response) => types.set(response.url(), response.headers()['content-type'] ?? ''));
  return { context, page, types };
}

/** The images matching `selector` whose box is in the first screen (page script as text: no DOM types here). */
function imagesInView(page: Page, selector: string): Promise<ShownImage[]> {
  return page.evaluate<ShownImage[]>(`[...document.querySelectorAll(${JSON.stringify(selector)})]
    .map((image) => ({ image, box: image.getBoundingClientRect() }))
    .filter(({ box }) => box.width > 0 && box.top < innerHeight && box.bottom > 0)
    .map(({ image, box }) => ({
      srcset: image.getAttribute('srcset') ?? '',
      sizes: image.getAttribute('sizes') ?? '',
      currentSrc: image.currentSrc,
      complete: image.complete && image.naturalWidth > 0,
      loading: image.getAttribute('loading') ?? '',
      fetchPriority: image.getAttribute('fetchpriority') ?? '',
      width: box.width,
      height: box.height,
    }))`);
}

/** The optimizer's width in an image URL, or undefined when it did not go through the optimizer. */
function optimizedWidth(url: string): number | undefined {
  const parsed = new URL(url);
  return parsed.pathname === OPTIMIZED_IMAGE_PATH ? Number(parsed.searchParams.get('w')) : undefined;
}

/** The attributes of every `<img>` in server-rendered HTML, by lower-case name (HTML's names ignore case). */
function imgTags(html: string): Array<Record<string, string>> {
  return [...html.matchAll(/<img\b([^>]*)>/g)].map((tag) =>
    Object.fromEntries(
      [...tag[1]!.matchAll(/([A-Za-z-]+)="([^"]*)"/g)].map((attribute) => [
        attribute[1]!.toLowerCase(),
        attribute[2]!.replace(/&amp;/g, '&'),
      ]),
    ),
  );
}

describe('product images through the optimizer', () => {
  let browser: Browser;
  let productPath: string;

  beforeAll(async () => {
    browser = await openTestBrowser();
    productPath = `/product/${encodeURIComponent((await shoesVia(inject('storeUrl')))[0]!.id)}`;
  });

  afterAll(async () => {
    await closeTestBrowser(browser);
  });

  for (const { name, viewport, scale } of SCREENS) {
    it(`on ${name} (${viewport.width} px at ${scale}x) the collection's cards load AVIF or WebP from ${OPTIMIZED_IMAGE_PATH} no wider than the card needs`, async () => {
      const { context, page, types } = await openPage(browser, viewport, scale);
      try {
        await visit(page, '/collection');
        const cards = 'main a[href^="/product/"] img';
        await expect
          .poll(async () => (await imagesInView(page, cards)).every((image) => image.complete), {
            timeout: 15_000,
          })
          .toBe(true);
        const shown = await imagesInView(page, cards);
        expect(shown.length).toBeGreaterThanOrEqual(viewport.width < 768 ? 2 : 4);
        for (const image of shown) {
          expect(image.srcset).toContain(`${OPTIMIZED_IMAGE_PATH}?url=`);
          expect(image.sizes).not.toBe('');
          const width = optimizedWidth(image.currentSrc);
          expect(width, image.currentSrc).toBeDefined();
          // The image covers its box (object-fit: cover), so the larger side is what the screen's pixels need.
          const needed = Math.max(image.width, image.height) * scale;
          expect(width).toBeGreaterThanOrEqual(widthCovering(needed));
          expect(width, `${String(width)} px fetched for a ${needed.toFixed(0)} px box`).toBeLessThanOrEqual(
            widthCovering(needed * 1.2),
          );
          expect(types.get(image.currentSrc)).toMatch(/^image\/(avif|webp)$/);
        }
      } finally {
        await context.close();
      }
    });
  }

  it('the collection and product pages carry srcset and sizes in their server-rendered HTML', async () => {
    const collection = imgTags(await (await fetch(new URL('/collection', inject('storeUrl')))).text());
    const optimized = collection.filter((tag) => tag.srcset?.includes(`${OPTIMIZED_IMAGE_PATH}?url=`));
    expect(optimized.length).toBeGreaterThanOrEqual(8);
    for (const tag of optimized) {
      expect(tag.sizes).toBeTruthy();
      expect(tag.width).toBeTruthy();
      expect(tag.height).toBeTruthy();
      expect(tag.src).toContain(OPTIMIZED_IMAGE_PATH);
    }

    const product = imgTags(await (await fetch(new URL(productPath, inject('storeUrl')))).text());
    const main = product.filter((tag) => tag.fetchpriority === 'high');
    expect(main).toHaveLength(1);
    expect(main[0]).toMatchObject({ loading: 'eager' });
    expect(main[0]!.srcset).toContain(`${OPTIMIZED_IMAGE_PATH}?url=`);
    expect(main[0]!.sizes).toBeTruthy();
  });

  it("a product page rendered before its image's placeholder was known is rendered again with it", async () => {
    // The last product of the list: the earlier tests and journeys fetched the first ones.
    const shoes = await shoesVia(inject('storeUrl'));
    const path = `/product/${encodeURIComponent(shoes.at(-1)!.id)}`;
    const placeholderOfMain = async () => {
      const html = await (await fetch(new URL(path, inject('storeUrl')))).text();
      const main = imgTags(html).find((tag) => tag.fetchpriority === 'high');
      return main?.style?.includes('data:image/') ?? false;
    };
    // The first render starts making it in the background; a page kept from before it was known never would show it.
    await placeholderOfMain();
    await expect.poll(placeholderOfMain, { timeout: 15_000, interval: 500 }).toBe(true);
  });

  for (const { name, viewport, scale } of SCREENS) {
    it(`on ${name} the product page's main image is eager, fetched first and optimized`, async () => {
      const { context, page, types } = await openPage(browser, viewport, scale);
      try {
        await visit(page, productPath);
        const main = async () => (await imagesInView(page, 'img[fetchpriority="high"]'))[0];
        await expect.poll(async () => (await main())?.complete, { timeout: 15_000 }).toBe(true);
        const image = (await main())!;
        expect(image).toMatchObject({ loading: 'eager', fetchPriority: 'high' });
        expect(image.srcset).toContain(`${OPTIMIZED_IMAGE_PATH}?url=`);
        const width = optimizedWidth(image.currentSrc);
        expect(width).toBeGreaterThanOrEqual(widthCovering(image.width * scale));
        expect(width).toBeLessThanOrEqual(widthCovering(image.width * scale * 1.2));
        expect(types.get(image.currentSrc)).toMatch(/^image\/(avif|webp)$/);
        // The only image fetched with high priority on the page.
        expect(await page.locator('img[fetchpriority="high"]').count()).toBe(1);
      } finally {
        await context.close();
      }
    });
  }
});
