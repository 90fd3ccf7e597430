import { Hero } from '@/features/marketing/home/hero';
import { HomeTierGrid } from '@/features/catalog/home-tier-grid';
import { FeatureHighlights } from '@/features/marketing/home/feature-highlights';
import { ComplianceSection } from '@/features/marketing/home/compliance-section';
import { CaseStudyTeasers } from '@/features/marketing/home/case-study-teasers';
import { CtaBand } from '@/features/marketing/home/cta-band';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

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
