import type { Browser } from 'playwright-core';

// What a phone downloads per product card on /collection: every image response of the card images it fetched
// (the first screen and what lazy loading fetched ahead), divided by those images. The goal is ≤ 40 KB a card.

export interface CardImageBytes {
  scale: number;
  /** Card images fetched. */
  images: number;
  /** Cards whose image is in the first screen. */
  inView: number;
  totalBytes: number;
  perCardBytes: number;
  /** Content types of those responses, with how many of each. */
  types: Record<string, number>;
}

const CARD_IMAGES = 'main a[href^="/product/"] img';

export async function cardImageBytes(
  browser: Browser,
  storeUrl: string,
  scale: number,
): Promise<CardImageBytes> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: scale,
    isMobile: true,
  });
  const page = await context.newPage();
  const bytes = new Map<string, Promise<number>>();
  const typeOf = new Map<string, string>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'image') return;
    typeOf.set(response.url(), response.headers()['content-type'] ?? '?');
    bytes.set(
      response.url(),
      response.body().then(
        (body) => body.length,
        () => 0,
      ),
    );
  });
  try {
    await page.goto(new URL('/collection', storeUrl).toString(), {
      waitUntil: 'networkidle',
      timeout: 120_000,
    });
    // The images in view have arrived (the first visit to a photo makes the optimizer encode it).
    // The images in view have arrived (the first visit to a photo makes the optimizer encode it). In page script
    // text: this project's TypeScript has no DOM types.
    const images = `[...document.querySelectorAll(${JSON.stringify(CARD_IMAGES)})]`;
    await page.waitForFunction(
      `${images}.filter((i) => i.getBoundingClientRect().top < innerHeight).every((i) => i.complete)`,
      undefined,
      {
        timeout: 120_000,
      },
    );
    const cards = await page.evaluate<Array<{ src: string; inView: boolean }>>(
      `${images}.map((i) => ({ src: i.currentSrc, inView: i.getBoundingClientRect().top < innerHeight }))`,
    );
    const fetched = [...new Set(cards.map((card) => card.src))].filter((src) => bytes.has(src));
    const types: Record<string, number> = {};
    for (const src of fetched) types[typeOf.get(src)!] = (types[typeOf.get(src)!] ?? 0) + 1;
    const totalBytes = (await Promise.all(fetched.map((src) => bytes.get(src)!))).reduce(
      (sum, n) => sum + n,
      0,
    );
    return {
      scale,
      images: fetched.length,
      inView: cards.filter((card) => card.inView).length,
      totalBytes,
      perCardBytes: fetched.length > 0 ? totalBytes / fetched.length : Number.NaN,
      types,
    };
  } finally {
    await context.close();
  }
}
