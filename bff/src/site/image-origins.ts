import type { CatalogCache } from '../catalog/catalog-cache.js';
import type { CatalogProduct } from '../catalog/product.js';

// A backend's product images may live on other origins (a shop's CDN, `ASSET_BASE_URL` of our own API). The
// Content-Security-Policy stays explicit: it admits exactly the origins the catalogue names, never a wildcard.

/** More distinct image hosts than a shop plausibly has: the header stays small, and the rest are not admitted. */
export const MAX_IMAGE_ORIGINS = 32;

/** The http(s) origins of the catalogue's absolute image URLs, in the order first seen, at most MAX_IMAGE_ORIGINS. */
export function imageOriginsOf(products: readonly CatalogProduct[]): string[] {
  const origins = new Set<string>();
  for (const product of products) {
    for (const url of product.images) {
      // Path-absolute URLs ("/images/…") are the store's own origin, already admitted as 'self'.
      if (!/^(https?:)?\/\//i.test(url)) continue;
      let origin: string;
      try {
        origin = new URL(url, 'https://protocol-relative.invalid').origin;
      } catch {
        continue;
      }
      if (origins.has(origin)) continue;
      if (origins.size >= MAX_IMAGE_ORIGINS) return [...origins];
      origins.add(origin);
    }
  }
  return [...origins];
}

export interface ImageSources {
  /** Brings the origins up to date with the catalogue: waits only the first time, later refreshes in the background. */
  refresh(): Promise<void>;
  /** The origins of the latest catalogue read. */
  current(): readonly string[];
}

export function catalogImageSources(catalog: CatalogCache): ImageSources {
  let version: number | undefined;
  let origins: readonly string[] = [];
  const update = async () => {
    try {
      const snapshot = await catalog.get();
      if (snapshot.version === version) return;
      origins = imageOriginsOf(snapshot.products);
      version = snapshot.version;
    } catch {
      // No catalogue yet (the API is down): the page's products cannot show either; the next page asks again.
    }
  };
  return {
    async refresh() {
      const updating = update();
      if (version === undefined) await updating;
    },
    current: () => origins,
  };
}
