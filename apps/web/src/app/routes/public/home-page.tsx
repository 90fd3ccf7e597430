import { Hero } from '@/features/public-site/home/hero';
import { HomeTierGrid } from '@/features/catalog/home-tier-grid';
import { FeatureHighlights } from '@/features/public-site/home/feature-highlights';
import { ComplianceSection } from '@/features/public-site/home/compliance-section';
import { CaseStudyTeasers } from '@/features/public-site/home/case-study-teasers';
import { CtaBand } from '@/features/public-site/home/cta-band';
import { useRouteMeta } from '@/features/public-site/use-page-meta';

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
