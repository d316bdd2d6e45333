import { describe, expect, it } from 'vitest';
import type { CartView } from '../cart';
import { orderConfirmation } from './order-confirmation';

const line = (name: string) => ({
  product: { __typename: 'Product' as const, id: name, name, price: 100, images: [] },
});
const view = (names: string[], total: number) =>
  ({ lines: names.map(line), totals: { total } }) as unknown as Pick<CartView, 'lines' | 'totals'>;

describe('the order confirmation', () => {
  it('names the order by its reference when the store gave one, and by what is in it', () => {
    expect(
      orderConfirmation(
        view(['Stride Runner', 'Court Classic', 'Pool Slide'], 9008),
        '3f2a9c1b-77aa-4e0e-9d1b-1c2d3e4f5a6b',
      ),
    ).toBe('Order placed (order #3F2A9C1B): Stride Runner and 2 more, ₹9,008, cash on delivery.');
  });

  it('names it by its contents alone when the store answered a message only', () => {
    expect(orderConfirmation(view(['Stride Runner'], 2509), null)).toBe(
      'Order placed: Stride Runner, ₹2,509, cash on delivery.',
    );
  });
});
