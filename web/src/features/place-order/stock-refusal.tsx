import { useEffect, useId, useRef } from 'react';
import { shortfallMessage, type StockShortfall } from '#domain/stock';
import type { OrderLine } from '#machines/checkout/checkout-machine';
import { quantityInCart, shortfallFixed } from '#machines/checkout/stock-shortfalls';
import styles from './place-order.module.css';

interface StockRefusalProps {
  /** The lines the store refused the order for (checkout-machine's form.outOfStock). */
  shortfalls: readonly StockShortfall[];
  /** The cart as it is now: a line set to what is left, or removed, is fixed. */
  lines: readonly OrderLine[];
  setQuantity: (productId: string, size: string, quantity: number) => void;
}

/**
 * The order was refused for stock: nothing was ordered, and the address and the other lines are kept. Each
 * line the store cannot fill says what is left and offers a fix in the cart.
 */
export function StockRefusal({ shortfalls, lines, setQuantity }: StockRefusalProps) {
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  // Shown where PLACE ORDER was pressed; focus takes a screen reader (and a phone's scroll) to it.
  useEffect(() => ref.current?.focus(), []);
  const open = shortfalls.filter((shortfall) => !shortfallFixed(shortfall, lines));

  return (
    <section ref={ref} className={styles.stockRefusal} aria-labelledby={titleId} tabIndex={-1}>
      <h2 id={titleId} className={styles.stockTitle}>
        {open.length > 0 ? 'Not enough pairs in stock' : 'Your cart is updated'}
      </h2>
      <p className={styles.stockLead}>
        {open.length > 0
          ? 'Nothing was ordered. Change these lines, then place your order again.'
          : 'Place your order again: your address and the rest of your cart are as you left them.'}
      </p>
      <ul className={styles.stockLines}>
        {shortfalls.map((shortfall) => (
          <li key={`${shortfall.productId}\u0000${shortfall.size}`} className={styles.stockLine}>
            <span>
              {shortfallMessage(shortfall)}
              <span className={styles.stockAsked}> (you asked for {shortfall.requested})</span>
            </span>
            {shortfallFixed(shortfall, lines) ? (
              <FixedLine quantity={quantityInCart(shortfall, lines)} />
            ) : (
              <button
                type="button"
                className={styles.stockFix}
                aria-label={
                  shortfall.left === 0
                    ? `Remove ${shortfall.name}, size ${shortfall.size}`
                    : `Set to ${String(shortfall.left)}: ${shortfall.name}, size ${shortfall.size}`
                }
                onClick={() => setQuantity(shortfall.productId, shortfall.size, shortfall.left)}
              >
                {shortfall.left === 0 ? 'Remove' : `Set to ${String(shortfall.left)}`}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function FixedLine({ quantity }: { quantity: number }) {
  return (
    <span className={styles.stockFixed}>
      {quantity === 0 ? 'Removed' : `Now ${String(quantity)} in your cart`}
    </span>
  );
}
