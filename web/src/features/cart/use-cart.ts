import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { CartData } from '#machines/cart/cart-events';
import { emptyCart } from '#machines/cart/cart-fold';
import type { CartSnapshot } from '#machines/cart/cart-machine';
import { selectCart, selectCartCount } from '#machines/cart/cart-selectors';
import { useHydrated } from '../../shared/use-hydrated';
import { useCartActor } from './cart-context';

const EMPTY: CartData = emptyCart();

/**
 * A value read from the cart actor. The prerendered HTML was made without the stored cart, so until hydration
 * is over this gives what the empty cart gives, and the first render matches that HTML.
 */
export function useCartSelector<T>(selector: (snapshot: CartSnapshot) => T, beforeHydration: T): T {
  const hydrated = useHydrated();
  const value = useSelector(useCartActor(), selector);
  return hydrated ? value : beforeHydration;
}

/** product id → size → quantity. */
export function useCartData(): CartData {
  return useCartSelector(selectCart, EMPTY);
}

/** The nav badge: the sum of all quantities above 0 (spec section 5). */
export function useCartItemCount(): number {
  return useCartSelector(selectCartCount, 0);
}

/**
 * Sets a line's quantity (0 removes it): an event of the cart's log like the quantity box and the delete
 * icon, so a fix made on another page (checkout's shortfalls) goes through the same outbox.
 */
export function useSetLineQuantity(): (itemId: string, size: string, quantity: number) => void {
  const cart = useCartActor();
  return useCallback(
    (itemId, size, quantity) => cart.send({ type: 'cart.quantitySet', itemId, size, quantity }),
    [cart],
  );
}
