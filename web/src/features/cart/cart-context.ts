import { createActorContext } from '@xstate/react';
import type { CartActorRef } from './cart-actor';
import { cartLogic } from './cart-actor';

/** The one cart actor of the app: its Provider is in CartProvider (the app shell has one). */
export const CartActorContext = createActorContext(cartLogic);

export function useCartActor(): CartActorRef {
  return CartActorContext.useActorRef();
}
