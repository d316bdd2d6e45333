import { Suspense, type ReactNode } from 'react';
import { ROUTES } from '../../shared/route-table';
import { useDocumentMeta } from '../../shared/use-document-meta';
import { AboutSection } from './about-section';
import { FeatureGrid } from './feature-grid';
import { Hero } from './hero/hero';
import { LatestCollection } from './latest-collection';
import { Marquee } from './marquee';
import { PolicySection } from './policy-section';

/**
 * Each section hydrates on its own (React hydrates a server-rendered Suspense boundary as a unit and yields between
 * units): the page's longest hydration task on a phone is one section's, not the whole page's, and an update in one
 * section (the hero's videos loading) does not hold up the others.
 */
function Section({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

export default function HomePage() {
  useDocumentMeta(ROUTES.home.meta.title, ROUTES.home.meta.description);
  return (
    <>
      <Section>
        <Marquee />
      </Section>
      <Section>
        <Hero />
      </Section>
      <Section>
        <AboutSection />
      </Section>
      <Section>
        <LatestCollection />
      </Section>
      <Section>
        <FeatureGrid />
      </Section>
      <Section>
        <PolicySection />
      </Section>
    </>
  );
}
