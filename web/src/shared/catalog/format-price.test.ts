import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

const intl = {
  whole: new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }),
  paise: new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};
const byIntl = (price: number) => `₹${(Number.isInteger(price) ? intl.whole : intl.paise).format(price)}`;

describe('formatPrice', () => {
  it('writes whole rupees with Indian digit grouping', () => {
    expect(formatPrice(124999)).toBe('₹1,24,999');
    expect(formatPrice(0)).toBe('₹0');
    expect(formatPrice(999)).toBe('₹999');
    expect(formatPrice(1000)).toBe('₹1,000');
    expect(formatPrice(12345678)).toBe('₹1,23,45,678');
  });

  it('writes paise as two digits', () => {
    expect(formatPrice(899.5)).toBe('₹899.50');
    expect(formatPrice(1234.05)).toBe('₹1,234.05');
  });

  it("writes every amount as Intl's en-IN formatter does", () => {
    const amounts = [
      ...Array.from({ length: 20_000 }, (_, i) => i * 37),
      ...Array.from({ length: 16 }, (_, i) => 10 ** i - 1),
      ...Array.from({ length: 16 }, (_, i) => 10 ** i),
      ...Array.from({ length: 5_000 }, (_, i) => i * 3.17),
      ...[0.125, 0.375, 1.005, 2.675, 999.995, 99999.999, 0.5, 0.01, 1e14 + 0.5, -1234.5, -7],
    ];
    const differing = amounts.filter((amount) => formatPrice(amount) !== byIntl(amount));
    expect(differing.map((amount) => `${amount}: ${formatPrice(amount)} ≠ ${byIntl(amount)}`)).toEqual([]);
  });
});
