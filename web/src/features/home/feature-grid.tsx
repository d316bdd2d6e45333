import { Link } from 'react-router-dom';
import ui from '../../shared/ui.module.css';
import styles from './home.module.css';

const FEATURES = [
  {
    title: 'Inspire',
    text: 'Every pair starts from a real day — a commute, a wedding, a long Sunday walk — not from a trend board.',
    image: '/images/sneakers-blush-detail.svg',
    to: '/collection?category=WOMEN',
    cta: "Shop women's",
  },
  {
    title: 'Discover',
    text: 'Sports shoes, sneakers, leather shoes, slippers and sandals: five families, one standard, found in a tap.',
    image: '/images/sports-shoes-olive-detail.svg',
    to: '/collection',
    cta: 'Explore all',
  },
  {
    title: 'Elevate',
    text: 'Full-grain leathers, cushioned footbeds and stitched soles that look better after a year than on day one.',
    image: '/images/leather-shoes-onyx-detail.svg',
    to: '/collection?type=LEATHER_SHOES',
    cta: 'Shop leather',
  },
  {
    title: 'Empower',
    text: 'Cash on delivery, easy exchanges and 7-day returns, so the choice stays yours until the shoes fit.',
    image: '/images/sandals-sand-detail.svg',
    to: '/collection?category=MEN',
    cta: "Shop men's",
  },
] as const;

export function FeatureGrid() {
  return (
    <section className={`container ${styles.section}`} aria-labelledby="features-title">
      <h2 id="features-title" className={ui.sectionTitle}>
        Made to be worn
      </h2>
      <ul className={styles.features}>
        {FEATURES.map((feature) => (
          <li key={feature.title} className={styles.feature}>
            <img className={styles.featureImage} src={feature.image} alt="" width={800} height={800} loading="lazy" decoding="async" />
            <div className={styles.featureBody}>
              <h3 className={styles.featureTitle}>{feature.title}</h3>
              <p>{feature.text}</p>
              <Link to={feature.to} className={styles.featureLink}>
                {feature.cta} <span aria-hidden="true">→</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
