// The business constants of the spec (section 9), shared by the API, the BFF and the client.
export const CATEGORIES = ['Men', 'Women'] as const;
export type Category = (typeof CATEGORIES)[number];

export const SUB_CATEGORIES = ['Sports Shoes', 'Sneakers', 'Leather Shoes', 'Slippers', 'Sandals'] as const;
export type SubCategory = (typeof SUB_CATEGORIES)[number];

export const CURRENCY_SYMBOL = '₹';
export const DELIVERY_FEE = 10;
/** Largest quantity one cart line (product × size) may hold. */
export const MAX_LINE_QUANTITY = 99;
/** Most distinct lines one order may carry. */
export const MAX_ORDER_LINES = 50;
export const LATEST_COLLECTION_SIZE = 4;
export const RELATED_PRODUCTS_LIMIT = 5;
export const RETURN_POLICY_DAYS = 7;
export const FIRST_ORDER_STATUS = 'Order Placed';
export const PAYMENT_METHOD_COD = 'COD';

/** Σ price × quantity over quantities above 0. */
export function cartSubtotal(lines: ReadonlyArray<{ price: number; quantity: number }>): number {
  let subtotal = 0;
  for (const line of lines) if (line.quantity > 0) subtotal += line.price * line.quantity;
  return roundMoney(subtotal);
}

/** 0 when the subtotal is 0, else subtotal plus the delivery fee. */
export function cartTotal(subtotal: number): number {
  return subtotal === 0 ? 0 : roundMoney(subtotal + DELIVERY_FEE);
}

// Prices may carry paise; sums are kept to two decimals so float noise never reaches a total.
export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Order bodies only: 50 lines of full product copies (2000-char descriptions, 8 image URLs) outgrow the 64 KiB default. */
export const MAX_ORDER_BODY_BYTES = 1024 * 1024;
