import type { ReactNode } from 'react';
import { useDrawnWhenIdle } from '../../shared/use-drawn-when-idle';
import styles from './home.module.css';

/** A section below the hero: left out of the first frame, drawn once the page is idle (home.module.css). */
export function HomeSection({
  className,
  labelledBy,
  children,
}: {
  className: string | undefined;
  labelledBy: string;
  children: ReactNode;
}) {
  const ref = useDrawnWhenIdle();
  return (
    <section
      ref={ref}
      className={`container ${styles.section} ${className ?? ''}`}
      aria-labelledby={labelledBy}
    >
      {children}
    </section>
  );
}
