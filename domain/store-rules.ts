// The business constants of the spec (section 9), shared by the API, the BFF and the client.
export const CATEGORIES = ['Men', 'Women'] as const;
export type Category = (typeof CATEGORIES)[number];

export const SUB_CATEGORIES = ['Sports Shoes', 'Sneakers', 'Leather Shoes', 'Slippers', 'Sandals'] as const;
export type SubCategory = (typeof SUB_CATEGORIES)[number];

// How schema.graphql spells each name. The BFF and the web key Records by these both ways, so a name one side gains
// and the other lacks is a type error.
export const CATEGORY_BY_ENUM_VALUE = {
  MEN: 'Men',
  WOMEN: 'Women',
} as const satisfies Record<string, Category>;

export const SUB_CATEGORY_BY_ENUM_VALUE = {
  SPORTS_SHOES: 'Sports Shoes',
  SNEAKERS: 'Sneakers',
  LEATHER_SHOES: 'Leather Shoes',
  SLIPPERS: 'Slippers',
  SANDALS: 'Sandals',
} as const satisfies Record<string, SubCategory>;

/**
 * The map turned around, typed by the names and values it lists: storing it as `Record<SubCategory, ProductType>`
 * fails to compile when a name has no value or the map has one the enum lacks.
 */
export function valuesByName<Value extends string, Name extends string>(
  names: Readonly<Record<Value, Name>>,
): Record<Name, Value> {
  return Object.fromEntries(Object.entries(names).map(([value, name]) => [name, value])) as Record<
    Name,
    Value
  >;
}

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

export function cartSubtotal(lines: ReadonlyArray<{ price: number; quantity: number }>): number {
  let subtotal = 0;
  for (const line of lines) if (line.quantity > 0) subtotal += line.price * line.quantity;
  return roundMoney(subtotal);
}

export function cartTotal(subtotal: number): number {
  return subtotal === 0 ? 0 : roundMoney(subtotal + DELIVERY_FEE);
}

// Prices may carry paise; sums are kept to two decimals so float noise never reaches a total.
export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Order bodies only: 50 lines of full product copies (2000-char descriptions, 8 image URLs) outgrow the 64 KiB default. */
export const MAX_ORDER_BODY_BYTES = 1024 * 1024;
