import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** A dashboard card: an h2, a line under it, an optional "view all" link, and its content. */
export function DashboardCard({
  title,
  description,
  link,
  children,
}: {
  title: string;
  description: string;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0 p-4 sm:p-6">
        <div className="space-y-1.5">
          <h2 className="leading-none font-semibold tracking-tight">{title}</h2>
          <CardDescription>{description}</CardDescription>
        </div>
        {link ? (
          <Link
            to={link.to}
            className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-primary hover:underline"
          >
            {link.label}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        ) : null}
      </CardHeader>
      <CardContent className="flex-1 p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

/** A short date and time in the reader's locale. */
export const shortDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
