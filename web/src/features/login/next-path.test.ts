import { describe, expect, it } from 'vitest';
import { hostedSignInReturnPath, loginPathFor, safeNextPath } from './next-path';

const origin = 'https://shop.example';

describe('where sign-in returns to', () => {
  it.each([
    ['/place-order', '/place-order'],
    ['/orders?x=1#top', '/orders?x=1#top'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/login?next=/orders', '/'],
  ])('%j → %j (only same-site paths)', (next, expected) => {
    expect(safeNextPath(next, origin)).toBe(expected);
  });

  it('the login link carries the path back', () => {
    expect(loginPathFor('/place-order')).toBe('/login?next=%2Fplace-order');
    expect(safeNextPath(new URLSearchParams(loginPathFor('/place-order').split('?')[1]).get('next'), origin)).toBe('/place-order');
  });

  it.each([
    ['/place-order', '/place-order'],
    ['/orders', '/orders'],
    ['/collection', '/'],
    ['/product/p1', '/'],
    ['/', '/'],
  ])('the hosted sign-in opened on %j returns to %j', (pathname, expected) => {
    expect(hostedSignInReturnPath(pathname)).toBe(expected);
  });
});
