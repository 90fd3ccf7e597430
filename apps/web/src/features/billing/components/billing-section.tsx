import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/**
 * One titled part of the billing page: an h2 (the page's outline), a line of explanation, its
 * actions on the right, and an id so a link can lead straight to it (`/billing#invoices`).
 */
export function BillingSection({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card id={id} aria-labelledby={`${id}-heading`} role="region" className="scroll-mt-20">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="min-w-0 flex-1 space-y-1.5">
          <h2 id={`${id}-heading`} className="leading-none font-semibold tracking-tight">
            {title}
          </h2>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}
