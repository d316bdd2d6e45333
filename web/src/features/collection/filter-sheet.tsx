import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from '../../shared/icons';
import ui from '../../shared/ui.module.css';
import styles from './filter-sheet.module.css';

interface FilterSheetProps {
  id: string;
  open: boolean;
  /** Called once the sheet has closed, whichever way (its buttons, Escape, a tap on the backdrop). */
  onClose: () => void;
  /** How many products the ticked filters show; undefined until the first count is known. */
  resultCount: number | undefined;
  /** A new count is on its way (the one shown is the previous view's). */
  counting: boolean;
  /** Shown beside "Show N results" (Clear filters). */
  secondaryAction?: ReactNode;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

// A modal <dialog> makes the page inert, but Tab from its last control leaves for the browser's own UI: wrap
// it around instead, so the keyboard stays in the sheet until it is closed.
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function showResultsLabel(count: number | undefined): string {
  if (count === undefined) return 'Show results';
  return `Show ${count} ${count === 1 ? 'result' : 'results'}`;
}

/**
 * The phone's filters: a modal bottom sheet over the results (the browser's modal <dialog>: focus moves in
 * and stays, the page behind is inert, Escape closes it), with a footer counting the products.
 */
export function FilterSheet({
  id,
  open,
  onClose,
  resultCount,
  counting,
  secondaryAction,
  children,
}: FilterSheetProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const close = () => dialog.current?.close();

  return (
    <dialog
      ref={dialog}
      id={id}
      className={styles.sheet}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={keepFocusInside}
      // The sheet's content fills the dialog, so a click on the dialog itself is a click on its backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      {open ? (
        <>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              Filters
            </h2>
            <button type="button" className={styles.close} aria-label="Close filters" onClick={close}>
              <CloseIcon />
            </button>
          </div>
          <div className={styles.body}>{children}</div>
          <div className={styles.footer}>
            {/* The button's count changes silently; this says it to screen readers as boxes are ticked. */}
            <p className="visually-hidden" role="status">
              {counting || resultCount === undefined
                ? ''
                : `${resultCount} ${resultCount === 1 ? 'product matches' : 'products match'}`}
            </p>
            {secondaryAction}
            <button
              type="button"
              className={`${ui.button} ${styles.showResults}`}
              aria-busy={counting}
              onClick={close}
            >
              {showResultsLabel(resultCount)}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
