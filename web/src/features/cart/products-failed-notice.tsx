import styles from './cart.module.css';

/** Says that the cart's product details (names, prices) could not be loaded, and offers to ask again. */
export function ProductsFailedNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <p className={styles.notice} role="alert">
      The product details could not be loaded.{' '}
      <button type="button" className={styles.textButton} onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
