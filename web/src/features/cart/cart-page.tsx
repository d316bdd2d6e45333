import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { selectCartLastError, selectOutboxLength } from '#machines/cart/cart-selectors';
import { ROUTES } from '../../shared/route-table';
import ui from '../../shared/ui.module.css';
import { useDocumentMeta } from '../../shared/use-document-meta';
import { useHydrated } from '../../shared/use-hydrated';
import { CartLine } from './cart-line';
import { useCartActor } from './cart-context';
import { useSetLineQuantity } from './use-cart';
import { CartTotalsPanel } from './cart-totals-panel';
import styles from './cart.module.css';
import { ProductsFailedNotice } from './products-failed-notice';
import { useCartView } from './use-cart-view';

export default function CartPage() {
  useDocumentMeta(ROUTES.cart.meta.title, ROUTES.cart.meta.description);
  // The prerendered page knows nothing of the shopper's cart: it shows the frame, the browser fills it in.
  const hydrated = useHydrated();
  return (
    <section className={`container ${styles.page}`} aria-labelledby="cart-title">
      <h1 id="cart-title" className={ui.sectionTitle}>
        Your cart
      </h1>
      {hydrated ? <CartContents /> : <CartSkeleton />}
    </section>
  );
}

function CartContents() {
  const setQuantity = useSetLineQuantity();
  const view = useCartView();

  if (view.lines.length === 0) return <EmptyCart />;
  return (
    <>
      <SyncNotice />
      {view.failed ? <ProductsFailedNotice onRetry={view.retry} /> : null}
      <ul className={styles.lines} aria-label="Cart items">
        {view.lines.map((line) => (
          <CartLine
            key={`${line.itemId}\u0000${line.size}`}
            line={line}
            onQuantityChange={(quantity) => setQuantity(line.itemId, line.size, quantity)}
            onRemove={() => setQuantity(line.itemId, line.size, 0)}
          />
        ))}
      </ul>
      <div className={styles.summary}>
        <CartTotalsPanel subtotal={view.totals.subtotal} total={view.totals.total} pending={!view.ready} />
        <div className={styles.actions}>
          <Link to="/place-order" className={ui.button}>
            PROCEED TO CHECKOUT
          </Link>
          <Link to="/orders" className={ui.buttonGhost}>
            VIEW MY ORDERS
          </Link>
        </div>
      </div>
    </>
  );
}

/** Changes the server has not taken yet after a failure: they are kept on this device and retried. */
function SyncNotice() {
  const cart = useCartActor();
  const waiting = useSelector(cart, selectOutboxLength);
  const lastError = useSelector(cart, selectCartLastError);
  if (waiting === 0 || lastError === null) return null;
  return (
    <p className={styles.notice} role="status">
      Your latest changes are saved on this device and will be synced when the store can be reached.
    </p>
  );
}

function EmptyCart() {
  return (
    <div className={styles.empty}>
      <p>Your cart is empty.</p>
      <div className={styles.actions}>
        <Link to="/collection" className={ui.button}>
          Continue shopping
        </Link>
        <Link to="/orders" className={ui.buttonGhost}>
          VIEW MY ORDERS
        </Link>
      </div>
    </div>
  );
}

function CartSkeleton() {
  return (
    <div className={styles.lines} role="status" aria-live="polite">
      <span className="visually-hidden">Loading your cart…</span>
      {[0, 1].map((row) => (
        <div key={row} className={styles.line} aria-hidden="true">
          <div className={`${styles.image} ${ui.skeleton}`} />
          <div className={`${ui.skeleton} ${styles.skeletonLine}`} />
        </div>
      ))}
    </div>
  );
}
