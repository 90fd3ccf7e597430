import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page/page-header';
import { SearchBox } from '@/components/ui/search-box';
import { faq, faqGroups } from '../content/faq';
import { searchFaq } from '../content/faq-search';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

export function FaqPage() {
  useRouteMeta('/faq');
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchFaq(query, faq), [query]);
  const searching = query.trim() !== '';

  return (
    <>
      <PageHeader
        eyebrow="Help"
        title="Frequently asked questions"
        lead="Short answers about clusters, prices, where your data lives and how to get help."
      >
        <SearchBox
          value={query}
          onValueChange={setQuery}
          label="Search the questions"
          placeholder="Search: HDS, invoice, upgrade…"
          large
          className="max-w-xl"
        />
      </PageHeader>
      <div className="mx-auto w-full max-w-4xl space-y-10 px-4 py-12 sm:px-6 lg:px-8">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {searching
            ? `${results.length} ${results.length === 1 ? 'answer' : 'answers'} for “${query.trim()}”`
            : `${faq.length} questions`}
        </p>
        {results.length === 0 && (
          <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
            No answer mentions that. Search the{' '}
            <Link className="text-primary underline" to={paths.documentation}>
              documentation
            </Link>{' '}
            or{' '}
            <Link className="text-primary underline" to={paths.contact}>
              ask us
            </Link>
            .
          </p>
        )}
        {faqGroups.map((group) => {
          const entries = results.filter((e) => e.group === group);
          if (entries.length === 0) return null;
          return (
            <section key={group} aria-labelledby={`faq-${group}`}>
              <h2 id={`faq-${group}`} className="text-xl font-semibold">
                {group}
              </h2>
              <div className="mt-4 divide-y divide-border rounded-xl border border-border bg-card">
                {entries.map((entry) => (
                  <details
                    key={entry.id}
                    id={entry.id}
                    open={searching}
                    className="group p-5 [&_summary::-webkit-details-marker]:hidden"
                  >
                    <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium">
                      {entry.question}
                      <ChevronDown
                        className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                        aria-hidden="true"
                      />
                    </summary>
                    <p className="mt-3 text-sm leading-relaxed text-muted-foreground">
                      {entry.answer}
                    </p>
                  </details>
                ))}
              </div>
            </section>
          );
        })}
      </div>
    </>
  );
}
