import { Link, useParams } from 'react-router';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { ArrowLeft, Clock } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { findTutorial, tutorials } from '@/lib/tutorial-index';
import { NotFoundPanel } from '@/components/page/not-found-panel';
import { ArticleBody } from '../article-body';
import { TableOfContents } from '../table-of-contents';
import { loadArticle } from '../load-article';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';
import { TutorialPager } from '../tutorial-pager';

const articleQuery = (slug: string) =>
  queryOptions({
    queryKey: ['tutorial-body', slug],
    queryFn: async () => (await loadArticle(slug)) ?? null,
    staleTime: Infinity,
  });

/** The article is the page: prerendered with it, not with a spinner. */
export const prerenderTutorial = (queryClient: QueryClient, params: Params) =>
  queryClient.prefetchQuery(articleQuery(params.slug ?? ''));

export function TutorialPage() {
  const { slug = '' } = useParams();
  const tutorial = findTutorial(slug);
  useRouteMeta(`/tutorials/${slug}`, 'Tutorial not found | Alpenkube');

  const article = useQuery({ ...articleQuery(slug), enabled: Boolean(tutorial) });
  const toc = article.data?.toc ?? [];

  if (!tutorial || article.data === null) {
    return (
      <NotFoundPanel
        title="Tutorial not found"
        backTo={paths.tutorials}
        backLabel="Browse all tutorials"
      >
        There is no tutorial at <code className="rounded bg-muted px-1">/tutorials/{slug}</code>. It
        may have been renamed; the list has every guide we publish.
      </NotFoundPanel>
    );
  }

  const index = tutorials.indexOf(tutorial);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <Link
        to={paths.tutorials}
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> All tutorials
      </Link>
      <div className="mt-6 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_15rem]">
        <article className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">
            {tutorial.category}
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{tutorial.title}</h1>
          <p className="mt-3 text-lg text-muted-foreground">{tutorial.summary}</p>
          <p className="mt-3 inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            <Clock className="size-4" aria-hidden="true" /> {tutorial.readingMinutes} min read
          </p>
          <TableOfContents
            entries={toc}
            className="mt-8 rounded-xl border border-border p-5 lg:hidden"
          />
          <div className="mt-8">
            {article.isPending ? (
              <Spinner label="Loading the article…" className="py-16" />
            ) : article.isError ? (
              <p role="alert" className="text-destructive">
                The article could not be loaded. Check your connection and reload the page.
              </p>
            ) : (
              <ArticleBody html={article.data.html} />
            )}
          </div>
          <TutorialPager previous={tutorials[index - 1]} next={tutorials[index + 1]} />
        </article>
        <aside className="hidden lg:block">
          <TableOfContents entries={toc} className="sticky top-24" />
        </aside>
      </div>
    </div>
  );
}
