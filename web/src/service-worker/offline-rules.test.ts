import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, isKeptImage, isStoreImage, markKeptPage, pageRule } from './offline-rules';

const at = (path: string) => new URL(path, 'https://shop.example');

describe('what the service worker keeps', () => {
  it('keeps the catalogue’s pages, and any page it does not know (its 404 is the answer)', () => {
    for (const path of ['/', '/collection', '/collection?categories=WOMEN', '/product/abc', '/no-such-page'])
      expect(pageRule(at(path)), path).toBe('kept');
  });

  it('never keeps the shopper’s own pages', () => {
    for (const path of ['/cart', '/login', '/place-order', '/orders', '/orders/'])
      expect(pageRule(at(path)), path).toBe('network-only');
  });

  it('leaves what is not a page to the network', () => {
    for (const path of [
      '/graphql',
      '/api/product/list',
      '/images/a.svg',
      '/_img?url=x',
      '/sw.js',
      '/robots.txt',
    ])
      expect(pageRule(at(path)), path).toBe('not-a-page');
    // A page whose name only starts like one of those is still a page.
    expect(pageRule(at('/cartography'))).toBe('kept');
  });

  it('keeps the store’s own images, optimised or proxied, and no one else’s', () => {
    expect(isStoreImage(at('/_img?url=%2Fimages%2Fa.svg&w=160'))).toBe(true);
    expect(isStoreImage(at('/images/a-side.svg'))).toBe(true);
    expect(isStoreImage(at('/favicon.svg'))).toBe(false);
    expect(isStoreImage(at('/_imgx'))).toBe(false);
  });

  it('keeps a complete image up to its byte bound, and nothing of unknown size', () => {
    const answer = (status: number, length?: number) => ({
      status,
      headers: new Headers(length === undefined ? {} : { 'content-length': String(length) }),
    });
    expect(isKeptImage(answer(200, 1279))).toBe(true);
    expect(isKeptImage(answer(200, IMAGE_MAX_BYTES))).toBe(true);
    expect(isKeptImage(answer(200, IMAGE_MAX_BYTES + 1))).toBe(false);
    expect(isKeptImage(answer(200))).toBe(false);
    expect(isKeptImage(answer(206, 1000))).toBe(false);
    expect(isKeptImage(answer(404, 100))).toBe(false);
  });
});

describe('a kept page shown offline', () => {
  const page =
    '<!doctype html><html><head><title>Shoe</title></head><body class="x"><div id="root"><h1>Shoe</h1></div></body></html>';

  it('says so above the app, with the time it was fetched, and leaves the app untouched', () => {
    const marked = markKeptPage(page, new Date('2026-11-27T08:35:00Z'));
    const strip = /<p role="status" data-kept-copy[^>]*>([^<]*)<\/p>/.exec(marked);
    expect(strip?.[1]).toMatch(
      /^You’re offline: this page is shown as of 27 Nov 2026, .+\. Prices and stock may have changed\.$/,
    );
    expect(marked.indexOf('data-kept-copy')).toBeGreaterThan(marked.indexOf('<body class="x">'));
    expect(marked.indexOf('data-kept-copy')).toBeLessThan(marked.indexOf('<div id="root">'));
    expect(marked.replace(strip![0], '').replace(/<style>[^<]*<\/style>/, '')).toBe(page);
  });

  it('does not invent a time it does not know', () => {
    expect(markKeptPage(page, undefined)).toContain('this page is shown as it was.');
    expect(markKeptPage(page, new Date('not a date'))).toContain('this page is shown as it was.');
  });
});
