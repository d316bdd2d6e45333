import { describe, expect, it } from 'vitest';
import { parseListCopy } from '../catalog/catalog-cache.js';
import { listCatalog } from '../catalog/list-catalog.js';
import type { RestProduct } from '../rest/answer-shapes.js';
import { robotsTxt } from './robots.js';
import {
  FileStarts,
  MAX_ENTRY_BYTES,
  pagesSitemap,
  productFileCount,
  productFileEtag,
  productSitemap,
  sitemapIndex,
  summarizeCatalog,
} from './sitemap.js';

const ORIGIN = 'https://shop.example';
const DAY = 86_400_000;

const shoe = (n: number, overrides: Partial<RestProduct> = {}): RestProduct => ({
  _id: `p${String(n).padStart(4, '0')}`,
  name: `Shoe ${String(n)}`,
  description: 'A shoe',
  price: 1000,
  image: [],
  category: n % 2 === 0 ? 'Men' : 'Women',
  subCategory: n % 3 === 0 ? 'Sandals' : 'Sneakers',
  sizes: ['8'],
  bestseller: false,
  date: Date.UTC(2026, 0, 1) + n * DAY,
  ...overrides,
});

function catalogOf(products: RestProduct[], version = 1) {
  return listCatalog(
    parseListCopy({ version, bytes: Buffer.from(JSON.stringify({ success: true, products })) }),
  );
}

async function text(parts: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const part of parts) all += part;
  return all;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe('the sitemap', () => {
  it('cuts the products into files of the limit, each starting where the last ended, every product once', async () => {
    const products = Array.from({ length: 530 }, (_, i) => shoe(i));
    const catalog = catalogOf(products);
    const summary = await summarizeCatalog(catalog, ORIGIN, 250);
    expect(productFileCount(summary, 250)).toBe(3);
    expect(locs(sitemapIndex(summary, ORIGIN, 250).body)).toEqual([
      `${ORIGIN}/sitemap-pages.xml`,
      `${ORIGIN}/sitemap-products-1.xml`,
      `${ORIGIN}/sitemap-products-2.xml`,
      `${ORIGIN}/sitemap-products-3.xml`,
    ]);
    // Read in order, each file tells where the next starts.
    const starts = new FileStarts(250);
    const listed: string[] = [];
    for (const file of [1, 2, 3]) {
      const xml = await text(productSitemap(catalog, ORIGIN, file, starts.known(file)!, starts));
      expect(xml).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      expect(xml.endsWith('</urlset>\n')).toBe(true);
      listed.push(...locs(xml).map(String));
    }
    expect(listed).toEqual(products.map((p) => `${ORIGIN}/product/${p._id}`));
    // Asked out of order, a file is found by reading (not sending) the ones before it.
    const fresh = new FileStarts(250);
    const third = locs(
      await text(productSitemap(catalog, ORIGIN, 3, (await fresh.find(catalog, ORIGIN, 3))!, fresh)),
    );
    expect(third).toEqual(listed.slice(500));
    expect(await fresh.find(catalog, ORIGIN, 4)).toBeUndefined();
  });

  it('writes each product with its last change and escapes what XML would read as markup', async () => {
    const catalog = catalogOf([shoe(1, { _id: 'a&b<c>' }), shoe(2)]);
    const xml = await text(productSitemap(catalog, ORIGIN, 1, null));
    expect(xml).toContain(
      `<url><loc>${ORIGIN}/product/a%26b%3Cc%3E</loc><lastmod>2026-01-02T00:00:00Z</lastmod></url>`,
    );
    expect(xml).not.toMatch(/<loc>[^<]*[<>][^<]*<\/loc>/);
  });

  it('leaves out a product whose line would let 50,000 of them pass 50 MB', async () => {
    const long = shoe(1, { _id: 'x'.repeat(MAX_ENTRY_BYTES) });
    const xml = await text(productSitemap(catalogOf([long, shoe(2)]), ORIGIN, 1, null));
    expect(locs(xml)).toEqual([`${ORIGIN}/product/${shoe(2)._id}`]);
    expect(50_000 * MAX_ENTRY_BYTES + 1024).toBeLessThanOrEqual(50 * 1024 * 1024);
  });

  it('names home, the collection and each view with products in the pages file', async () => {
    const summary = await summarizeCatalog(catalogOf([shoe(2), shoe(3), shoe(4)]), ORIGIN);
    expect(locs(pagesSitemap(summary, ORIGIN).body)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/collection`,
      `${ORIGIN}/collection?category=MEN`,
      `${ORIGIN}/collection?category=WOMEN`,
      `${ORIGIN}/collection?type=SNEAKERS`,
      `${ORIGIN}/collection?type=SANDALS`,
      `${ORIGIN}/collection?category=MEN&amp;type=SNEAKERS`,
      `${ORIGIN}/collection?category=WOMEN&amp;type=SANDALS`,
    ]);
    expect(summary.lastModified).toBe(shoe(4).date);
    expect(sitemapIndex(summary, ORIGIN).lastModified).toBe(shoe(4).date);
  });

  it('changes its ETags when a product is added, changed or removed, and keeps them when nothing is', async () => {
    const tags = async (products: RestProduct[], version: number) => {
      const summary = await summarizeCatalog(catalogOf(products, version), ORIGIN);
      return [sitemapIndex(summary, ORIGIN).etag, productFileEtag(summary, 1)];
    };
    const before = await tags([shoe(1), shoe(2)], 1);
    expect(await tags([shoe(1), shoe(2)], 2)).toEqual(before);
    for (const after of [
      await tags([shoe(1), shoe(2, { date: shoe(2).date + 1000 })], 3),
      await tags([shoe(1), shoe(2), shoe(3)], 5),
    ]) {
      expect(after[0]).not.toBe(before[0]);
      expect(after[1]).not.toBe(before[1]);
    }
    // A removal leaves the index as it was (the same files, the same newest change); the file it was in changes.
    expect((await tags([shoe(2)], 4))[1]).not.toBe(before[1]);
  });

  it('has only the pages file for an empty catalogue', async () => {
    const summary = await summarizeCatalog(catalogOf([]), ORIGIN);
    expect(productFileCount(summary)).toBe(0);
    expect(locs(sitemapIndex(summary, ORIGIN).body)).toEqual([`${ORIGIN}/sitemap-pages.xml`]);
    expect(locs(pagesSitemap(summary, ORIGIN).body)).toEqual([`${ORIGIN}/`, `${ORIGIN}/collection`]);
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the shopper’s own pages and names the sitemap on the public origin', () => {
    const robots = robotsTxt(ORIGIN, ['/cart', '/orders']);
    expect(robots).toContain('User-agent: *\n');
    for (const path of ['/cart', '/orders', '/api/']) expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`);
    expect(robots).not.toMatch(/Disallow: \/(_img|images|product|collection)/);
  });
});
