import { describe, expect, it } from 'vitest';
import { CATEGORIES, SUB_CATEGORIES } from '#domain/store-rules';
import { BACKENDS } from '../support/databases.js';
import { call } from '../support/http.js';
import { listProducts, useApi } from '../support/store-api.js';

describe.each(BACKENDS)('catalogue on %s', (backend) => {
  const api = useApi(backend);

  it('lists the seeded catalogue with every field of the spec', async () => {
    const res = await call(api().url, 'GET', '/api/product/list');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const products = res.body.products as Record<string, unknown>[];
    expect(products.length).toBeGreaterThanOrEqual(40);
    for (const p of products) {
      expect(typeof p._id).toBe('string');
      expect(typeof p.name).toBe('string');
      expect(typeof p.description).toBe('string');
      expect(typeof p.price).toBe('number');
      expect(Array.isArray(p.image) && p.image.length >= 2 && p.image.length <= 4).toBe(true);
      expect(CATEGORIES).toContain(p.category);
      expect(SUB_CATEGORIES).toContain(p.subCategory);
      expect(Array.isArray(p.sizes) && p.sizes.length > 0).toBe(true);
      expect(typeof p.date).toBe('number');
    }
  });

  it('covers every category and type', async () => {
    const products = await listProducts(api().url);
    for (const category of CATEGORIES) {
      for (const type of SUB_CATEGORIES) {
        expect(products.some((p) => p.category === category && p.subCategory === type)).toBe(true);
      }
    }
  });

  it('answers 304 to a repeat load with the same ETag', async () => {
    const first = await call(api().url, 'GET', '/api/product/list');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(new URL('/api/product/list', api().url), {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves product images as long-cached static files', async () => {
    const [product] = await listProducts(api().url);
    const res = await fetch(new URL(product!.image[0]!, api().url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const revalidation = { 'if-none-match': res.headers.get('etag')!, 'cache-control': 'max-age=0' };
    expect((await fetch(new URL(product!.image[0]!, api().url), { headers: revalidation })).status).toBe(304);
    for (const other of [
      'nothing-here.svg',
      '.env',
      '..%2F..%2Fpackage.json',
      '%2E%2E/server.ts',
      'a//b.svg',
    ]) {
      const missing = await call(api().url, 'GET', `/images/${other}`);
      expect(missing.status, other).toBe(404);
      expect(missing.body, other).toMatchObject({ success: false });
    }
  });

  it('answers an unknown endpoint with the envelope and 404', async () => {
    const res = await call(api().url, 'GET', '/api/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'No such endpoint: GET /api/nothing' });
  });
});
