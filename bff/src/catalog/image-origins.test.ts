import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_ORIGINS } from '#domain/images';
import { imageOriginsOf } from './image-origins.js';

describe("the catalogue's image origins", () => {
  it('are the origins of absolute http(s) URLs, once each; path-absolute URLs are the store itself', () => {
    const origins = imageOriginsOf([
      { images: ['/images/a.svg', 'https://cdn.example/x/a.png', 'https://CDN.example:443/b.png'] },
      {
        images: [
          'http://127.0.0.1:5555/images/c.svg',
          '//img.example/d.png',
          'javascript:alert(1)',
          'data:image/png;base64,xx',
        ],
      },
    ]);
    expect(origins).toEqual(['https://cdn.example', 'http://127.0.0.1:5555', 'https://img.example']);
  });

  it('are at most MAX_IMAGE_ORIGINS, so a catalogue naming thousands of hosts cannot blow up the header', () => {
    const products = Array.from({ length: 100 }, (_, i) => ({ images: [`https://host${i}.example/a.png`] }));
    expect(imageOriginsOf(products)).toHaveLength(MAX_IMAGE_ORIGINS);
  });
});
