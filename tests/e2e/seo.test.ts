import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  closeTestBrowser,
  openTestBrowser,
  openWatchedPage,
  problemsOf,
  screenshot,
  type WatchedPage,
} from '../support/browser.js';
import { gql } from '../support/graphql.js';
import { visit } from '../support/journeys.js';

// Issue 31 as a crawler and a chat app meet the real build: robots.txt names the sitemap, the sitemap's URLs answer
// 200 and each states itself as canonical, a product page carries its Product and BreadcrumbList JSON-LD and its
// link preview (absolute, on the store's URL), a collection view's spellings canonicalise to one form in the HTML
// and once hydrated, and what is not there answers 404 with noindex.

interface Detail {
  id: string;
  name: string;
  description: string;
  price: number;
  images: string[];
  category: string;
  type: string;
  stock: Array<{ size: string; inStock: boolean; left: number | null }>;
}

const store = () => inject('storeUrl');
const page = (path: string) => fetch(new URL(path, store()), { headers: { accept: 'text/html' } });
const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
/** An attribute's text with its character references read (the page writes `&` as `&#38;`). */
const unescape = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
    .replaceAll('&amp;', '&');
const attribute = (html: string, pattern: RegExp) => {
  const found = pattern.exec(html)?.[1];
  return found === undefined ? undefined : unescape(found);
};
const canonicalOf = (html: string) => attribute(html, /<link rel="canonical" href="([^"]*)">/);
const metaOf = (html: string, key: string) =>
  attribute(html, new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"\\s*/?>`));
const structuredData = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );

describe('found by search engines and by shared links', () => {
  let browser: Browser;
  let watched: WatchedPage;

  beforeAll(async () => {
    browser = await openTestBrowser();
    watched = await openWatchedPage(browser, store(), 'desktop');
  });
  afterAll(async () => {
    await closeTestBrowser(browser);
  });

  it('walks robots.txt, the sitemap, a product page, a collection view and a missing page', async () => {
    const origin = new URL(store()).origin;
    // robots.txt → the sitemap index → its files; every page it names answers 200 and calls itself canonical.
    const robots = await (await fetch(new URL('/robots.txt', store()))).text();
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const files = locs(await (await fetch(new URL('/sitemap.xml', store()))).text());
    expect(files[0]).toBe(`${origin}/sitemap-pages.xml`);
    const pages = locs(await (await fetch(files[0]!)).text());
    const products = locs(await (await fetch(files[1]!)).text());
    expect(pages).toContain(`${origin}/collection?category=MEN&type=SNEAKERS`);
    expect(products.length).toBeGreaterThan(0);
    for (const url of [...pages, products[0]!]) {
      const answer = await page(url);
      expect(answer.status, url).toBe(200);
      expect(canonicalOf(await answer.text()), url).toBe(url);
    }

    // A product page: its JSON-LD field by field against the catalogue, its link preview.
    const productUrl = products[0]!;
    const id = decodeURIComponent(productUrl.slice(`${origin}/product/`.length));
    const detail = (
      await gql<{ product: Detail }>(
        store(),
        'query ($id: ID!) { product(id: $id) { id name description price images category type stock { size inStock left } } }',
        { id },
      )
    ).data!.product;
    const html = await (await page(productUrl)).text();
    const [product, breadcrumbs] = structuredData(html);
    const image = (src: string) => `${origin}/_img?url=${encodeURIComponent(src)}&w=1280`;
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      url: productUrl,
      name: detail.name,
      description: detail.description,
      image: detail.images.map(image),
      sku: detail.id,
      brand: { '@type': 'Brand' },
    });
    const offers = product!.offers as Array<Record<string, unknown>>;
    expect(offers.map((offer) => offer.sku)).toEqual(
      detail.stock.map(({ size }) => `${detail.id}-${size.replace(/ /g, '-')}`),
    );
    expect(offers.map((offer) => offer.availability)).toEqual(
      detail.stock.map(
        ({ inStock, left }) =>
          `https://schema.org/${!inStock ? 'OutOfStock' : left === null ? 'InStock' : 'LimitedAvailability'}`,
      ),
    );
    for (const offer of offers) {
      expect(offer).toMatchObject({
        '@type': 'Offer',
        price: detail.price,
        priceCurrency: 'INR',
        url: productUrl,
        shippingDetails: { shippingRate: { value: 10, currency: 'INR' } },
        hasMerchantReturnPolicy: { merchantReturnDays: 7, applicableCountry: 'IN' },
      });
    }
    const trail = (breadcrumbs!.itemListElement as Array<{ item: string }>).map((crumb) => crumb.item);
    expect(trail).toEqual([
      `${origin}/collection`,
      `${origin}/collection?category=${detail.category}`,
      `${origin}/collection?category=${detail.category}&type=${detail.type}`,
      productUrl,
    ]);
    expect(metaOf(html, 'og:type')).toBe('product');
    expect(metaOf(html, 'og:url')).toBe(productUrl);
    expect(metaOf(html, 'product:price:amount')).toBe(detail.price.toFixed(2));
    expect(metaOf(html, 'product:price:currency')).toBe('INR');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    const preview = metaOf(html, 'og:image')!;
    expect(preview).toBe(image(detail.images[0]!));
    // A chat app asks without AVIF or WebP in its Accept: it gets a picture it can show.
    const picture = await fetch(preview, { headers: { accept: '*/*' } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\/(jpeg|png)/);

    // Once hydrated, the page still states the same canonical URL.
    await visit(watched.page, productUrl);
    expect(await watched.page.locator('link[rel="canonical"]').getAttribute('href')).toBe(productUrl);
    await screenshot(watched.page, 'seo-product-desktop');

    // A collection view spelt another way: one canonical form, in the HTML and in the browser.
    const spelt = '/collection?type=sneakers&sort=PRICE_ASC&category=men';
    const canonical = `${origin}/collection?category=MEN&type=SNEAKERS`;
    const collection = await (await page(spelt)).text();
    expect(canonicalOf(collection)).toBe(canonical);
    expect(metaOf(collection, 'og:url')).toBe(canonical);
    expect(metaOf(collection, 'og:title')).toMatch(/^Men’s sneakers \| /);
    await visit(watched.page, spelt);
    expect(await watched.page.locator('link[rel="canonical"]').getAttribute('href')).toBe(canonical);

    // Home states the store and its search.
    const home = structuredData(await (await page('/')).text());
    expect(home.map((item) => item['@type'])).toEqual(['Organization', 'WebSite']);

    // Not there: 404 and noindex, no canonical.
    for (const missing of ['/product/no-such-shoe', '/no/such/page']) {
      const answer = await page(missing);
      expect(answer.status, missing).toBe(404);
      const text = await answer.text();
      expect(text, missing).toContain('<meta name="robots" content="noindex">');
      expect(canonicalOf(text), missing).toBeUndefined();
    }

    // Every route names itself apart.
    const heads = await Promise.all(
      ['/', '/collection', productUrl, '/cart', '/login', '/place-order', '/orders'].map(async (path) => {
        const text = await (await page(path)).text();
        return {
          title: attribute(text, /<title>([^<]*)<\/title>/),
          description: metaOf(text, 'description'),
        };
      }),
    );
    expect(new Set(heads.map((head) => head.title)).size).toBe(heads.length);
    expect(new Set(heads.map((head) => head.description)).size).toBe(heads.length);
    expect(problemsOf(watched)).toEqual({ consoleErrors: [], foreignRequests: [] });
  });
});
