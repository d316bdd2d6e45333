import styles from './product-page.module.css';
import ui from '../../shared/ui.module.css';

export function ProductPageSkeleton() {
  return (
    <div className="container" role="status" aria-busy="true">
      <span className="visually-hidden">Loading product…</span>
      <div className={styles.breadcrumbs} aria-hidden="true">
        <span className={`${ui.skeleton} ${styles.skeleton} ${styles.skeletonCrumb}`} />
      </div>
      <div className={styles.detail} aria-hidden="true">
        <div className={styles.gallery}>
          <div className={`${styles.mainImage} ${ui.skeleton} ${styles.skeleton}`} />
        </div>
        <div className={styles.info}>
          <div className={`${ui.skeleton} ${styles.skeleton} ${styles.skeletonTitle}`} />
          <div className={`${ui.skeleton} ${styles.skeleton} ${styles.skeletonPrice}`} />
          <div className={`${ui.skeleton} ${styles.skeleton} ${styles.skeletonText}`} />
          <div className={`${ui.skeleton} ${styles.skeleton} ${styles.skeletonText}`} />
          <div className={`${ui.skeleton} ${styles.skeleton} ${styles.skeletonTextShort}`} />
        </div>
      </div>
    </div>
  );
}
