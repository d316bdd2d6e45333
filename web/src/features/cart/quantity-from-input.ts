import { MAX_LINE_QUANTITY } from '#domain/store-rules';

/**
 * What the cart page's quantity input means, or null when the change must be ignored. The spec ignores input
 * changes that are empty or 0 (section 4): this is where that rule lives, in the UI layer, because removing a line
 * is the delete icon's job (it sends `cart.quantitySet` with 0, which the machine accepts). Numbers above the
 * maximum are brought down to it, as the input's own `max` would.
 */
export function quantityFromInput(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return null;
  const quantity = Number(text);
  if (quantity === 0) return null;
  return Math.min(quantity, MAX_LINE_QUANTITY);
}
