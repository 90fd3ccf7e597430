import { Link } from 'react-router';
import { Clock } from 'lucide-react';
import { paths } from '@/config/paths';
import type { TutorialMeta } from '@/lib/tutorial-index';

export function TutorialCard({ tutorial, snippet }: { tutorial: TutorialMeta; snippet?: string }) {
  return (
    <Link
      to={paths.tutorial(tutorial.slug)}
      className="group flex flex-col rounded-xl border border-border bg-card p-5 shadow-sm transition hover:border-primary/50 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <span className="text-xs font-semibold tracking-wide text-primary uppercase">
        {tutorial.category}
      </span>
      <h3 className="mt-2 text-lg font-semibold text-card-foreground group-hover:text-primary">
        {tutorial.title}
      </h3>
      <p className="mt-2 flex-1 text-sm text-muted-foreground">{tutorial.summary}</p>
      {snippet && (
        <p className="mt-3 rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">
          {snippet}
        </p>
      )}
      <span className="mt-4 inline-flex items-center gap-1.5 text-xs text-muted-foreground">
        <Clock className="size-3.5" aria-hidden="true" />
        {tutorial.readingMinutes} min read
      </span>
    </Link>
  );
}
