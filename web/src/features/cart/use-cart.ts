import { useSelector } from '@xstate/react';
import type { CartData } from '../../../../machines/src/cart/cart-events';
import { emptyCart } from '../../../../machines/src/cart/cart-fold';
import type { CartSnapshot } from '../../../../machines/src/cart/cart-machine';
import { selectCart, selectCartCount } from '../../../../machines/src/cart/cart-selectors';
import { useHydrated } from '../../app/use-hydrated';
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

export function useCartItemCount(): number {
  return useCartSelector(selectCartCount, 0);
}
