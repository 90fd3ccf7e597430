import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { caseStudySummaries } from '../content/case-study-summaries';

export function CaseStudyTeasers() {
  return (
    <section
      aria-labelledby="stories-heading"
      className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="stories-heading" className="text-3xl font-bold tracking-tight">
          What teams can build on Alpenkube
        </h2>
        <Link to={paths.caseStudies} className="text-sm font-medium text-primary hover:underline">
          All worked examples →
        </Link>
      </div>
      <div className="mt-10 grid grid-cols-1 gap-6 lg:grid-cols-3">
        {caseStudySummaries.slice(0, 3).map((study) => (
          <article
            key={study.id}
            className="flex flex-col rounded-xl border border-border bg-card p-6"
          >
            <p className="text-xs font-semibold tracking-wide text-primary uppercase">
              {study.sector}
            </p>
            <h3 className="mt-2 font-semibold">{study.title}</h3>
            <p className="mt-2 flex-1 text-sm text-muted-foreground">{study.summary}</p>
            <p className="mt-5 text-3xl font-bold tracking-tight">{study.headline.value}</p>
            <p className="text-sm text-muted-foreground">{study.headline.label}</p>
            <Link
              to={`${paths.caseStudies}#${study.id}`}
              className="mt-5 text-sm font-medium text-primary hover:underline"
              aria-label={`Read the example: ${study.title}`}
            >
              Read the example →
            </Link>
          </article>
        ))}
      </div>
    </section>
  );
}
