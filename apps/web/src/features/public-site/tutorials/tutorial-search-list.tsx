import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { paths } from '@/config/paths';
import { Input } from '@/components/ui/input';
import { TutorialCard } from './tutorial-card';
import { useTutorialSearch } from './use-tutorial-search';

/** A search box over every tutorial and the matching cards; shared by /tutorials and /documentation. */
export function TutorialSearchList({ label = 'Search tutorials' }: { label?: string }) {
  const { query, setQuery, hits, searchingBodies } = useTutorialSearch();
  return (
    <section aria-label="Tutorials">
      <div className="relative max-w-xl">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="kubectl, autoscaler, invoice, Velero…"
          aria-label={label}
          className="h-11 pl-9 text-base"
        />
      </div>
      <p className="mt-3 text-sm text-muted-foreground" aria-live="polite">
        {query.trim()
          ? `${hits.length} ${hits.length === 1 ? 'tutorial matches' : 'tutorials match'} “${query.trim()}”${searchingBodies ? ' (searching article text…)' : ''}`
          : `${hits.length} tutorials`}
      </p>
      {hits.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
          No tutorial mentions that. Try a shorter word, or ask us through{' '}
          <Link className="text-primary underline" to={paths.support}>
            support
          </Link>
          .
        </div>
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {hits.map((hit) => (
            <TutorialCard
              key={hit.tutorial.slug}
              tutorial={hit.tutorial}
              snippet={query.trim() ? hit.snippet : undefined}
            />
          ))}
        </div>
      )}
    </section>
  );
}
