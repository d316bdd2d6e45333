import { useId, useRef, type InputHTMLAttributes } from 'react';
import styles from './form-field.module.css';
import { useTypedBeforeApp } from './use-hydrated';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  name: string;
  label: string;
  value: string;
  /** Each edit's new value, and what was typed or autofilled into the served page before the app arrived. */
  onValueChange: (value: string) => void;
  /** The field's message from the form's statechart, shown under the input until the field is edited. */
  error?: string | undefined;
}

/** A labelled input with its inline message, tied together for assistive technology. */
export function FormField({ label, error, className, value, onValueChange, ...input }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  useTypedBeforeApp(inputRef, value, onValueChange);
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...input}
      />
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Moves focus to the first field that shows a message, so a failed submit says where to look. */
export function focusFirstInvalid(
  form: HTMLFormElement | null,
  fields: readonly string[],
  errors: Partial<Record<string, string>>,
): void {
  const first = fields.find((field) => errors[field] !== undefined);
  if (!form || first === undefined) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLInputElement) element.focus();
}
