import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

const tones = {
  primary: 'bg-primary/10 text-primary ring-primary/20',
  success: 'bg-success/10 text-success ring-success/25',
  destructive: 'bg-destructive/10 text-destructive ring-destructive/25',
} as const;

interface AuthCardProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  tone?: keyof typeof tones;
  children?: ReactNode;
  /** Secondary links under the card (back to sign in…). */
  footer?: ReactNode;
  className?: string;
}

/** The one frame every session page uses, so they read as one product. */
export function AuthCard({
  icon: Icon,
  title,
  description,
  tone = 'primary',
  children,
  footer,
  className,
}: AuthCardProps) {
  return (
    <div className={cn('mx-auto w-full max-w-md', className)}>
      <section className="rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
        <div
          className={cn(
            'mb-5 flex size-11 items-center justify-center rounded-xl ring-1',
            tones[tone],
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? (
          <div className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</div>
        ) : null}
        {children ? <div className="mt-6">{children}</div> : null}
      </section>
      {footer ? (
        <div className="mt-5 text-center text-sm text-muted-foreground">{footer}</div>
      ) : null}
    </div>
  );
}

/** Centres a session page in the space between header and footer, on a quiet backdrop. */
export function AuthScreen({ children }: { children: ReactNode }) {
  return (
    <div className="relative isolate flex min-h-[calc(100dvh-10rem)] items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-primary/[0.07] to-transparent"
      />
      {children}
    </div>
  );
}
