import type { ReactNode } from 'react';
import styles from './placeholder-page.module.css';
import ui from './ui.module.css';
import { useDocumentMeta } from './use-document-meta';

interface PlaceholderPageProps {
  heading: string;
  title: string;
  description: string;
  children?: ReactNode;
}

// Stand-in for the statechart-driven screens (cart, login, checkout, orders) that land separately.
export function PlaceholderPage({ heading, title, description, children }: PlaceholderPageProps) {
  useDocumentMeta(title, description);
  return (
    <section className={`container ${styles.page}`}>
      <h1 className={ui.sectionTitle}>{heading}</h1>
      <p className={styles.text}>{description}</p>
      {children}
    </section>
  );
}
