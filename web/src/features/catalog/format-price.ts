import { CURRENCY_SYMBOL } from '../../../../domain/store-rules';

const amount = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** The store's currency symbol plus the amount with Indian digit grouping, e.g. ₹1,24,999. */
export function formatPrice(price: number): string {
  return `${CURRENCY_SYMBOL}${amount.format(price)}`;
}
