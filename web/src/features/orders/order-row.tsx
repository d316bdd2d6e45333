import { lazy, Suspense, useRef, useState } from 'react';
import { ProductImage } from '../../shared/catalog/product-image';
import { formatPrice } from '../../shared/catalog/format-price';
import ui from '../../shared/ui.module.css';
import { formatDayMonth, formatOrderDate } from './order-dates';
import { mayAskReturn, returnStateText, type OrderItemRow } from './order-rows';
import styles from './orders.module.css';

// The actions' code (their machines, the form) loads when the shopper opens one: most visits only look.
const CancelPanel = lazy(() => import('./order-actions').then((module) => ({ default: module.CancelPanel })));
const ReturnPanel = lazy(() => import('./order-actions').then((module) => ({ default: module.ReturnPanel })));

interface OrderRowProps {
  row: OrderItemRow;
  onTrack: () => void;
  refreshing: boolean;
  /** The time the page judges deadlines by (ms), from useNow. */
  now: number;
}

type Opened = 'cancel' | 'return' | null;

export function OrderRow({ row, onTrack, refreshing, now }: OrderRowProps) {
  const [opened, setOpened] = useState<Opened>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const returnButton = useRef<HTMLButtonElement>(null);
  const canReturn = mayAskReturn(row, now);
  const close = (from: Opened) => {
    setOpened(null);
    // Back to the button that opened the panel, when it is still there (a cancelled order has none).
    requestAnimationFrame(() => (from === 'cancel' ? cancelButton : returnButton).current?.focus());
  };

  return (
    <li className={styles.row} data-cancelled={row.cancelled || undefined}>
      <ProductImage className={styles.image} src={row.image} alt={row.name} use="line" />
      <div className={styles.details}>
        <p className={styles.name}>{row.name}</p>
        <p className={styles.facts}>
          <span>{formatPrice(row.price)}</span>
          <span>Quantity: {row.quantity}</span>
          <span>Size: {row.size}</span>
        </p>
        <p className={styles.meta}>
          Date: <time dateTime={row.placedAt}>{formatOrderDate(row.placedAt)}</time>
        </p>
        <p className={styles.meta}>Payment: {row.paymentMethod}</p>
        <p className={styles.meta}>
          Order <span className={styles.reference}>{row.reference}</span>
          <span aria-hidden="true"> · </span>
          <span className="visually-hidden">, </span>
          Total {formatPrice(row.total)}
        </p>
      </div>

      <div className={styles.progress}>
        <p className={styles.status}>
          <span
            className={row.cancelled ? `${styles.dot} ${styles.dotCancelled}` : styles.dot}
            aria-hidden="true"
          />
          {row.status}
        </p>
        {/* One step says no more than the status and the date beside it. */}
        {row.statusHistory.length > 1 && <StatusTimeline row={row} />}
      </div>

      <div className={styles.actions}>
        <button
          type="button"
          className={`${ui.buttonGhost} ${styles.action}`}
          onClick={onTrack}
          aria-disabled={refreshing}
        >
          Track Order
        </button>
        {row.cancellable && opened !== 'cancel' && (
          <button
            ref={cancelButton}
            type="button"
            className={`${ui.buttonGhost} ${styles.action}`}
            onClick={() => setOpened('cancel')}
          >
            Cancel order
          </button>
        )}
        {canReturn && opened !== 'return' && (
          <button
            ref={returnButton}
            type="button"
            className={`${ui.buttonGhost} ${styles.action}`}
            onClick={() => setOpened('return')}
          >
            Return or exchange
          </button>
        )}
        {/* Once every pair is in a request, the request's own state says what happens next. */}
        {row.returnableUntil !== null && row.pairsLeftToReturn > 0 && (
          <ReturnDeadline until={row.returnableUntil} now={now} />
        )}
      </div>

      {row.returns.length > 0 && (
        <div className={styles.returns} aria-label="Returns and exchanges" role="group">
          {row.returns.map((request) => (
            <p key={request.id} className={styles.returnState} data-status={request.status}>
              {returnStateText(request)}
              <span className={styles.returnMeta}>
                {' '}
                · {request.quantity} {request.quantity === 1 ? 'pair' : 'pairs'} · {request.reason} · asked{' '}
                <time dateTime={request.requestedAt}>{formatDayMonth(request.requestedAt)}</time>
              </span>
            </p>
          ))}
        </div>
      )}

      {opened !== null && (
        <div className={styles.panel}>
          <Suspense fallback={<p className={styles.panelLoading}>Loading…</p>}>
            {opened === 'cancel' ? (
              <CancelPanel row={row} onClose={() => close('cancel')} onOrderChanged={onTrack} />
            ) : (
              <ReturnPanel row={row} onClose={() => close('return')} onOrderChanged={onTrack} />
            )}
          </Suspense>
        </div>
      )}
    </li>
  );
}

/** The order's statuses with their days, oldest first: where it has been and when. */
function StatusTimeline({ row }: { row: OrderItemRow }) {
  return (
    <dl className={styles.timeline} aria-label={`History of order ${row.reference}`}>
      {row.statusHistory.map((change, index) => (
        <div key={`${change.status}:${change.at}:${index}`} className={styles.step}>
          <dt>{change.status}</dt>
          <dd>
            <time dateTime={change.at}>{formatDayMonth(change.at)}</time>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ReturnDeadline({ until, now }: { until: string; now: number }) {
  const open = now <= Date.parse(until);
  return (
    <p className={styles.deadline}>
      {open ? 'Returnable until ' : 'Return window closed on '}
      <time dateTime={until}>{formatDayMonth(until)}</time>
    </p>
  );
}

export function OrderRowSkeleton() {
  return (
    <li className={styles.row} aria-hidden="true">
      <div className={`${styles.image} ${ui.skeleton} ${styles.skeleton}`} />
      <div className={styles.details}>
        <div className={`${ui.skeleton} ${styles.skeleton} ${styles.skeletonLine}`} />
        <div className={`${ui.skeleton} ${styles.skeleton} ${styles.skeletonLine} ${styles.skeletonShort}`} />
      </div>
    </li>
  );
}
