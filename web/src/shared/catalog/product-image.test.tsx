import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FALLBACK_PRODUCT_IMAGE, PRODUCT_IMAGE_USES, ProductImage } from './product-image';

/** The one <img> of the server-rendered markup, as the browser would parse it. */
function rendered(element: React.ReactElement): HTMLImageElement {
  const holder = document.createElement('div');
  holder.innerHTML = renderToString(element);
  return holder.querySelector('img')!;
}

describe('ProductImage', () => {
  it('offers the optimizer at the widths of its use, with sizes, square dimensions and a middle width as src', () => {
    const image = rendered(<ProductImage src="/images/runner-side.svg" alt="Runner" use="card" />);
    const url = encodeURIComponent('/images/runner-side.svg');
    expect(image.getAttribute('srcset')).toBe(
      PRODUCT_IMAGE_USES.card.widths.map((w) => `/_img?url=${url}&w=${w} ${w}w`).join(', '),
    );
    expect(image.getAttribute('sizes')).toBe(PRODUCT_IMAGE_USES.card.sizes);
    expect(image.getAttribute('src')).toBe(`/_img?url=${url}&w=480`);
    expect(image.getAttribute('width')).toBe(image.getAttribute('height'));
    expect(image.getAttribute('alt')).toBe('Runner');
  });

  it('fetches a priority image eagerly and first, any other lazily', () => {
    const main = rendered(<ProductImage src="https://cdn.example/shoe.jpg" alt="" use="gallery" priority />);
    expect(main.getAttribute('loading')).toBe('eager');
    expect(main.getAttribute('fetchpriority')).toBe('high');
    expect(main.getAttribute('src')).toBe(
      `/_img?url=${encodeURIComponent('https://cdn.example/shoe.jpg')}&w=640`,
    );
    const thumb = rendered(<ProductImage src="https://cdn.example/shoe.jpg" alt="" use="thumb" />);
    expect(thumb.getAttribute('loading')).toBe('lazy');
    expect(thumb.getAttribute('fetchpriority')).toBe('auto');
  });

  it('shows the placeholder behind the image, and only a data: URL', () => {
    const placeholder = 'data:image/webp;base64,UklGRh4AAABXRUJQVlA4';
    const withPlaceholder = rendered(
      <ProductImage src="/images/a.svg" alt="" use="card" placeholder={placeholder} />,
    );
    expect(withPlaceholder.style.backgroundImage).toContain(placeholder);
    const elsewhere = rendered(
      <ProductImage src="/images/a.svg" alt="" use="card" placeholder="https://tracker.example/p.gif" />,
    );
    expect(elsewhere.getAttribute('style')).toBeNull();
  });

  it('shows the store placeholder drawing, and any URL the optimizer cannot take, as it is', () => {
    const missing = rendered(<ProductImage src={null} alt="" use="line" />);
    expect(missing.getAttribute('src')).toBe(FALLBACK_PRODUCT_IMAGE);
    expect(missing.hasAttribute('srcset')).toBe(false);
    expect(missing.hasAttribute('sizes')).toBe(false);
    const inline = rendered(<ProductImage src="data:image/png;base64,iVBORw0KGgo=" alt="" use="line" />);
    expect(inline.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(inline.hasAttribute('srcset')).toBe(false);
  });
});
