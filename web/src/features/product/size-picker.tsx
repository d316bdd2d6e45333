import type { EarlyControl } from '../../shared/early-taps';
import styles from './product-page.module.css';

/** One size as the product page shows it (schema.graphql's SizeStock). */
export interface SizeAvailability {
  size: string;
  inStock: boolean;
  /** Pairs left when few are (0 when sold out); null when more are or the store does not count them. */
  left: number | null;
}

interface SizePickerProps {
  sizes: readonly string[];
  /** Each size's availability; a size it does not name is in stock (a backend without stock names none). */
  stock: readonly SizeAvailability[];
  selected: string | null;
  onSelect: (size: string) => void;
  /** Why ADD TO CART was refused ('Select product size!'), shown under the sizes until one is picked. */
  error?: string | null;
}

const SIZE_ERROR_ID = 'size-error';

export function isSoldOut(stock: readonly SizeAvailability[], size: string): boolean {
  return stock.some((entry) => entry.size === size && !entry.inStock);
}

/** "Only N left" for a size with few pairs left; null when it has more, or none. */
export function fewLeft(stock: readonly SizeAvailability[], size: string | null): number | null {
  const left = stock.find((entry) => entry.size === size)?.left ?? null;
  return left !== null && left > 0 ? left : null;
}

// A tap before the app's code has arrived is kept (shared/early-taps.ts), so the buttons work from the moment
// boot.ts runs, around the first paint. A sold-out size is disabled in the served HTML and after hydration
// alike, so it never takes a tap to keep.
export function SizePicker({ sizes, stock, selected, onSelect, error = null }: SizePickerProps) {
  const left = fewLeft(stock, selected);
  return (
    <div
      className={styles.sizes}
      role="group"
      aria-labelledby="size-label"
      aria-describedby={error === null ? undefined : SIZE_ERROR_ID}
      data-invalid={error !== null}
    >
      <div className={styles.sizesHeader}>
        <p id="size-label" className={styles.sizesLabel}>
          Select size
        </p>
        <p className={styles.fewLeft} aria-live="polite">
          {left === null ? null : `Only ${String(left)} left`}
        </p>
      </div>
      <div className={styles.sizeList}>
        {sizes.map((size) =>
          isSoldOut(stock, size) ? (
            <button
              key={size}
              type="button"
              className={styles.size}
              disabled
              aria-label={`${size}, sold out`}
              data-size={size}
            >
              {size}
            </button>
          ) : (
            <button
              key={size}
              type="button"
              className={styles.size}
              aria-pressed={selected === size}
              data-early={'size' satisfies EarlyControl}
              data-size={size}
              onClick={() => onSelect(size)}
            >
              {size}
            </button>
          ),
        )}
      </div>
      {error === null ? null : (
        <p id={SIZE_ERROR_ID} className={styles.sizeError} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
