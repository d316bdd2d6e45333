import { createContext, useContext } from 'react';
import type { CartActorRef } from './cart-actor';

/** The one cart actor of the app, made by CartProvider (the app shell has one). */
export const CartActorContext = createContext<CartActorRef | null>(null);

export function useCartActor(): CartActorRef {
  const cart = useContext(CartActorContext);
  if (cart === null) throw new Error('useCartActor is used outside CartProvider');
  return cart;
}
