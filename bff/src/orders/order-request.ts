import { CURRENCY_SYMBOL, cartSubtotal, cartTotal } from '#domain/store-rules';
import type { Catalog } from '../catalog/catalog.js';
import { badUserInput, StoreError } from '../errors.js';
import type { OrderItemCopy } from '../rest/store-api.js';

export interface OrderLine {
  productId: string;
  size: string;
  quantity: number;
}

/**
 * Spec section 3's items and amount, priced from the catalogue, so every backend gets a complete order (the
 * seed's stores what it is sent; ours prices it again and refuses a different amount).
 */
export async function pricedOrder(
  lines: readonly OrderLine[],
  catalog: Catalog,
): Promise<{ items: OrderItemCopy[]; amount: number }> {
  const products = await catalog.find(lines.map((line) => line.productId));
  const items = lines.map((line): OrderItemCopy => {
    const product = products.get(line.productId);
    if (!product) throw new StoreError('NOT_FOUND', `Product not found for ID: ${line.productId}`);
    if (!product.sizes.includes(line.size))
      throw badUserInput(`Size ${line.size} is not available for ${product.name}`);
    return { ...product.source, size: line.size, quantity: line.quantity };
  });
  return { items, amount: cartTotal(cartSubtotal(items)) };
}

/** The shopper is charged what they were shown, or told the new total: never a different amount silently. */
export function checkExpectedTotal(amount: number, expectedTotal: number | null | undefined): void {
  if (expectedTotal === null || expectedTotal === undefined || Math.abs(expectedTotal - amount) <= 0.005)
    return;
  throw new StoreError(
    'PRICE_CHANGED',
    `Prices have changed: your order total is now ${CURRENCY_SYMBOL}${amount}. Please review your cart and place the order again.`,
    undefined,
    { total: amount },
  );
}
