import { describe, expect, it } from 'vitest';
import { isPagePath, type PageRoute } from './server-render.js';

const ROUTES: PageRoute[] = [
  { path: '/', private: false },
  { path: '/collection', private: false },
  { path: '/product/:productId', private: false },
  { path: '/orders', private: true },
];

describe('isPagePath', () => {
  it('matches the route table’s paths, a parameter taking one segment', () => {
    for (const path of ['/', '/collection', '/collection/', '/product/abc', '/orders'])
      expect(isPagePath(ROUTES, path), path).toBe(true);
    for (const path of ['/product', '/product/a/b', '/collection/x', '/no/such/page', '/order'])
      expect(isPagePath(ROUTES, path), path).toBe(false);
  });

  it('takes every path for a page when the build has no route table', () => {
    expect(isPagePath(undefined, '/no/such/page')).toBe(true);
  });
});
