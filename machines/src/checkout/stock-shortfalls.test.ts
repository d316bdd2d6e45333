import { describe, expect, it } from 'vitest';
import type { StockShortfall } from '#domain/stock';
import { quantityInCart, shortfallFixed } from './stock-shortfalls.js';

const short: StockShortfall = { productId: 'p1', name: 'Stride Pro', size: 'UK 9', requested: 3, left: 1 };
const soldOut: StockShortfall = { ...short, left: 0 };
const line = (quantity: number, size = 'UK 9') => ({ productId: 'p1', size, quantity });

describe('a line refused for stock, in the cart as it is now', () => {
  it('is still short while the cart asks for more than is left', () => {
    expect(shortfallFixed(short, [line(3)])).toBe(false);
    expect(shortfallFixed(short, [line(2)])).toBe(false);
    expect(shortfallFixed(soldOut, [line(1)])).toBe(false);
  });

  it('is fixed once set to what is left, or fewer, or removed', () => {
    expect(shortfallFixed(short, [line(1)])).toBe(true);
    expect(shortfallFixed(short, [])).toBe(true);
    expect(shortfallFixed(soldOut, [line(2, 'UK 8')])).toBe(true);
    expect(quantityInCart(soldOut, [line(2, 'UK 8')])).toBe(0);
  });
});
