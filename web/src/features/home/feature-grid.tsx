import { Link } from 'react-router-dom';
import ui from '../../shared/ui.module.css';
import styles from './home.module.css';
import { HomePicture } from './home-picture';
import { HomeSection } from './home-section';

// The cards are 3:2: one column on a phone, two from 640 px, four from 1100 px inside the 80rem container.
const FEATURE_WIDTHS = [480, 960] as const;
const FEATURE_SIZES = '(min-width: 1100px) min(23vw, 18.5rem), (min-width: 640px) 46vw, calc(100vw - 2rem)';

const FEATURES = [
  {
    title: 'Inspire',
    text: 'Every pair starts from a real day — a commute, a wedding, a long Sunday walk — not from a trend board.',
    image: 'inspire',
    to: '/collection?category=WOMEN',
    cta: "Shop women's",
  },
  {
    title: 'Discover',
    text: 'Sports shoes, sneakers, leather shoes, slippers and sandals: five families, one standard, found in a tap.',
    image: 'discover',
    to: '/collection',
    cta: 'Explore all',
  },
  {
    title: 'Elevate',
    text: 'Full-grain leathers, cushioned footbeds and stitched soles that look better after a year than on day one.',
    image: 'elevate',
    to: '/collection?type=LEATHER_SHOES',
    cta: 'Shop leather',
  },
  {
    title: 'Empower',
    text: 'Cash on delivery, easy exchanges and 7-day returns, so the choice stays yours until the shoes fit.',
    image: 'empower',
    to: '/collection?category=MEN',
    cta: "Shop men's",
  },
] as const;

export function FeatureGrid() {
  return (
    <HomeSection className={styles.featuresSection} labelledBy="features-title">
      <h2 id="features-title" className={ui.sectionTitle}>
        Made to be worn
      </h2>
      <ul className={styles.features}>
        {FEATURES.map((feature) => (
          <li key={feature.title} className={styles.feature}>
            <HomePicture
              className={styles.featureImage}
              name={feature.image}
              widths={FEATURE_WIDTHS}
              width={480}
              height={320}
              sizes={FEATURE_SIZES}
              alt=""
            />
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
    </HomeSection>
  );
}
