import { Link } from 'react-router';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { paths } from '@/config/paths';
import type { TutorialMeta } from '@/lib/tutorial-index';

/** Previous and next tutorial links at the end of an article, in the list's order. */
export function TutorialPager({
  previous,
  next,
}: {
  previous?: TutorialMeta;
  next?: TutorialMeta;
}) {
  return (
    <nav
      aria-label="More tutorials"
      className="mt-14 grid grid-cols-1 gap-4 border-t border-border pt-8 sm:grid-cols-2"
    >
      {previous ? (
        <Link
          to={paths.tutorial(previous.slug)}
          className="rounded-xl border border-border p-4 hover:border-primary/50"
        >
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <ArrowLeft className="size-3.5" aria-hidden="true" /> Previous
          </span>
          <span className="mt-1 block font-medium">{previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link
          to={paths.tutorial(next.slug)}
          className="rounded-xl border border-border p-4 text-right hover:border-primary/50"
        >
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            Next <ArrowRight className="size-3.5" aria-hidden="true" />
          </span>
          <span className="mt-1 block font-medium">{next.title}</span>
        </Link>
      )}
    </nav>
  );
}
