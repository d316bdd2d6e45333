import styles from './product-page.module.css';

interface SizePickerProps {
  sizes: readonly string[];
  selected: string | null;
  onSelect: (size: string) => void;
  disabled?: boolean;
}

export function SizePicker({ sizes, selected, onSelect, disabled = false }: SizePickerProps) {
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
            disabled={disabled}
            onClick={() => onSelect(size)}
          >
            {size}
          </button>
        ))}
      </div>
    </div>
  );
}
