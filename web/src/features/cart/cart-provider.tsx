import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { inspect } from '../../shared/inspect';
import { useSession, type Session } from '../../shared/session/use-session';
import { cartLogic, type CartActorRef } from './cart-actor';
import { CartActorContext, useCartActor } from './cart-context';
import { parseStoredCartLog } from '#machines/cart/cart-events';
import { CART_STORAGE_KEY, readStoredCartLog } from './cart-storage';

/** Held by the one tab that sends the outbox; the next tab takes it when that one closes. */
const CART_SENDER_LOCK = 'kadam.cart.sender';

// Without Web Locks every tab sends: a change may then go out from two tabs, harmlessly (each is sent as the
// line's resulting quantity), never lost.
const hasWebLocks = () => typeof navigator !== 'undefined' && 'locks' in navigator;

/** The app's one cart actor, from the stored log, told about the session, the network and the other tabs. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [storedLog] = useState(readStoredCartLog);
  const cart = useActorRef(cartLogic(), { input: { log: storedLog, sender: !hasWebLocks() }, inspect });
  return (
    <CartActorContext value={cart}>
      <CartEvents />
      {children}
    </CartActorContext>
  );
}

function CartEvents(): null {
  const cart = useCartActor();
  const session = useSession();
  useSessionEvents(cart, session);
  useKeptOrders(cart, session);
  useOnlineEvents(cart);
  useOtherTabs(cart);
  return null;
}

// Only a known session is reported: before hydration, or before the hosted sign-in has loaded, "signed out"
// might be wrong, and the machine would empty an account's cart on it.
function useSessionEvents(cart: CartActorRef, { status, account }: Session): void {
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
    if (reportedAccount.current !== null && reportedAccount.current !== account)
      cart.send({ type: 'cart.signedOut' });
    reportedAccount.current = account;
    cart.send({ type: 'cart.signedIn' });
  }, [cart, status, account]);
}

// The orders kept on the device while the store could not be reached (decision 027) run for the signed-in account;
// their code loads only for one.
function useKeptOrders(cart: CartActorRef, { status, account }: Session): void {
  useEffect(() => {
    if (status !== 'signedIn' || account === null) return;
    let stop: (() => void) | undefined;
    let live = true;
    void import('../place-order').then(({ runKeptOrders }) => {
      if (live) stop = runKeptOrders({ account, orderPlaced: () => cart.send({ type: 'cart.orderPlaced' }) });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [cart, status, account]);
}

function useOnlineEvents(cart: CartActorRef): void {
  useEffect(() => {
    const onOnline = () => cart.send({ type: 'cart.wentOnline' });
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [cart]);
}

/** Every open tab shows the same cart: another tab's stored log is folded in, one tab sends the outbox. */
function useOtherTabs(cart: CartActorRef): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CART_STORAGE_KEY || event.storageArea !== window.localStorage) return;
      cart.send({ type: 'cart.storedLogChanged', log: parseStoredCartLog(event.newValue, console.warn) });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [cart]);

  useEffect(() => {
    if (!hasWebLocks()) return;
    const released = new AbortController();
    navigator.locks
      .request(CART_SENDER_LOCK, { signal: released.signal }, () => {
        cart.send({ type: 'cart.senderChanged', sender: true });
        // Held until this tab's cart goes away (the tab closes or the app unmounts).
        return new Promise<void>((resolve) => released.signal.addEventListener('abort', () => resolve()));
      })
      .catch(() => undefined);
    return () => {
      released.abort();
      cart.send({ type: 'cart.senderChanged', sender: false });
    };
  }, [cart]);
}
