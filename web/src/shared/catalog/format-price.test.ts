import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it('writes whole rupees with Indian digit grouping', () => {
    expect(formatPrice(124999)).toBe('₹1,24,999');
    expect(formatPrice(0)).toBe('₹0');
  });

  it('writes paise as two digits', () => {
    expect(formatPrice(899.5)).toBe('₹899.50');
    expect(formatPrice(1234.05)).toBe('₹1,234.05');
  });
});
