import { DELIVERY_FEE } from '#domain/store-rules';
import ui from '../../shared/ui.module.css';
import { formatPrice } from '../../shared/catalog/format-price';
import styles from './cart.module.css';

interface CartTotalsPanelProps {
  subtotal: number;
  /** 0 when the subtotal is 0, else subtotal + the shipping fee (spec section 5). */
  total: number;
  /** Prices still loading: the figures are shown as placeholders, not as ₹0. */
  pending?: boolean;
}

/** CART TOTALS, on /cart and /place-order. */
export function CartTotalsPanel({ subtotal, total, pending = false }: CartTotalsPanelProps) {
  const amount = (value: number) =>
    pending ? <span className={styles.amountPending}>…</span> : formatPrice(value);
  return (
    <section className={styles.totals} aria-labelledby="cart-totals-title" aria-busy={pending}>
      <h2 id="cart-totals-title" className={`${ui.sectionTitle} ${styles.totalsTitle}`}>
        Cart totals
      </h2>
      <dl className={styles.totalsList}>
        <div className={styles.totalsRow}>
          <dt>Subtotal</dt>
          <dd>{amount(subtotal)}</dd>
        </div>
        <div className={styles.totalsRow}>
          <dt>Shipping Fee</dt>
          <dd>{formatPrice(DELIVERY_FEE)}</dd>
        </div>
        <div className={`${styles.totalsRow} ${styles.totalsGrand}`}>
          <dt>Total</dt>
          <dd>{amount(total)}</dd>
        </div>
      </dl>
    </section>
  );
}
