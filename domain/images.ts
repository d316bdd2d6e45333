// Images from the BFF's optimizer (bff/src/site/image-optimizer.ts). The widths are a short fixed list so every answer
// is worth caching and a client cannot ask for a thousand sizes of one photo.

/** The widths, in pixels, the optimizer makes. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Where the BFF serves them: `/_img?url=<the catalogue's image URL>&w=<one of IMAGE_WIDTHS>`. */
export const OPTIMIZED_IMAGE_PATH = '/_img';

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value);
}

/**
 * A path of the store's image store (`/images/…`) or an http(s) URL (fetched only from the catalogue's image origins);
 * anything else (a data: URL, the web app's placeholder) is shown as it is.
 */
export function isOptimizable(src: string): boolean {
  return /^\/images\/[A-Za-z0-9._-]/.test(src) || /^https?:\/\/[^/]/i.test(src);
}

export function optimizedImageUrl(src: string, width: ImageWidth): string {
  return `${OPTIMIZED_IMAGE_PATH}?url=${encodeURIComponent(src)}&w=${String(width)}`;
}

/** A `srcset` over the given widths (all of them by default), or undefined when the URL is shown as it is. */
export function imageSrcSet(src: string, widths: readonly ImageWidth[] = IMAGE_WIDTHS): string | undefined {
  if (!isOptimizable(src)) return undefined;
  return widths.map((width) => `${optimizedImageUrl(src, width)} ${String(width)}w`).join(', ');
}

/** More distinct image hosts than a shop plausibly has: a page's policy admitting them all keeps a bounded header. */
export const MAX_IMAGE_ORIGINS = 32;
