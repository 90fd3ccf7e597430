import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** A chart and its table in a card: an h2, a line under it, and controls on the right. */
export function UsageSection({
  title,
  description,
  controls,
  children,
  testId,
}: {
  title: string;
  description: ReactNode;
  controls?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-col gap-3 p-4 sm:flex-row sm:items-end sm:justify-between sm:p-6">
        <div className="space-y-1.5">
          <h2 className="leading-none font-semibold tracking-tight">{title}</h2>
          <CardDescription>{description}</CardDescription>
        </div>
        {controls}
      </CardHeader>
      <CardContent className="space-y-6 p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

/**
 * A long table scrolls in its own region rather than push the page down; the region takes the
 * keyboard's focus, so it can be scrolled without a pointer.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-h-96 overflow-y-auto rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
    </div>
  );
}
