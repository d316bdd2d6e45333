import type { EarlyControl } from '../../shared/early-taps';
import styles from './product-page.module.css';

interface SizePickerProps {
  sizes: readonly string[];
  selected: string | null;
  onSelect: (size: string) => void;
}

// A tap before the app's code has arrived is kept (shared/early-taps.ts), so the buttons work from the moment
// boot.ts runs, around the first paint.
export function SizePicker({ sizes, selected, onSelect }: SizePickerProps) {
  return (
    <div className={styles.sizes} role="group" aria-labelledby="size-label">
      <p id="size-label" className={styles.sizesLabel}>
        Select size
      </p>
      <div className={styles.sizeList}>
        {sizes.map((size) => (
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
        ))}
      </div>
    </div>
  );
}
