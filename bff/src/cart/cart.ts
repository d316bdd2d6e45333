import type { CartLine } from '../generated/resolvers-types.js';
import type { CartData } from '../rest/answer-shapes.js';

const collator = new Intl.Collator('en', { numeric: true });

/** Lines above 0 (the seed's backend keeps a line set to 0), in a stable order so a cart reads the same. */
export function cartLines(cartData: CartData): CartLine[] {
  const lines: CartLine[] = [];
  for (const [productId, sizes] of Object.entries(cartData)) {
    for (const [size, quantity] of Object.entries(sizes)) {
      if (quantity > 0) lines.push({ productId, size, quantity });
    }
  }
  return lines.sort((a, b) =>
    a.productId === b.productId ? collator.compare(a.size, b.size) : a.productId < b.productId ? -1 : 1,
  );
}
