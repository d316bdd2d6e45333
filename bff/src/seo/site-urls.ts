import type { Category, ProductType } from '../generated/resolvers-types.js';

// Absolute on PUBLIC_URL; a collection view in the one form its page calls canonical (collection-params.ts).

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
