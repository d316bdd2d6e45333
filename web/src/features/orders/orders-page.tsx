import { Link } from 'react-router-dom';
import { LoadFailed } from '../../shared/load-failed';
import { ROUTES } from '../../shared/route-table';
import ui from '../../shared/ui.module.css';
import { useDocumentMeta } from '../../shared/use-document-meta';
import { HostedSignInOffer, loginPathFor } from '../login';
import { useHostedSignIn } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import { useKeptOrders } from '../place-order';
import { KeptOrderRow } from './kept-order-row';
import { OrderRow, OrderRowSkeleton } from './order-row';
import { orderRows } from './order-rows';
import { useMyOrders } from './use-my-orders';
import { useNow } from './use-now';
import styles from './orders.module.css';

export default function OrdersPage() {
  useDocumentMeta(ROUTES.orders.meta.title, ROUTES.orders.meta.description);
  const { status } = useSession();
  return (
    <section className={`container ${styles.page}`} aria-labelledby="orders-title">
      <h1 id="orders-title" className={ui.sectionTitle}>
        My orders
      </h1>
      {status === 'signedIn' ? (
        <OrdersList />
      ) : status === 'signedOut' ? (
        <SignInPrompt />
      ) : (
        <OrdersSkeleton />
      )}
    </section>
  );
}

function OrdersList() {
  const { orders, failed, refreshing, refresh: track } = useMyOrders();
  const now = useNow();
  const kept = useKeptOrders();
  // Orders kept on this device are shown even when the store cannot be reached: that is when they are there.
  const keptRows =
    kept.length === 0 ? null : (
      <ul className={styles.rows} aria-label="Orders waiting to be sent">
        {kept.map((view) => (
          <KeptOrderRow key={view.order.id} view={view} />
        ))}
      </ul>
    );

  if (!orders) {
    if (failed)
      return (
        <>
          {keptRows}
          <LoadFailed title="Your orders could not be loaded." onRetry={track} />
        </>
      );
    return (
      <>
        {keptRows}
        <OrdersSkeleton />
      </>
    );
  }

  const rows = orderRows(orders);
  if (rows.length === 0 && keptRows) return keptRows;
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
      {keptRows}
      <p className="visually-hidden" role="status" aria-live="polite">
        {refreshing ? 'Refreshing your orders…' : ''}
      </p>
      <ul className={styles.rows} aria-label="Ordered items" aria-busy={refreshing}>
        {rows.map((row) => (
          <OrderRow key={row.key} row={row} onTrack={track} refreshing={refreshing} now={now} />
        ))}
      </ul>
    </>
  );
}

function SignInPrompt() {
  const openSignIn = useHostedSignIn();
  if (openSignIn)
    return (
      <HostedSignInOffer reason="Sign in to see your orders." returnTo="/orders" openSignIn={openSignIn} />
    );
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
