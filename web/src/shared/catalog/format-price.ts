import { CURRENCY_SYMBOL } from '#domain/store-rules';

const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
// Paise are written as two digits (₹899.50, never ₹899.5).
const rupeesAndPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The store's currency symbol plus the amount with Indian digit grouping, e.g. ₹1,24,999 or ₹899.50. */
export function formatPrice(price: number): string {
  return `${CURRENCY_SYMBOL}${(Number.isInteger(price) ? rupees : rupeesAndPaise).format(price)}`;
}
