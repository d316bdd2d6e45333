import { orderReference } from '#domain/order-life';
import { formatPrice } from '../../shared/catalog/format-price';
import type { CartView } from '../cart';

/**
 * What the shopper is told once the order is placed: which order (its reference when the store gave an id,
 * and always what is in it) and what it costs, so the confirmation cannot be mistaken for an earlier one.
 */
export function orderConfirmation(view: Pick<CartView, 'lines' | 'totals'>, orderId: string | null): string {
  const names = view.lines.flatMap((line) => (typeof line.product === 'object' ? [line.product.name] : []));
  const first = names[0];
  const what =
    first === undefined
      ? 'your cart'
      : names.length > 1
        ? `${first} and ${String(names.length - 1)} more`
        : first;
  // The reference MY ORDERS shows beside the order, so the shopper can match them.
  const reference = orderId === null ? '' : ` (order ${orderReference(orderId)})`;
  return `Order placed${reference}: ${what}, ${formatPrice(view.totals.total)}, cash on delivery.`;
}
