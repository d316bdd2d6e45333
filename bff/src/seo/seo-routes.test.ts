import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Catalog } from '../catalog/catalog.js';
import { parseListCopy } from '../catalog/catalog-cache.js';
import { listCatalog } from '../catalog/list-catalog.js';
import { createSeo } from './seo-routes.js';

const products = Array.from({ length: 3 }, (_, n) => ({
  _id: `p${String(n)}`,
  name: `Shoe ${String(n)}`,
  description: 'A shoe',
  price: 1000,
  image: [],
  category: 'Men',
  subCategory: 'Sneakers',
  sizes: ['8'],
  bestseller: false,
  date: Date.UTC(2026, 0, 1 + n),
}));

/** The list catalogue, whose full pages (the files', not the summary's) wait until `release` is called. */
function heldCatalog(): { catalog: Catalog; release: () => void; waiting: () => number } {
  const inner = listCatalog(
    parseListCopy({ version: 1, bytes: Buffer.from(JSON.stringify({ success: true, products })) }),
  );
  let release = () => {};
  let waiting = 0;
  const held = new Promise<void>((resolve) => (release = resolve));
  const page: Catalog['page'] = async (request) => {
    if (request.first === 1) return inner.page(request);
    waiting += 1;
    await held;
    return inner.page(request);
  };
  return { catalog: { ...inner, page }, release: () => release(), waiting: () => waiting };
}

describe('the sitemap routes', () => {
  it('read at most two product files at once and tell the next client to come back, then serve it', async () => {
    const { catalog, release, waiting } = heldCatalog();
    const app = Fastify();
    createSeo({
      catalog: { get: () => Promise.resolve(catalog) },
      origin: () => 'https://shop.example',
    }).register(app, {
      privatePaths: [],
    });
    await app.ready();
    const file = () => app.inject({ method: 'GET', url: '/sitemap-products-1.xml' });
    const first = file();
    const second = file();
    // Both are reading the catalogue.
    await vi.waitFor(() => expect(waiting()).toBe(2));
    const third = await file();
    expect(third.statusCode).toBe(503);
    expect(third.headers['retry-after']).toBe('5');
    release();
    for (const answer of await Promise.all([first, second])) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body.match(/<url>/g)).toHaveLength(3);
    }
    // The streams have closed (just after their answers end): the next one is served.
    await vi.waitFor(async () => expect((await file()).statusCode).toBe(200));
    await app.close();
  });

  it('answers a file past the last with 404', async () => {
    const { catalog, release } = heldCatalog();
    release();
    const app = Fastify();
    createSeo({
      catalog: { get: () => Promise.resolve(catalog) },
      origin: () => 'https://shop.example',
    }).register(app, {
      privatePaths: [],
    });
    expect((await app.inject({ method: 'GET', url: '/sitemap-products-2.xml' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/sitemap-products-0.xml' })).statusCode).toBe(404);
    await app.close();
  });
});
