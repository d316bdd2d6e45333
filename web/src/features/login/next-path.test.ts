import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostedSignInReturnPath, loginPathFor, safeNextPath } from './next-path';

const origin = 'https://shop.example';

/** A path as a router reads it: decoded where it can be (React Router leaves a malformed escape as it is). */
function decodedOrAsIs(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

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

  // Each would leave the store, or reach the router as a path it refuses ("Something went wrong") or decodes into
  // another; the shopper lands on / instead.
  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/./../x',
    '/\\\\evil.example',
    '/\\/evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5C%5Cevil.example',
    '/%2e%2e/%2fevil.example',
    '/%252F%252Fevil.example',
    '//x',
    '///x',
    'https://x',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%0D%0A/evil.example',
    '/%00/evil.example',
    '/\u0000/x',
    '/ //evil.example',
    '/x\t?y',
  ])('%j is not a plain path on the site → /', (next) => {
    expect(safeNextPath(next, origin)).toBe('/');
  });

  // What the parser reads in the query or fragment cannot change the page, so it is kept (as the parser writes it).
  it('a path with a query the parser encodes is kept', () => {
    expect(safeNextPath('/collection?q=red shoes', origin)).toBe('/collection?q=red%20shoes');
  });

  it('whatever it is given, the result is a path on the site that stays one when read again', () => {
    const pieces = [
      '/',
      '//',
      '\\',
      '.',
      '..',
      '%2F',
      '%2f',
      '%5C',
      '%2E',
      '%25',
      '%09',
      '%0A',
      '\t',
      '\n',
      '\r',
      ' ',
      '?',
      '#',
      '@',
      ':',
      'evil.example',
      'https:',
      'login',
      'orders',
    ];
    const hostile = fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string(), fc.webUrl(), fc.webPath()), (next) => {
        const result = safeNextPath(next, origin);
        const url = new URL(result, origin);
        expect(url.origin).toBe(origin);
        for (const path of [result, url.pathname, decodedOrAsIs(url.pathname)]) {
          expect(path).toMatch(/^\/(?![/\\])/);
        }
        expect(safeNextPath(result, origin)).toBe(result);
      }),
      { numRuns: 2_000 },
    );
  });

  it('the login link carries the path back', () => {
    expect(loginPathFor('/place-order')).toBe('/login?next=%2Fplace-order');
    expect(
      safeNextPath(new URLSearchParams(loginPathFor('/place-order').split('?')[1]).get('next'), origin),
    ).toBe('/place-order');
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
