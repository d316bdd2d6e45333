import { useEffect } from 'react';
import { useSession } from '../../../shared/session/use-session';
import { useCartActor } from '../../cart';
import { runKeptOrders } from './kept-orders';

/** Rendered by the app shell while someone is signed in: runs that account's kept orders (kept-orders.ts). */
export default function KeptOrdersRunner() {
  const { status, account } = useSession();
  const cart = useCartActor();
  useEffect(() => {
    if (status !== 'signedIn' || account === null) return;
    return runKeptOrders({ account, orderPlaced: () => cart.send({ type: 'cart.orderPlaced' }) });
  }, [status, account, cart]);
  return null;
}
