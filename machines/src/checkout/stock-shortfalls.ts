// An order refused for stock names the lines the store cannot fill (checkout-machine.ts, form.outOfStock). The
// shopper fixes them through the cart; these say how each stands in the cart now.
import type { StockShortfall } from '#domain/stock';
import type { OrderLine } from './checkout-machine.js';

/** The line's quantity in the cart now: 0 when it has been removed. */
export function quantityInCart(shortfall: StockShortfall, lines: readonly OrderLine[]): number {
  return (
    lines.find((line) => line.productId === shortfall.productId && line.size === shortfall.size)?.quantity ??
    0
  );
}

/** The cart no longer asks for more of this line than the store had: set to what is left, or removed. */
export function shortfallFixed(shortfall: StockShortfall, lines: readonly OrderLine[]): boolean {
  return quantityInCart(shortfall, lines) <= shortfall.left;
}
