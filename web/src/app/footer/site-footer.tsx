import { Link } from 'react-router-dom';
import { BRAND } from '../../shared/brand';
import styles from './footer.module.css';
import { FollowingEyes } from './following-eyes';

export function SiteFooter() {
  const year = new Date().getFullYear();
  const phoneHref = `tel:${BRAND.contactPhone.replace(/[^\d+]/g, '')}`;

  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.banner}`}>
        <p className={styles.bannerText}>
          Let&rsquo;s
          <FollowingEyes />
          Shop
        </p>
        <Link to="/collection" className={styles.bannerLink}>
          Browse the collection
        </Link>
      </div>

      <div className={`container ${styles.columns}`}>
        {/* Not a region: it would share its name with the hero's, which the store's name labels on home. */}
        <div>
          <h2 className={styles.heading}>{BRAND.storeName}</h2>
          <p className={styles.about}>
            Shoes for work, weekends and everything between — made to be worn every day and kept for years.
          </p>
        </div>
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop" className={styles.heading}>
            Shop
          </h2>
          <ul className={styles.list}>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/collection">Collection</Link>
            </li>
            <li>
              <Link to="/orders">My orders</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            Get in touch
          </h2>
          <ul className={styles.list}>
            <li>
              <a href={`mailto:${BRAND.contactEmail}`}>{BRAND.contactEmail}</a>
            </li>
            <li>
              <a href={phoneHref}>{BRAND.contactPhone}</a>
            </li>
            <li>
              <a href={BRAND.storeMapUrl} target="_blank" rel="noopener noreferrer">
                Find a store<span className="visually-hidden"> (opens a map in a new tab)</span>
              </a>
            </li>
          </ul>
        </section>
      </div>

      {/* Prerendered at build time: in a later year the browser's year wins without a hydration error. */}
      <p className={`container ${styles.copyright}`} suppressHydrationWarning>
        © {year} {BRAND.storeName}. All rights reserved.
      </p>
    </footer>
  );
}
