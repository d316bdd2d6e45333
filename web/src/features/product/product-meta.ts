import type { RouteMeta } from '../../shared/route-table';

/** A product page's title and description (a search result's snippet length): the browser's and the server's head. */
export function productMeta(product: { name: string; description: string }): RouteMeta {
  return { title: product.name, description: product.description.slice(0, 155) };
}
