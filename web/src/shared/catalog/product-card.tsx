import { Link } from 'react-router-dom';
import type { ProductCardFieldsFragment } from '../../graphql/generated/graphql';
import { formatPrice } from './format-price';
import { ProductImage } from './product-image';
import styles from './product-card.module.css';
import ui from '../ui.module.css';

// Lines elsewhere (the cart) still read the placeholder's URL from here.
export { FALLBACK_PRODUCT_IMAGE } from './product-image';

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
        <ProductImage
          className={styles.image}
          src={product.images[0]}
          alt=""
          use="card"
          placeholder={product.imagePlaceholder}
          priority={priority}
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
