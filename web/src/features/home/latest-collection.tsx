import { Link } from 'react-router-dom';
import { LATEST_COLLECTION_SIZE } from '#domain/store-rules';
import ui from '../../shared/ui.module.css';
import { ProductCard, ProductCardSkeleton } from '../../shared/catalog/product-card';
import grid from '../../shared/catalog/product-grid.module.css';
import { HomeSection } from './home-section';
import styles from './home.module.css';
import { useLatestProducts } from './use-latest-products';

export function LatestCollection() {
  const { products, failed } = useLatestProducts();

  return (
    <HomeSection className={styles.latestSection} labelledBy="latest-title">
      <div className={styles.sectionHead}>
        <div>
          <h2 id="latest-title" className={`${ui.sectionTitle} ${styles.latestTitle}`}>
            Latest <span className={styles.latestTitleEnd}>Collections</span>
          </h2>
          <p className={ui.sectionLead}>
            Fresh off the last: the newest pairs to join the shelves this season.
          </p>
        </div>
        <Link to="/collection" className={ui.buttonGhost}>
          View all
        </Link>
      </div>
      {failed ? (
        <p className={styles.sectionError}>The latest collection could not be loaded right now.</p>
      ) : (
        <ul className={grid.gridTwoFour} aria-busy={!products}>
          {products
            ? products.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))
            : Array.from({ length: LATEST_COLLECTION_SIZE }, (_, index) => (
                <li key={index}>
                  <ProductCardSkeleton />
                </li>
              ))}
        </ul>
      )}
    </HomeSection>
  );
}
