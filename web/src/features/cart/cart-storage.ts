import {
  EMPTY_CART_LOG,
  parseStoredCartLog,
  serializeCartLog,
  type CartEvent,
  type CartLog,
} from '../../../../machines/src/cart/cart-events';
import { foldCart, lineQuantity } from '../../../../machines/src/cart/cart-fold';
import { pendingEvents } from '../../../../machines/src/cart/cart-log';

// The cart's event log in local storage (decision 005): a guest's cart and a signed-in shopper's unsent changes
// survive a reload. A new key, since the log's shape is not the plain cart map the stand-in cart kept.
export const CART_STORAGE_KEY = 'kadam.cart.log';
/** Set while the stored log is a signed-in shopper's outbox rather than a guest's cart. */
export const CART_OUTBOX_KEY = 'kadam.cart.outbox';

/**
 * A signed-in shopper's unsent changes as absolute quantities. A reload can interrupt a change that had already
 * reached the server; after the reload the machine replays the pending events on the account's cart as if they
 * were a guest's, and an `added` would then count twice. As "this line is now N" the replay is idempotent, and
 * the line shows what the shopper last saw. (A guest's adds still add to the account's lines on sign-in.)
 */
export function outboxAsAbsolute(log: CartLog): CartLog {
  const pending = pendingEvents(log);
  if (pending.every((event) => event.type === 'quantitySet')) return log;
  const cart = foldCart(log.events);
  const lastPerLine = new Map<string, CartEvent>();
  for (const event of pending) {
    const key = JSON.stringify([event.itemId, event.size]);
    lastPerLine.delete(key);
    lastPerLine.set(key, event);
  }
  const sets: CartEvent[] = [...lastPerLine.values()].map((last) => ({
    type: 'quantitySet',
    id: last.id,
    at: last.at,
    itemId: last.itemId,
    size: last.size,
    quantity: lineQuantity(cart, last.itemId, last.size),
  }));
  return { events: [...log.events.slice(0, log.synced), ...sets], synced: log.synced };
}

export function readStoredCartLog(): CartLog {
  if (typeof window === 'undefined') return EMPTY_CART_LOG;
  try {
    const log = parseStoredCartLog(window.localStorage.getItem(CART_STORAGE_KEY), console.warn);
    return window.localStorage.getItem(CART_OUTBOX_KEY) === '1' ? outboxAsAbsolute(log) : log;
  } catch {
    // Storage can be unavailable (privacy modes): the cart then lives for this visit only.
    return EMPTY_CART_LOG;
  }
}

export function storeCartLog(log: CartLog, isOutbox: boolean): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, serializeCartLog(log));
    if (isOutbox) window.localStorage.setItem(CART_OUTBOX_KEY, '1');
    else window.localStorage.removeItem(CART_OUTBOX_KEY);
  } catch {
    // Full or unavailable storage: the cart still works for this visit.
  }
}
