import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page/page-header';
import { caseStudies } from '../content/case-studies';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

export function CaseStudiesPage() {
  useRouteMeta('/case-studies');
  return (
    <>
      <PageHeader
        eyebrow="Worked examples"
        title="Case studies"
        lead="How an organization in healthcare, finance, AI or the public sector can run Kubernetes on Alpenkube, built only from what the platform does today. These are examples, not reports of customers: each figure is the design’s own."
      />
      <div className="mx-auto w-full max-w-6xl space-y-12 px-4 py-12 sm:px-6 lg:px-8">
        {caseStudies.map((study) => (
          <article
            key={study.id}
            id={study.id}
            aria-labelledby={`${study.id}-title`}
            className="scroll-mt-24 rounded-2xl border border-border bg-card p-6 sm:p-10"
          >
            <p className="text-xs font-semibold tracking-wide text-primary uppercase">
              {study.sector} · {study.tier}
            </p>
            <h2 id={`${study.id}-title`} className="mt-2 text-2xl font-bold tracking-tight">
              {study.title}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{study.customer}</p>
            <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
              {study.results.map((r) => (
                <div key={r.label} className="rounded-xl bg-muted/50 p-4">
                  <dt className="sr-only">{r.label}</dt>
                  <dd className="text-2xl font-bold tracking-tight text-primary">{r.value}</dd>
                  <dd className="mt-1 text-sm text-muted-foreground">{r.label}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-2">
              <section>
                <h3 className="font-semibold">The need</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                  {study.challenge}
                </p>
              </section>
              <section>
                <h3 className="font-semibold">The design</h3>
                <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-muted-foreground">
                  {study.solution.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ul>
              </section>
            </div>
          </article>
        ))}
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-primary/5 p-8">
          <p className="text-lg font-semibold">Facing a similar project?</p>
          <div className="flex flex-wrap gap-3">
            <Button asChild variant="outline">
              <Link to={paths.scheduleDemo}>Schedule a demo</Link>
            </Button>
            <Button asChild>
              <Link to={paths.contactSales}>Talk to sales</Link>
            </Button>
          </div>
        </div>
      </div>
    </>
  );
}
