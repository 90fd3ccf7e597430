import { Hero } from '../home/hero';
import { HomeTierGrid } from '../home/home-tier-grid';
import { FeatureHighlights } from '../home/feature-highlights';
import { ComplianceSection } from '../home/compliance-section';
import { CaseStudyTeasers } from '../home/case-study-teasers';
import { CtaBand } from '../home/cta-band';
import { useRouteMeta } from '../use-page-meta';

export function HomePage() {
  useRouteMeta('/');
  return (
    <>
      <Hero />
      <HomeTierGrid />
      <ComplianceSection />
      <FeatureHighlights />
      <CaseStudyTeasers />
      <CtaBand />
    </>
  );
}
