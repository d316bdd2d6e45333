import type { CSSProperties } from 'react';
import { imageSrcSet, isOptimizable, optimizedImageUrl, type ImageWidth } from '#domain/images';

export const FALLBACK_PRODUCT_IMAGE = '/product-placeholder.svg';

/**
 * Where a product image is shown, and so how wide the browser should fetch it. `sizes` follows the layouts'
 * CSS (product-grid, product-page and the order/cart rows); the widths stop where a 3× screen needs no more;
 * `src` (without srcset) is a middle one.
 */
export const PRODUCT_IMAGE_USES = {
  /** A product grid's card: 2 columns on phones (half the screen), 3–5 from 768 px (18rem at most). */
  card: {
    sizes: '(min-width: 768px) 18rem, calc(50vw - 1.5rem)',
    widths: [160, 320, 480, 640, 960],
    src: 480,
    box: 480,
  },
  /** The product page's main image: the page's width on phones, about half of it from 768 px. */
  gallery: {
    sizes: '(min-width: 1280px) 32rem, (min-width: 768px) calc(52vw - 10rem), calc(100vw - 2rem)',
    widths: [320, 480, 640, 960, 1280, 1600],
    src: 640,
    box: 800,
  },
  thumb: { sizes: '(min-width: 768px) 5.5rem, 4.5rem', widths: [160, 320], src: 160, box: 88 },
  /** The 4.5–5rem image of an order or cart line. */
  line: { sizes: '5rem', widths: [160, 320], src: 160, box: 80 },
} as const satisfies Record<
  string,
  { sizes: string; widths: readonly ImageWidth[]; src: ImageWidth; box: number }
>;

export type ProductImageUse = keyof typeof PRODUCT_IMAGE_USES;

interface ProductImageProps {
  /** The catalogue's image URL; missing: the store's placeholder drawing. */
  src: string | null | undefined;
  alt: string;
  use: ProductImageUse;
  /** A tiny blurred data: URL of this image (Product.imagePlaceholder), shown behind it until it loads. */
  placeholder?: string | null;
  /** The page's largest image: fetched at once and first, not lazily. */
  priority?: boolean;
  className?: string;
}

/** A data: URL as a CSS background; anything else would be a second request, not a placeholder. */
function placeholderStyle(placeholder: string | null | undefined): CSSProperties | undefined {
  if (!placeholder?.startsWith('data:image/')) return undefined;
  return {
    backgroundImage: `url("${placeholder.replace(/["\\\n]/g, '')}")`,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
  };
}

/**
 * Every product image of the storefront: a srcset through the BFF's optimizer (AVIF or WebP at the width the
 * screen needs), explicit square dimensions so the box is reserved, and the blurred placeholder as the
 * image's own background, which the photo paints over once decoded (no script needed).
 */
export function ProductImage({ src, alt, use, placeholder, priority = false, className }: ProductImageProps) {
  const spec = PRODUCT_IMAGE_USES[use];
  const url = src ?? FALLBACK_PRODUCT_IMAGE;
  const sources = productImageSources(src, use);
  // Attribute order matters to the browser: loading and sizes are read before srcset/src start a fetch.
  return (
    <img
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      width={spec.box}
      height={spec.box}
      alt={alt}
      style={isOptimizable(url) ? placeholderStyle(placeholder) : undefined}
      sizes={sources.sizes}
      srcSet={sources.srcSet}
      src={sources.src}
    />
  );
}

/** The URLs `ProductImage` gives the browser for `src` shown as `use`. */
export function productImageSources(
  src: string | null | undefined,
  use: ProductImageUse,
): { src: string; srcSet?: string; sizes?: string } {
  const spec = PRODUCT_IMAGE_USES[use];
  const url = src ?? FALLBACK_PRODUCT_IMAGE;
  if (!isOptimizable(url)) return { src: url };
  return { src: optimizedImageUrl(url, spec.src), srcSet: imageSrcSet(url, spec.widths), sizes: spec.sizes };
}
