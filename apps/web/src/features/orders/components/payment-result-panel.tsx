import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  success: 'bg-success/15 text-success',
  warning: 'bg-warning/20 text-foreground',
  destructive: 'bg-destructive/10 text-destructive',
  muted: 'bg-muted text-muted-foreground',
} as const;

/** The frame of every outcome of /payment-success: an icon, one h1, a lead, then the rest. */
export function PaymentResultPanel({
  icon,
  tone,
  title,
  lead,
  children,
}: {
  icon: ReactNode;
  tone: keyof typeof tones;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 py-4">
      <div className="flex flex-col items-center gap-3 text-center">
        <span
          className={cn('flex size-14 items-center justify-center rounded-full', tones[tone])}
          aria-hidden="true"
        >
          {icon}
        </span>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        {lead ? <div className="max-w-xl text-muted-foreground">{lead}</div> : null}
      </div>
      {children}
    </div>
  );
}
