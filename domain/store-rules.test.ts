import { describe, expect, it } from 'vitest';
import { cartSubtotal, cartTotal, DELIVERY_FEE } from './store-rules.js';

describe('cart totals', () => {
  it('amount is the sum of price × quantity over quantities above 0', () => {
    expect(
      cartSubtotal([
        { price: 1299, quantity: 2 },
        { price: 499.5, quantity: 1 },
        { price: 999, quantity: 0 },
      ]),
    ).toBe(3097.5);
  });

  it('total is 0 when the subtotal is 0', () => {
    expect(cartTotal(cartSubtotal([]))).toBe(0);
    expect(cartTotal(cartSubtotal([{ price: 999, quantity: 0 }]))).toBe(0);
  });

  it('total adds the delivery fee of 10 otherwise', () => {
    expect(DELIVERY_FEE).toBe(10);
    expect(cartTotal(2598)).toBe(2608);
  });

  it('keeps paise exact where floats would drift', () => {
    expect(
      cartSubtotal([
        { price: 0.1, quantity: 1 },
        { price: 0.2, quantity: 1 },
      ]),
    ).toBe(0.3);
  });
});
