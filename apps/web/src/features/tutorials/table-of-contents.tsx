import { cn } from '@/lib/cn';
import type { TocEntry } from './rendered-article';

export function TableOfContents({
  entries,
  className,
}: {
  entries: TocEntry[];
  className?: string;
}) {
  if (entries.length === 0) return null;
  return (
    <nav aria-label="On this page" className={cn('text-sm', className)}>
      <p className="font-semibold text-foreground">On this page</p>
      <ol className="mt-3 space-y-2 border-l border-border">
        {entries.map((entry) => (
          <li key={entry.id} className={entry.depth === 3 ? 'pl-7' : 'pl-4'}>
            <a
              href={`#${entry.id}`}
              className="-ml-px block border-l border-transparent text-muted-foreground hover:border-primary hover:text-foreground"
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
