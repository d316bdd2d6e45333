import styles from './app-shell.module.css';

export function PageFallback() {
  return (
    <div className={styles.fallback} role="status" aria-live="polite">
      <span className={styles.fallbackSpinner} />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
