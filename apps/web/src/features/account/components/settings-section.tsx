import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SettingsSectionProps {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One settings topic: its title and why it matters on the left, the controls in a card. */
export function SettingsSection({
  id,
  title,
  description,
  children,
  className,
}: SettingsSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('grid scroll-mt-24 gap-4 py-8 lg:grid-cols-[16rem_1fr] lg:gap-10', className)}
    >
      <div>
        <h2 id={headingId} className="text-base font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="min-w-0 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6">
        {children}
      </div>
    </section>
  );
}
