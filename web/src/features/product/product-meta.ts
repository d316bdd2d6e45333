import type { RouteMeta } from '../../shared/route-table';

/** A product page's title and description (a search snippet's length), in the browser and the server. */
export function productMeta(product: { name: string; description: string }): RouteMeta {
  return { title: product.name, description: product.description.slice(0, 155) };
}
