import { useState } from 'react';
import { MAX_LINE_QUANTITY } from '#domain/store-rules';
import styles from './cart.module.css';
import { quantityFromInput } from './quantity-from-input';

interface QuantityInputProps {
  id: string;
  /** The line as the controls name it: "Stride Pro Running Shoe, size UK 8". */
  what: string;
  quantity: number;
  onChange: (quantity: number) => void;
}

/**
 * The line's quantity (min 1, max MAX_LINE_QUANTITY): − and + beside a box that can still be typed in. What
 * the shopper types is kept while they type, so clearing the box to type a new number does not snap back;
 * empty and 0 change nothing (spec section 4) and the box shows the cart again on blur. At either end its
 * button stays focusable (aria-disabled, not disabled), so a keyboard user keeps their place.
 */
export function QuantityInput({ id, what, quantity, onChange }: QuantityInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const step = (by: number) => {
    const next = Math.min(Math.max(quantity + by, 1), MAX_LINE_QUANTITY);
    setDraft(null);
    if (next !== quantity) onChange(next);
  };
  return (
    <div className={styles.quantity}>
      <button
        type="button"
        className={styles.stepButton}
        aria-label={`Decrease quantity of ${what}`}
        aria-disabled={quantity <= 1}
        onClick={() => step(-1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <label htmlFor={id} className="visually-hidden">
        Quantity of {what}
      </label>
      <input
        id={id}
        className={styles.quantityInput}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_LINE_QUANTITY}
        step={1}
        value={draft ?? String(quantity)}
        onChange={(event) => {
          setDraft(event.target.value);
          const next = quantityFromInput(event.target.value);
          if (next !== null && next !== quantity) onChange(next);
        }}
        onBlur={() => setDraft(null)}
      />
      <button
        type="button"
        className={styles.stepButton}
        aria-label={`Increase quantity of ${what}`}
        aria-disabled={quantity >= MAX_LINE_QUANTITY}
        onClick={() => step(1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
