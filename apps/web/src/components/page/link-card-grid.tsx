import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface LinkCardItem {
  icon: LucideIcon;
  title: string;
  text: string;
  to: string;
}

/** Cards that each lead to another page: an icon, a title and one line about it. */
export function LinkCardGrid({
  items,
  headingLevel: Heading,
  className,
}: {
  items: LinkCardItem[];
  /** The cards' titles sit one level under the heading the grid stands under. */
  headingLevel: 'h2' | 'h3';
  /** The grid's columns per breakpoint. */
  className: string;
}) {
  return (
    <div className={cn('grid grid-cols-1 gap-5', className)}>
      {items.map(({ icon: Icon, title, text, to }) => (
        <Link
          key={title}
          to={to}
          className="rounded-xl border border-border bg-card p-6 transition hover:border-primary/50 hover:shadow-md"
        >
          <Icon className="size-5 text-primary" aria-hidden="true" />
          <Heading className="mt-3 font-semibold">{title}</Heading>
          <p className="mt-1 text-sm text-muted-foreground">{text}</p>
        </Link>
      ))}
    </div>
  );
}
