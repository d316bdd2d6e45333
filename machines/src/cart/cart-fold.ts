// The cart is a pure fold of its event log, with the server's rules (api/src/cart/) exactly, so the shopper sees
// the same cart before and after it reaches the server.
import { cartQuantitySchema } from '#domain/cart-line';
import { onFirstUse } from '#domain/on-first-use';
import { MAX_LINE_QUANTITY } from '#domain/store-rules';
import type { CartData, CartEvent } from './cart-events.js';

const acceptedQuantity = onFirstUse(() => cartQuantitySchema('quantity'));

/** A quantity the server's update accepts: a whole number from 0 to MAX_LINE_QUANTITY. */
export function isAcceptedQuantity(quantity: number): boolean {
  return acceptedQuantity().safeParse(quantity).success;
}

// Null-prototype maps, as on the server, so a product id or size such as "__proto__" is only ever data.
function emptyMap<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

export function emptyCart(): CartData {
  return emptyMap<Record<string, number>>();
}

export function lineQuantity(cart: CartData, itemId: string, size: string): number {
  return cart[itemId]?.[size] ?? 0;
}

export function quantityAfter(current: number, event: CartEvent): number {
  if (event.type === 'added') {
    // The server's add refuses a line already at the maximum (409) and leaves it as it is.
    return current >= MAX_LINE_QUANTITY ? current : current + 1;
  }
  // The server's update refuses anything else (400) and writes nothing.
  return isAcceptedQuantity(event.quantity) ? event.quantity : current;
}

type WorkingCart = Map<string, Map<string, number>>;

function toWorking(cart: CartData): WorkingCart {
  return new Map(Object.entries(cart).map(([itemId, sizes]) => [itemId, new Map(Object.entries(sizes))]));
}

// A removed line leaves no 0 behind, and a product with no lines left disappears, as the server's rows do.
function cartDataOf(working: WorkingCart): CartData {
  const cart = emptyCart();
  for (const [itemId, sizes] of working) {
    const kept = [...sizes].filter(([, quantity]) => quantity > 0);
    if (kept.length === 0) continue;
    const sizesData = emptyMap<number>();
    for (const [size, quantity] of kept) sizesData[size] = quantity;
    cart[itemId] = sizesData;
  }
  return cart;
}

/** The cart the events produce, starting from `base` (empty unless replaying changes onto another cart). */
export function foldCart(events: Iterable<CartEvent>, base: CartData = emptyCart()): CartData {
  const working = toWorking(base);
  for (const event of events) {
    let sizes = working.get(event.itemId);
    if (!sizes) working.set(event.itemId, (sizes = new Map<string, number>()));
    sizes.set(event.size, quantityAfter(sizes.get(event.size) ?? 0, event));
  }
  return cartDataOf(working);
}

export interface CartLine {
  itemId: string;
  size: string;
  quantity: number;
}

/** The cart's lines, each with a quantity above 0. */
export function cartLines(cart: CartData): CartLine[] {
  return Object.entries(cart).flatMap(([itemId, sizes]) =>
    Object.entries(sizes)
      .filter(([, quantity]) => quantity > 0)
      .map(([size, quantity]) => ({ itemId, size, quantity })),
  );
}

/** The badge count: the sum of all quantities above 0 (spec section 5). */
export function cartCount(cart: CartData): number {
  return cartLines(cart).reduce((count, line) => count + line.quantity, 0);
}
