import type { Category, ProductType } from '../generated/resolvers-types.js';

// The store's public addresses as the sitemap and structured data name them: absolute on PUBLIC_URL, and each
// collection view in the one form its page states as canonical (the web app's collection-params.ts: category
// before type, each in the store's order, defaults left out).

/** A collection view a shopper can link to: a category, a type, or both. */
export interface CollectionView {
  category?: Category;
  type?: ProductType;
}

export function collectionPath({ category, type }: CollectionView): string {
  const params = new URLSearchParams();
  if (category !== undefined) params.set('category', category);
  if (type !== undefined) params.set('type', type);
  const query = params.toString();
  return query === '' ? '/collection' : `/collection?${query}`;
}

export function productPath(id: string): string {
  return `/product/${encodeURIComponent(id)}`;
}

export function absoluteUrl(origin: string, path: string): string {
  return `${origin}${path}`;
}
