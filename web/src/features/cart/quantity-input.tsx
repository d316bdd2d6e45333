import { useState } from 'react';
import { MAX_LINE_QUANTITY } from '#domain/store-rules';
import { quantityFromInput } from '#machines/cart/quantity-input';
import styles from './cart.module.css';

interface QuantityInputProps {
  id: string;
  label: string;
  quantity: number;
  onChange: (quantity: number) => void;
}

/**
 * The line's quantity (min 1). What the shopper types is kept while they type, so clearing the box to type a new
 * number does not snap back; empty and 0 change nothing (spec section 4) and the box shows the cart again on blur.
 */
export function QuantityInput({ id, label, quantity, onChange }: QuantityInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className={styles.quantity}>
      <label htmlFor={id} className="visually-hidden">
        {label}
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
    </div>
  );
}
