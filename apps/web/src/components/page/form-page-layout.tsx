import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page/page-header';

/** A form page: the heading, the form in a card and, beside it, what happens next. */
export function FormPageLayout({
  eyebrow,
  title,
  lead,
  aside,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} lead={lead} />
      <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:px-8">
        <div className="relative rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
          {children}
        </div>
        <aside className="space-y-6 text-sm text-muted-foreground [&_h2]:text-base [&_h2]:font-semibold [&_h2]:text-foreground">
          {aside}
        </aside>
      </div>
    </>
  );
}

/** Numbered "what happens next" steps for the aside. */
export function NextSteps({ steps }: { steps: string[] }) {
  return (
    <section>
      <h2>What happens next</h2>
      <ol className="mt-3 space-y-3">
        {steps.map((step, i) => (
          <li key={step} className="flex gap-3">
            <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-bold text-primary">
              {i + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
