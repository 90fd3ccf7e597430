import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SearchBox } from '@/components/ui/search-box';
import { TutorialCard } from './tutorial-card';
import { useTutorialSearch } from './use-tutorial-search';

/** A search box over every tutorial and the matching cards; shared by /tutorials and /documentation. */
export function TutorialSearchList({ label = 'Search tutorials' }: { label?: string }) {
  const { query, setQuery, hits, searchingBodies } = useTutorialSearch();
  return (
    <section aria-label="Tutorials">
      <SearchBox
        value={query}
        onValueChange={setQuery}
        label={label}
        placeholder="kubectl, autoscaler, invoice, Velero…"
        large
        className="max-w-xl"
      />
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
