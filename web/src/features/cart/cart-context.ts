import { createContext, useContext } from 'react';
import type { CartActorRef } from './cart-actor';

/** The one cart actor of the app (CartProvider). */
export const CartContext = createContext<CartActorRef | null>(null);

export function useCartActor(): CartActorRef {
  const actor = useContext(CartContext);
  if (!actor) throw new Error('useCartActor needs a <CartProvider> above it (the app shell has one)');
  return actor;
}
