import { useId, type ReactNode } from 'react';

/** One group of inputs: a titled card, named for screen readers by its heading. */
export function EstimatorSection({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** A control beside the title, e.g. "Add node pool". */
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-base font-semibold">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
