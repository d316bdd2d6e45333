import { describe, expect, it } from 'vitest';
import { ROUTE_LIST } from './route-table';

describe('the route table', () => {
  it('holds the spec’s routes, each once', () => {
    expect(ROUTE_LIST.map((route) => route.path)).toEqual([
      '/',
      '/collection',
      '/product/:productId',
      '/cart',
      '/login',
      '/place-order',
      '/orders',
    ]);
  });

  it('keeps robots.txt’s lines plain: a private page has no parameter, and a page with build-time meta none either', () => {
    for (const route of ROUTE_LIST) {
      if (route.private === true || route.meta !== undefined)
        expect(route.path, route.name).not.toContain(':');
    }
  });
});
