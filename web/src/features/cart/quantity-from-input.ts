import { MAX_LINE_QUANTITY } from '#domain/store-rules';

/**
 * What the cart page's quantity input means, or null when the spec ignores it (empty or 0, section 4:
 * removing a line is the delete icon's job, not the machine's rule). Above the maximum: the maximum.
 */
export function quantityFromInput(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return null;
  const quantity = Number(text);
  if (quantity === 0) return null;
  return Math.min(quantity, MAX_LINE_QUANTITY);
}
