import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { ORDERS_META } from '../../shared/prerendered-routes';
import ui from '../../shared/ui.module.css';
import { useDocumentMeta } from '../../shared/use-document-meta';
import { MyOrdersDocument } from '../../graphql/generated/graphql';
import { HostedSignInOffer, loginPathFor } from '../login';
import { useHostedSignIn } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import { OrderRow, OrderRowSkeleton } from './order-row';
import { orderRows } from './order-rows';
import styles from './orders.module.css';

export default function OrdersPage() {
  useDocumentMeta(ORDERS_META.title, ORDERS_META.description);
  const { status } = useSession();
  return (
    <section className={`container ${styles.page}`} aria-labelledby="orders-title">
      <h1 id="orders-title" className={ui.sectionTitle}>
        My orders
      </h1>
      {status === 'signedIn' ? <OrdersList /> : status === 'signedOut' ? <SignInPrompt /> : <OrdersSkeleton />}
    </section>
  );
}

function OrdersList() {
  // Always from the server: orders change on their own (status updates), and a cache must never show the
  // previous shopper's orders. A failure is only logged (spec section 8), so the list says it inline.
  const { data, error, networkStatus, refetch } = useQuery(MyOrdersDocument, {
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
    context: { silent: true },
  });
  const refreshing = networkStatus === NetworkStatus.refetch;
  const track = () => void refetch().catch(() => undefined);

  if (!data) {
    if (error) {
      return (
        <div className={styles.message}>
          <p>Your orders could not be loaded.</p>
          <button type="button" className={ui.buttonGhost} onClick={track}>
            Try again
          </button>
        </div>
      );
    }
    return <OrdersSkeleton />;
  }

  const rows = orderRows(data.myOrders);
  if (rows.length === 0) {
    return (
      <div className={styles.message}>
        <p>You have not placed any orders yet.</p>
        <Link to="/collection" className={ui.button}>
          Browse the collection
        </Link>
      </div>
    );
  }
  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {refreshing ? 'Refreshing your orders…' : ''}
      </p>
      <ul className={styles.rows} aria-label="Ordered items" aria-busy={refreshing}>
        {rows.map((row) => (
          <OrderRow key={row.key} row={row} onTrack={track} refreshing={refreshing} />
        ))}
      </ul>
    </>
  );
}

function SignInPrompt() {
  const openSignIn = useHostedSignIn();
  if (openSignIn) return <HostedSignInOffer reason="Sign in to see your orders." returnTo="/orders" openSignIn={openSignIn} />;
  return (
    <div className={styles.message}>
      <p>Sign in to see your orders.</p>
      <Link to={loginPathFor('/orders')} className={ui.button}>
        Sign in
      </Link>
    </div>
  );
}

function OrdersSkeleton() {
  return (
    <ul className={styles.rows} role="status" aria-label="Loading your orders">
      {[0, 1, 2].map((row) => (
        <OrderRowSkeleton key={row} />
      ))}
    </ul>
  );
}
