// Prices come from the catalogue the caller holds; the cart itself knows only ids, sizes and quantities.
import { cartSubtotal, cartTotal } from '#domain/store-rules';
import type { CartData } from './cart-events.js';
import { cartCount, cartLines, type CartLine } from './cart-fold.js';

export interface PricedLine extends CartLine {
  /** undefined when the catalogue has no such product: the line shows 'Product not found for ID: {id}'. */
  price: number | undefined;
}

export interface CartTotals {
  lines: PricedLine[];
  count: number;
  subtotal: number;
  total: number;
}

export function priceCart(cart: CartData, priceOf: (itemId: string) => number | undefined): CartTotals {
  const lines = cartLines(cart).map((line) => ({ ...line, price: priceOf(line.itemId) }));
  // An unknown product cannot be priced, so it adds nothing; the order would refuse it anyway.
  const subtotal = cartSubtotal(lines.map((line) => ({ price: line.price ?? 0, quantity: line.quantity })));
  return { lines, count: cartCount(cart), subtotal, total: cartTotal(subtotal) };
}
