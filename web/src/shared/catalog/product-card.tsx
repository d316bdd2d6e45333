import { Link } from 'react-router-dom';
import type { ProductCardFieldsFragment } from '../../graphql/generated/graphql';
import { formatPrice } from './format-price';
import styles from './product-card.module.css';
import ui from '../ui.module.css';

export const FALLBACK_PRODUCT_IMAGE = '/product-placeholder.svg';
// The catalogue artwork is square; the attributes let the browser reserve the box before the image loads.
const IMAGE_SIZE = 800;

interface ProductCardProps {
  product: ProductCardFieldsFragment;
  /** The collection shows the product id under the price. */
  showId?: boolean;
  /** Cards in the first row are likely the largest paint: fetch them at once rather than lazily. */
  priority?: boolean;
}

export function ProductCard({ product, showId = false, priority = false }: ProductCardProps) {
  return (
    <Link to={`/product/${encodeURIComponent(product.id)}`} className={styles.card}>
      <div className={styles.imageBox} data-sold-out={product.soldOut || undefined}>
        <img
          className={styles.image}
          src={product.images[0] ?? FALLBACK_PRODUCT_IMAGE}
          alt=""
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
        />
        {product.soldOut ? <span className={styles.soldOut}>Sold out</span> : null}
      </div>
      <p className={styles.name}>{product.name}</p>
      <p className={styles.price}>{formatPrice(product.price)}</p>
      {showId ? <p className={styles.id}>ID: {product.id}</p> : null}
    </Link>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={`${styles.imageBox} ${ui.skeleton}`} />
      <div className={`${styles.skeletonLine} ${ui.skeleton}`} />
      <div className={`${styles.skeletonLine} ${styles.skeletonShort} ${ui.skeleton}`} />
    </div>
  );
}
