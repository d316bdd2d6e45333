import type { CartLineView } from './use-cart-view';

/**
 * What the cart says of a line's stock: its size sold out since it was added, or fewer pairs left than it
 * asks for; null when the store can fill it (or does not say: a size it does not count, a product it no
 * longer has). Carts may hold either (the order is the gate): the line says so and offers the fix.
 */
export type LineStock = { kind: 'soldOut' } | { kind: 'fewLeft'; left: number } | null;

export function lineStock(line: Pick<CartLineView, 'product' | 'size' | 'quantity'>): LineStock {
  if (typeof line.product !== 'object') return null;
  const stock = line.product.stock.find((entry) => entry.size === line.size);
  if (stock === undefined) return null;
  if (!stock.inStock) return { kind: 'soldOut' };
  return stock.left !== null && line.quantity > stock.left ? { kind: 'fewLeft', left: stock.left } : null;
}
