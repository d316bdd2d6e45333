import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { inspect } from '../../app/inspect';
import { useSession } from '../session/use-session-status';
import { cartLogic, type CartActorRef } from './cart-actor';
import { CartContext } from './cart-context';
import { readStoredCartLog } from './cart-storage';

/** Creates the app's one cart actor from the stored log and keeps it told about the session and the network. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [storedLog] = useState(readStoredCartLog);
  const cart = useActorRef(cartLogic, { input: { log: storedLog }, inspect });
  useSessionEvents(cart);
  useOnlineEvents(cart);
  return <CartContext value={cart}>{children}</CartContext>;
}

// Only a known session is reported: before hydration, or before the hosted sign-in has loaded, "signed out" might
// be wrong, and the machine would empty an account's cart on it.
function useSessionEvents(cart: CartActorRef): void {
  const { status, account } = useSession();
  const reportedAccount = useRef<string | null>(null);
  useEffect(() => {
    if (status === 'pending') return;
    if (status === 'signedOut') {
      reportedAccount.current = null;
      cart.send({ type: 'cart.signedOut' });
      return;
    }
    // A different account without a sign-out in between (another tab signed in as someone else): the previous
    // account's cart must not be sent to the new one.
    if (reportedAccount.current !== null && reportedAccount.current !== account) cart.send({ type: 'cart.signedOut' });
    reportedAccount.current = account;
    cart.send({ type: 'cart.signedIn' });
  }, [cart, status, account]);
}

function useOnlineEvents(cart: CartActorRef): void {
  useEffect(() => {
    const onOnline = () => cart.send({ type: 'cart.wentOnline' });
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [cart]);
}
