import { useEffect } from 'react';
import styles from './load-failed.module.css';
import ui from './ui.module.css';

/**
 * What every screen shows when its data could not be loaded: what failed, why when known, and Try again.
 * `inline` for a part of a page (the cart's product details), else a block in the content's place.
 */
export function LoadFailed({
  title,
  message,
  onRetry,
  inline = false,
}: {
  title: string;
  message?: string;
  onRetry: () => void;
  inline?: boolean;
}) {
  useKeptCopyWhenOffline(!inline);
  if (inline) {
    return (
      <p className={styles.inline} role="alert">
        {title}{' '}
        <button type="button" className={styles.textButton} onClick={onRetry}>
          Try again
        </button>
      </p>
    );
  }
  return (
    <div className={styles.block} role="alert">
      <h2 className={styles.title}>{title}</h2>
      {message ? <p>{message}</p> : null}
      <button type="button" className={ui.button} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A query's Try again: the failure was already logged (and toasted unless silent); the button stays. */
export function retryWith(refetch: () => Promise<unknown>): () => void {
  return () => void refetch().catch(() => undefined);
}

/**
 * Offline, a page the service worker keeps is asked for whole instead of this block (kept-copy.ts); the code loads
 * only then, from the worker's precache.
 */
function useKeptCopyWhenOffline(wholePage: boolean): void {
  useEffect(() => {
    if (wholePage && !navigator.onLine) void import('./kept-copy').then(({ openKeptCopy }) => openKeptCopy());
  }, [wholePage]);
}
