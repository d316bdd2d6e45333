import { ProductImage } from '../../shared/catalog/product-image';
import { formatPrice } from '../../shared/catalog/format-price';
import ui from '../../shared/ui.module.css';
import { confirmKeptOrder, discardKeptOrder, sendKeptOrders, type KeptOrderView } from '../place-order';
import { formatOrderDate } from './order-dates';
import styles from './orders.module.css';

/**
 * An order kept on this device until the store can be reached: what it holds, since when, and what the shopper
 * can do (send it now, drop it, or confirm the total the store asks now).
 */
export function KeptOrderRow({ view }: { view: KeptOrderView }) {
  const { order, status } = view;
  const first = order.items[0];
  const confirming = status === 'confirming' && order.newTotal !== null;
  const since = new Date(order.queuedAt).toISOString();
  return (
    <li className={styles.row} data-kept>
      <ProductImage className={styles.image} src={first?.image ?? null} alt={first?.name ?? ''} use="line" />
      <div className={styles.details}>
        {order.items.map((item) => (
          <div key={`${item.productId}:${item.size}`}>
            <p className={styles.name}>{item.name}</p>
            <p className={styles.facts}>
              <span>{formatPrice(item.price)}</span>
              <span>Quantity: {item.quantity}</span>
              <span>Size: {item.size}</span>
            </p>
          </div>
        ))}
        <p className={styles.meta}>
          Kept on this device since <time dateTime={since}>{formatOrderDate(since)}</time>
        </p>
        <p className={styles.meta}>Payment: COD · Total {formatPrice(order.request.total)}</p>
      </div>
      <div className={styles.progress}>
        <p className={styles.status}>
          <span className={`${styles.dot} ${styles.dotKept}`} aria-hidden="true" />
          {confirming ? 'Prices have changed' : 'Waiting to be sent'}
        </p>
        <p className={styles.deadline}>
          {confirming
            ? `The store now charges ${formatPrice(order.newTotal ?? 0)} for this order. Nothing is ordered until you confirm.`
            : 'It will be sent when you’re back online.'}
        </p>
      </div>
      <div className={styles.actions}>
        {confirming ? (
          <button
            type="button"
            className={`${ui.button} ${styles.action}`}
            onClick={() => confirmKeptOrder(order.id)}
          >
            Confirm {formatPrice(order.newTotal ?? 0)}
          </button>
        ) : (
          <button type="button" className={`${ui.buttonGhost} ${styles.action}`} onClick={sendKeptOrders}>
            Send now
          </button>
        )}
        <button
          type="button"
          className={`${ui.buttonGhost} ${styles.action}`}
          onClick={() => discardKeptOrder(order.id)}
        >
          Discard
        </button>
      </div>
    </li>
  );
}
