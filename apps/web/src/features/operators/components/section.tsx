import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

/** A titled card of the organization page, with an action beside its title. */
export function Section({
  title,
  lead,
  action,
  children,
}: {
  title: string;
  lead?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    // min-w-0: in the page's grid a wide table scrolls inside its card, not the page sideways.
    <Card className="min-w-0">
      <CardHeader className="flex flex-row items-start justify-between gap-3 space-y-0">
        <div className="space-y-1">
          <h2 className="text-lg leading-none font-semibold tracking-tight">{title}</h2>
          {lead ? <p className="text-sm text-muted-foreground">{lead}</p> : null}
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
