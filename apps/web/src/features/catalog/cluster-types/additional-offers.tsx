import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page/page-header';
import { clusterTypeCopy } from '@/lib/catalog/cluster-type-copy';
import { UseCases } from './use-cases';

const steps = [
  'Tell us about the workload, the location and the constraints in the quote form.',
  'A solutions architect calls you within two business days and proposes a design.',
  'You receive a fixed quote: hardware, support level, SLA and contract length.',
  'We build the cluster; it appears in your console like any other, with the same API.',
];

/** The 'additional' page: offers beyond the seven tiers, leading to custom solutions and quotes. */
export function AdditionalOffers() {
  const info = clusterTypeCopy.additional;
  return (
    <>
      <PageHeader eyebrow="Cluster type" title="Dedicated and custom clusters" lead={info.tagline}>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={paths.customQuote}>Request a custom quote</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.customSolutions}>Custom solutions (signed in)</Link>
          </Button>
        </div>
      </PageHeader>
      <div className="mx-auto w-full max-w-6xl space-y-14 px-4 py-12 sm:px-6 lg:px-8">
        <p className="max-w-3xl text-lg leading-relaxed">{info.story}</p>
        <UseCases info={info} heading="What we build" />
        <section aria-labelledby="how-heading">
          <h2 id="how-heading" className="text-2xl font-bold tracking-tight">
            How it works
          </h2>
          <ol className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-4">
            {steps.map((step, i) => (
              <li key={step} className="rounded-xl border border-border bg-card p-5 text-sm">
                <span className="inline-flex size-7 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
                  {i + 1}
                </span>
                <p className="mt-3 text-muted-foreground">{step}</p>
              </li>
            ))}
          </ol>
        </section>
        <p className="text-sm text-muted-foreground">
          Looking for one of the standard tiers instead?{' '}
          <Link className="text-primary underline" to={paths.pricing}>
            Compare them on the pricing page
          </Link>
          .
        </p>
      </div>
    </>
  );
}
