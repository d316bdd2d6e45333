import { MAX_IMAGE_ORIGINS } from '#domain/images';

// Images may live on other origins (a shop's CDN); the pages' Content-Security-Policy admits exactly the
// origins the catalogue names, never a wildcard.

/** Undefined for a path, which is the store's own. */
function originOf(url: string): string | undefined {
  if (!/^(https?:)?\/\//i.test(url)) return undefined;
  try {
    return new URL(url, 'https://protocol-relative.invalid').origin;
  } catch {
    return undefined;
  }
}

/** In the order first seen, at most MAX_IMAGE_ORIGINS. */
export class ImageOrigins {
  readonly #origins = new Set<string>();

  add(urls: readonly string[]): void {
    for (const url of urls) {
      if (this.#origins.size >= MAX_IMAGE_ORIGINS) return;
      const origin = originOf(url);
      if (origin !== undefined) this.#origins.add(origin);
    }
  }

  list(): readonly string[] {
    return [...this.#origins];
  }
}

export function imageOriginsOf(products: ReadonlyArray<{ images: readonly string[] }>): readonly string[] {
  const origins = new ImageOrigins();
  for (const product of products) origins.add(product.images);
  return origins.list();
}
