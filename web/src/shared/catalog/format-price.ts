import { CURRENCY_SYMBOL } from '#domain/store-rules';

// Indian digit grouping written out rather than asked of Intl: a renderer's first Intl.NumberFormat for
// 'en-IN' loads its locale data, 27–68 ms measured here (four times that on a phone), and a page showing
// prices makes it while hydrating. The result is Intl's own, which the test compares over many amounts.

function grouped(digits: string): string {
  return digits.length <= 3
    ? digits
    : `${digits.slice(0, -3).replace(/(\d)(?=(\d\d)+$)/g, '$1,')},${digits.slice(-3)}`;
}

/**
 * Whole rupees and paise of a non-negative amount, rounded as Intl rounds: half away from zero, on the
 * shortest decimal form (1.005 → 1.01, where toFixed, on the binary value, gives 1.00).
 */
function rupeesAndPaise(amount: number): [string, string] | undefined {
  const [whole = '0', fraction = ''] = String(amount).split('.');
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return undefined;
  const cents =
    BigInt(whole + fraction.slice(0, 2).padEnd(2, '0')) + (Number(fraction[2] ?? '0') >= 5 ? 1n : 0n);
  const digits = cents.toString().padStart(3, '0');
  return [digits.slice(0, -2), digits.slice(-2)];
}

/** The store's currency symbol plus the amount with Indian digit grouping, e.g. ₹1,24,999 or ₹899.50. */
export function formatPrice(price: number): string {
  const sign = price < 0 ? '-' : '';
  if (Number.isSafeInteger(price)) return `${CURRENCY_SYMBOL}${sign}${grouped(String(Math.abs(price)))}`;
  // Paise are written as two digits (₹899.50, never ₹899.5).
  const parts = rupeesAndPaise(Math.abs(price));
  // What no price is (NaN, Infinity, an amount written with an exponent) keeps Intl's way of writing it.
  if (!parts)
    return `${CURRENCY_SYMBOL}${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(price)}`;
  return `${CURRENCY_SYMBOL}${sign}${grouped(parts[0])}.${parts[1]}`;
}
