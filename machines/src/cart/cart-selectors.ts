// What the UI reads from the cart machine's snapshot.
import type { CartData } from './cart-events.js';
import { cartCount } from './cart-fold.js';
import { pendingEvents } from './cart-log.js';
import type { CartSnapshot } from './cart-machine.js';

export const selectCart = (snapshot: CartSnapshot): CartData => snapshot.context.cart;
export const selectCartCount = (snapshot: CartSnapshot): number => cartCount(snapshot.context.cart);
/** Changes waiting for the server; a guest's changes wait for sign-in instead and are not counted. */
export const selectOutboxLength = (snapshot: CartSnapshot): number =>
  snapshot.matches('signedIn') ? pendingEvents(snapshot.context.log).length : 0;
export const selectCartSyncing = (snapshot: CartSnapshot): boolean =>
  snapshot.matches({ signedIn: 'loading' }) || snapshot.matches({ signedIn: 'sending' });
export const selectCartLastError = (snapshot: CartSnapshot): string | null => snapshot.context.lastError;
