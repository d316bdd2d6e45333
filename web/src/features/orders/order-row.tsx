import ui from '../../shared/ui.module.css';
import { ProductImage } from '../../shared/catalog/product-image';
import { formatPrice } from '../../shared/catalog/format-price';
import type { OrderItemRow } from './order-rows';
import styles from './orders.module.css';

const orderDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

interface OrderRowProps {
  row: OrderItemRow;
  onTrack: () => void;
  refreshing: boolean;
}

export function OrderRow({ row, onTrack, refreshing }: OrderRowProps) {
  return (
    <li className={styles.row}>
      <ProductImage className={styles.image} src={row.image} alt={row.name} use="line" />
      <div className={styles.details}>
        <p className={styles.name}>{row.name}</p>
        <p className={styles.facts}>
          <span>{formatPrice(row.price)}</span>
          <span>Quantity: {row.quantity}</span>
          <span>Size: {row.size}</span>
        </p>
        <p className={styles.meta}>
          Date: <time dateTime={row.placedAt}>{orderDate.format(new Date(row.placedAt))}</time>
        </p>
        <p className={styles.meta}>Payment: {row.paymentMethod}</p>
      </div>
      <p className={styles.status}>
        <span className={styles.dot} aria-hidden="true" />
        {row.status}
      </p>
      <button type="button" className={`${ui.buttonGhost} ${styles.track}`} onClick={onTrack} aria-disabled={refreshing}>
        Track Order
      </button>
    </li>
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
