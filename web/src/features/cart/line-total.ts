import { roundMoney } from '#domain/store-rules';

/** A line's price × quantity, rounded as the cart's subtotal is (so the lines add up to it). */
export function lineTotal(price: number, quantity: number): number {
  return roundMoney(price * quantity);
}
