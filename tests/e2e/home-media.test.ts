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
} from '../support/browser.js';
import { visit } from '../support/journeys.js';

// Issue 30: the hero reads on a phone (a portrait cut, chosen by the screen's shape, and only that cut fetched),
// and the home page's own pictures ship with the web app, so they load whatever backend serves the catalogue.

/** The media element's intrinsic width ÷ height (0 until it knows its size). */
function intrinsicAspect(media: Locator): Promise<number> {
  return media.evaluate((element) => {
    const media = element as unknown as {
      videoWidth?: number;
      videoHeight?: number;
      naturalWidth?: number;
      naturalHeight?: number;
    };
    const width = media.videoWidth ?? media.naturalWidth ?? 0;
    const height = media.videoHeight ?? media.naturalHeight ?? 0;
    return height === 0 ? 0 : width / height;
  });
}

/** Every image or video URL the page's markup names outside the product cards (src, srcset, poster). */
function mediaUrlsOutsideProductCards(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const urls = [];
    for (const element of document.querySelectorAll('img, source, video')) {
      if (element.closest('a[href^="/product/"]')) continue;
      for (const name of ['src', 'srcset', 'poster']) {
        const value = element.getAttribute(name);
        if (value) urls.push(...value.split(',').map((candidate) => candidate.trim().split(' ')[0]));
      }
      if (element.currentSrc) urls.push(element.currentSrc);
    }
    return urls;
  })()`);
}

let browser: Browser;
beforeAll(async () => {
  browser = await openTestBrowser();
});
afterAll(async () => {
  await closeTestBrowser(browser);
});

describe.each<ViewportName>(['mobile', 'desktop'])('the home page at %s width', (viewport) => {
  const shape = viewport === 'mobile' ? 'portrait' : 'landscape';

  it(`shows the hero's ${shape} cut, and fetches no file of the other`, async () => {
    const watched = await openWatchedPage(browser, inject('storeUrl'), viewport, { motion: 'full' });
    const { page } = watched;
    const heroFiles: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/videos/')) heroFiles.push(pathname);
    });
    await visit(page, '/');

    await expect
      .poll(() => intrinsicAspect(page.locator('[data-active="true"] img')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => intrinsicAspect(page.locator('[data-active="true"] video')), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const posterAspect = await intrinsicAspect(page.locator('[data-active="true"] img'));
    const videoAspect = await intrinsicAspect(page.locator('[data-active="true"] video'));
    if (shape === 'portrait') {
      expect(posterAspect).toBeLessThan(1);
      expect(videoAspect).toBeLessThan(1);
    } else {
      expect(posterAspect).toBeGreaterThan(1);
      expect(videoAspect).toBeGreaterThan(1);
    }
    // Posters, thumbnails and loops alike come from the one cut.
    expect(heroFiles.length).toBeGreaterThan(0);
    const ofPortraitCut = (file: string) => file.startsWith('/videos/portrait/');
    expect(heroFiles.filter((file) => ofPortraitCut(file) !== (shape === 'portrait'))).toEqual([]);
    // The preview shows the next loop of the same cut.
    await expect
      .poll(() => intrinsicAspect(page.locator('button[aria-label^="Show video"] video')), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    const previewAspect = await intrinsicAspect(page.locator('button[aria-label^="Show video"] video'));
    expect(previewAspect < 1).toBe(shape === 'portrait');

    await screenshot(page, `home-hero-${viewport}`);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it("loads the feature grid's and the about section's pictures from the web app itself", async () => {
    const watched = await openWatchedPage(browser, inject('storeUrl'), viewport, { motion: 'full' });
    const { page } = watched;
    const answers = new Map<string, number>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/features/')) answers.set(pathname, response.status());
    });
    await visit(page, '/');
    const origin = new URL(inject('storeUrl')).origin;

    const features = page.locator('section[aria-labelledby="features-title"] img');
    expect(await features.count()).toBe(4);
    const about = page.locator('#about img');
    for (const image of [...(await features.all()), about]) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((element) => (element as unknown as { complete: boolean }).complete))
        .toBe(true);
      expect(await intrinsicAspect(image)).toBeGreaterThan(1);
      const source = await image.evaluate(
        (element) => (element as unknown as { currentSrc: string }).currentSrc,
      );
      expect(source.startsWith(`${origin}/features/`)).toBe(true);
    }
    await page.locator('section[aria-labelledby="features-title"]').scrollIntoViewIfNeeded();
    await screenshot(page, `home-features-${viewport}`);

    expect(answers.size).toBeGreaterThanOrEqual(5);
    expect([...answers.values()].every((status) => status === 200)).toBe(true);
    // Nothing outside the product cards names the catalogue's images, directly or through the image optimizer.
    const urls = await mediaUrlsOutsideProductCards(page);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => decodeURIComponent(url).includes('/images/'))).toEqual([]);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it('holds room for each section below the hero close to its height once drawn, and draws them all once the app is live', async () => {
    // Sections by their headings' ids, with their heights; `deferred` keeps only those the first frame skips
    // (content-visibility: auto), which take their estimated height until drawn.
    const heightsOf = (page: Page, deferred: boolean) =>
      page.evaluate<Record<string, number>>(`Object.fromEntries([...document.querySelectorAll('main section')]
        .filter((section) => !${String(deferred)} || getComputedStyle(section).contentVisibility === 'auto')
        .map((section) => [section.getAttribute('aria-labelledby'), Math.round(section.getBoundingClientRect().height)]))`);
    // The page as served, before any code: the sections below the hero are held.
    const served = await browser.newContext({ viewport: VIEWPORTS[viewport], javaScriptEnabled: false });
    const servedPage = await served.newPage();
    await servedPage.goto(`${inject('storeUrl')}/`);
    const held = await heightsOf(servedPage, true);
    await served.close();
    expect(Object.keys(held).length).toBe(3);

    const watched = await openWatchedPage(browser, inject('storeUrl'), viewport, { motion: 'full' });
    const { page } = watched;
    await visit(page, '/');
    // Once the app owns the page, every section is drawn, so a page captured whole shows them all.
    await expect.poll(async () => Object.keys(await heightsOf(page, true))).toEqual([]);
    const drawn = await heightsOf(page, false);
    for (const [section, height] of Object.entries(held)) {
      expect(drawn[section], `section ${section} drawn`).toBeGreaterThan(0);
      expect(
        Math.abs(drawn[section]! - height),
        `section ${section}: held ${String(height)}, drawn ${String(drawn[section])}`,
      ).toBeLessThan(drawn[section]! * 0.15);
    }
    await watched.context.close();
  });
});

describe("the home page's motion", () => {
  // The marquee's track and the hero's spinner, as the page styles them now.
  const playState = (page: Page) =>
    page.evaluate<string[]>(`[document.querySelector('[class*="marqueeTrack"]'),
      document.querySelector('[data-testid="hero-loading"] span')].map((element) => element ? getComputedStyle(element).animationPlayState : 'gone')`);

  it('keeps its loops still and makes no video until the app is live, then moves them and makes the videos after', async () => {
    // The page as served, before any code.
    const served = await browser.newContext({ viewport: VIEWPORTS.mobile, javaScriptEnabled: false });
    const servedPage = await served.newPage();
    await servedPage.goto(`${inject('storeUrl')}/`);
    expect(await playState(servedPage)).toEqual(['paused', 'paused']);
    expect(await servedPage.locator('video').count()).toBe(0);
    await served.close();

    const watched = await openWatchedPage(browser, inject('storeUrl'), 'mobile', { motion: 'full' });
    const { page } = watched;
    // When the app marked the page live, and when the first video element appeared.
    await page.addInitScript(`(() => {
      window.__seen = {};
      new MutationObserver(() => {
        const seen = window.__seen;
        if (seen.ready === undefined && document.documentElement.dataset.app === 'ready') seen.ready = performance.now();
        if (seen.video === undefined && document.querySelector('video')) seen.video = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    })()`);
    await visit(page, '/');
    await expect.poll(() => page.locator('video').count(), { timeout: 10_000 }).toBe(5);
    const seen = await page.evaluate<{ ready: number; video: number }>('window.__seen');
    expect(seen.video).toBeGreaterThan(seen.ready);
    await expect.poll(async () => (await playState(page))[0], { timeout: 10_000 }).toBe('running');
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });
});

describe('the About picture', () => {
  const frameBox = (page: Page) =>
    page.evaluate<{ width: number; height: number; top: number }>(`(() => {
      const box = document.querySelector('#about img').parentElement.closest('div').getBoundingClientRect();
      return { width: Math.round(box.width), height: Math.round(box.height), top: Math.round(box.top) };
    })()`);
  /** Where the About pin starts, in page coordinates: the picture's stage is held from there. */
  const pinTop = (page: Page) =>
    page.evaluate<number>(
      `Math.round(document.querySelector('#about > div:last-child').getBoundingClientRect().top + scrollY)`,
    );
  const aboutHeight = (page: Page) => page.evaluate<number>(`document.getElementById('about').offsetHeight`);

  it('grows to the whole screen over 800 px of scroll on a wide screen, held in place, the room for it there before any code', async () => {
    const served = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      javaScriptEnabled: false,
    });
    const servedPage = await served.newPage();
    await servedPage.goto(`${inject('storeUrl')}/`);
    const heightBeforeCode = await aboutHeight(servedPage);
    await served.close();

    const watched = await openWatchedPage(browser, inject('storeUrl'), 'desktop', { motion: 'full' });
    const { page } = watched;
    await visit(page, '/');
    const start = await pinTop(page);
    await page.evaluate(`scrollTo(0, ${String(start)})`);
    const small = await frameBox(page);
    expect(small.width).toBeLessThan(800);
    // The stage is not moved under the shopper once the code and GSAP are there.
    expect(await aboutHeight(page)).toBe(heightBeforeCode);

    await page.evaluate(`scrollTo(0, ${String(start + 400)})`);
    await expect.poll(async () => (await frameBox(page)).width).toBeGreaterThan(small.width + 100);
    const halfway = await frameBox(page);
    expect(halfway.width).toBeLessThan(1280);
    // Held: centred in the screen, not scrolled 400 px up with the page.
    expect(Math.abs(halfway.top + halfway.height / 2 - 400)).toBeLessThan(20);

    await page.evaluate(`scrollTo(0, ${String(start + 800)})`);
    await expect.poll(() => frameBox(page)).toEqual({ width: 1280, height: 800, top: 0 });
    await page.evaluate(`scrollTo(0, ${String(start + 1000)})`);
    await expect.poll(async () => (await frameBox(page)).top).toBe(-200);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
    await watched.context.close();
  });

  it('keeps its size on a phone', async () => {
    const watched = await openWatchedPage(browser, inject('storeUrl'), 'mobile', { motion: 'full' });
    const { page } = watched;
    await visit(page, '/');
    const start = await pinTop(page);
    await page.evaluate(`scrollTo(0, ${String(start)})`);
    const before = await frameBox(page);
    await page.evaluate(`scrollTo(0, ${String(start + 400)})`);
    await page.waitForTimeout(1_000);
    const after = await frameBox(page);
    expect({ width: after.width, height: after.height }).toEqual({
      width: before.width,
      height: before.height,
    });
    expect(after.top).toBe(before.top - 400);
    await watched.context.close();
  });

  it('leaves no animation-frame loop running on the pages after home', async () => {
    const watched = await openWatchedPage(browser, inject('storeUrl'), 'desktop', { motion: 'full' });
    const { page } = watched;
    await page.addInitScript(`(() => {
      const request = window.requestAnimationFrame.bind(window);
      window.__frameRequests = 0;
      window.requestAnimationFrame = (callback) => {
        window.__frameRequests += 1;
        return request(callback);
      };
    })()`);
    await visit(page, '/');
    await page.evaluate(`scrollTo(0, document.getElementById('about').offsetTop)`);
    await page.waitForTimeout(1_000);
    // Back at the top, where the nav shows again.
    await page.evaluate('scrollTo(0, 0)');
    await page.getByRole('navigation').getByRole('link', { name: 'COLLECTION', exact: true }).click();
    await page.waitForURL('**/collection');
    await page.waitForLoadState('networkidle');
    // A loop asks for a frame about 60 times a second; GSAP's own ticker stops within a few seconds of its last tween.
    const framesInASecond = async () => {
      await page.evaluate('window.__frameRequests = 0');
      await page.waitForTimeout(1_000);
      return page.evaluate<number>('window.__frameRequests');
    };
    await expect.poll(framesInASecond, { timeout: 15_000 }).toBeLessThan(3);
    await watched.context.close();
  });
});
