import { HOME_META } from '../../shared/prerendered-routes';
import { useDocumentMeta } from '../../shared/use-document-meta';
import { AboutSection } from './about-section';
import { FeatureGrid } from './feature-grid';
import { Hero } from './hero/hero';
import { LatestCollection } from './latest-collection';
import { Marquee } from './marquee';
import { PolicySection } from './policy-section';

export default function HomePage() {
  useDocumentMeta(HOME_META.title, HOME_META.description);
  return (
    <>
      <Marquee />
      <Hero />
      <AboutSection />
      <LatestCollection />
      <FeatureGrid />
      <PolicySection />
    </>
  );
}
