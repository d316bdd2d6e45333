import { ROUTES } from '../../shared/route-table';
import { useDocumentMeta } from '../../shared/use-document-meta';
import { AboutSection } from './about-section';
import { FeatureGrid } from './feature-grid';
import { Hero } from './hero/hero';
import { LatestCollection } from './latest-collection';
import { Marquee } from './marquee';
import { PolicySection } from './policy-section';

export default function HomePage() {
  useDocumentMeta(ROUTES.home.meta.title, ROUTES.home.meta.description);
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
