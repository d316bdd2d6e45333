import { orderReference } from '#domain/order-life';
import { formatPrice } from '../../shared/catalog/format-price';
import type { CartView } from '../cart';

/**
 * What the shopper is told once the order is placed: which order (its reference when the store gave an id,
 * and always what is in it) and what it costs, so the confirmation cannot be mistaken for an earlier one.
 */
export function orderConfirmation(view: Pick<CartView, 'lines' | 'totals'>, orderId: string | null): string {
  const names = view.lines.flatMap((line) => (typeof line.product === 'object' ? [line.product.name] : []));
  return `Order placed${orderSummary(orderedWhat(names, 'your cart'), view.totals.total, orderId)}`;
}

/** The first product's name, and how many more: "Stride Pro and 2 more". */
export function orderedWhat(names: readonly string[], nothing: string): string {
  const [first, ...others] = names;
  if (first === undefined) return nothing;
  return others.length > 0 ? `${first} and ${String(others.length)} more` : first;
}

/** " (order 6B0905FE): Stride Pro and 2 more, ₹4,509, cash on delivery." */
export function orderSummary(what: string, total: number, orderId: string | null): string {
  // The reference MY ORDERS shows beside the order, so the shopper can match them.
  const reference = orderId === null ? '' : ` (order ${orderReference(orderId)})`;
  return `${reference}: ${what}, ${formatPrice(total)}, cash on delivery.`;
}
