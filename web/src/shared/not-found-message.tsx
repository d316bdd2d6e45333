import type { ReactNode } from 'react';
import styles from './not-found-message.module.css';

/** `code`: the big status number above the title; null for none (a removed product is no mistyped link). */
export function NotFoundMessage({
  title,
  text,
  code = '404',
  children,
}: {
  title: string;
  text: string;
  code?: string | null;
  children: ReactNode;
}) {
  return (
    <section className={`container ${styles.notFound}`}>
      {code === null ? null : (
        <p className={styles.code} aria-hidden="true">
          {code}
        </p>
      )}
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>{children}</div>
    </section>
  );
}
