import type { ReactNode } from 'react';
import styles from './not-found-message.module.css';

export function NotFoundMessage({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section className={`container ${styles.notFound}`}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>{children}</div>
    </section>
  );
}
