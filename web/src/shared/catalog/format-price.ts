import { CURRENCY_SYMBOL } from '#domain/store-rules';

// Made on first use, not when the module loads: building an Intl formatter costs several milliseconds on a slow
// phone, inside the one task that evaluates the app's chunk (a long task for Lighthouse's TBT). Paise are
// written as two digits (₹899.50, never ₹899.5), and most prices have none, so that formatter is often never made.
let rupees: Intl.NumberFormat | undefined;
let rupeesAndPaise: Intl.NumberFormat | undefined;

/** The store's currency symbol plus the amount with Indian digit grouping, e.g. ₹1,24,999 or ₹899.50. */
export function formatPrice(price: number): string {
  const format = Number.isInteger(price)
    ? (rupees ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }))
    : (rupeesAndPaise ??= new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  return `${CURRENCY_SYMBOL}${format.format(price)}`;
}
