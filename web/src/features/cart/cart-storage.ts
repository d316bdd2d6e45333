import {
  EMPTY_CART_LOG,
  parseStoredCartLog,
  serializeCartLog,
  type CartLog,
} from '#machines/cart/cart-events';

// The cart's event log in local storage (decisions 005 and 007): it survives a reload, every tab shares it.
// What the log means is the cart machine's business (machines/src/cart/).
export const CART_STORAGE_KEY = 'kadam.cart.log';
/** An outbox mark older builds kept beside the log: read, and removed at the next write. */
export const LEGACY_OUTBOX_KEY = 'kadam.cart.outbox';

export function readStoredCartLog(): CartLog {
  if (typeof window === 'undefined') return EMPTY_CART_LOG;
  try {
    const log = parseStoredCartLog(window.localStorage.getItem(CART_STORAGE_KEY), console.warn);
    return window.localStorage.getItem(LEGACY_OUTBOX_KEY) === '1' ? { ...log, outbox: true } : log;
  } catch {
    // Storage can be unavailable (privacy modes): the cart then lives for this visit only.
    return EMPTY_CART_LOG;
  }
}

export function storeCartLog(log: CartLog): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, serializeCartLog(log));
    window.localStorage.removeItem(LEGACY_OUTBOX_KEY);
  } catch {
    // Full or unavailable storage: the cart still works for this visit.
  }
}
