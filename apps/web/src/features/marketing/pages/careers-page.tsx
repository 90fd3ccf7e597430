import { useRef } from 'react';
import { MapPin } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/page/page-header';
import { positions } from '../content/positions';
import { JobApplicationForm, useJobApplicationForm } from '../forms/job-application-form';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

const benefits = [
  'Salary bands published internally for every role',
  'Four-day week option after the first year',
  '2,000 € yearly training budget and conference time',
  'Remote anywhere in the EU, with quarterly team weeks in Grenoble',
];

export function CareersPage() {
  useRouteMeta('/careers');
  const form = useJobApplicationForm();
  const formRef = useRef<HTMLElement>(null);

  function handleApply(id: string) {
    form.setValue('position', id);
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    formRef.current?.querySelector<HTMLElement>('[name="name"]')?.focus({ preventScroll: true });
  }

  return (
    <>
      <PageHeader
        eyebrow="Careers"
        title="Build Europe’s sovereign Kubernetes platform"
        lead="We are a small team of engineers, compliance experts and customer people. We work in the open, write things down and keep on-call humane."
      />
      <div className="mx-auto w-full max-w-6xl space-y-14 px-4 py-12 sm:px-6 lg:px-8">
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {benefits.map((b) => (
            <li key={b} className="rounded-lg bg-muted/50 px-4 py-3 text-sm">
              {b}
            </li>
          ))}
        </ul>
        <section aria-labelledby="positions-heading">
          <h2 id="positions-heading" className="text-2xl font-bold tracking-tight">
            Open positions ({positions.length})
          </h2>
          <div className="mt-6 grid gap-5">
            {positions.map((p) => (
              <article
                key={p.id}
                aria-labelledby={`pos-${p.id}`}
                className="rounded-xl border border-border bg-card p-6"
              >
                <div className="flex flex-wrap items-start justify-between gap-4">
                  <div>
                    <p className="text-xs font-semibold tracking-wide text-primary uppercase">
                      {p.team}
                    </p>
                    <h3 id={`pos-${p.id}`} className="mt-1 text-lg font-semibold">
                      {p.title}
                    </h3>
                    <p className="mt-1 inline-flex items-center gap-1 text-sm text-muted-foreground">
                      <MapPin className="size-4" aria-hidden="true" /> {p.location}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    onClick={() => handleApply(p.id)}
                    aria-label={`Apply: ${p.title}`}
                  >
                    Apply
                  </Button>
                </div>
                <p className="mt-4">{p.summary}</p>
                <div className="mt-4 grid grid-cols-1 gap-6 text-sm text-muted-foreground md:grid-cols-2">
                  <div>
                    <h4 className="font-medium text-foreground">You will</h4>
                    <ul className="mt-2 list-disc space-y-1 pl-5">
                      {p.youWill.map((x) => (
                        <li key={x}>{x}</li>
                      ))}
                    </ul>
                  </div>
                  <div>
                    <h4 className="font-medium text-foreground">You have</h4>
                    <ul className="mt-2 list-disc space-y-1 pl-5">
                      {p.youHave.map((x) => (
                        <li key={x}>{x}</li>
                      ))}
                    </ul>
                  </div>
                </div>
              </article>
            ))}
          </div>
        </section>
        <section
          ref={formRef}
          aria-labelledby="apply-heading"
          className="scroll-mt-24 rounded-2xl border border-border bg-card p-6 sm:p-8"
        >
          <h2 id="apply-heading" className="text-2xl font-bold tracking-tight">
            Apply
          </h2>
          <p className="mt-2 mb-6 text-sm text-muted-foreground">
            We read every application and answer within ten business days. Your data is kept for the
            hiring process only and deleted six months after it ends.
          </p>
          <JobApplicationForm form={form} />
        </section>
      </div>
    </>
  );
}
