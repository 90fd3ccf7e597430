import { Link } from 'react-router';
import { BookOpen, Braces, CircleHelp, LifeBuoy } from 'lucide-react';
import { paths } from '@/config/paths';
import { LinkCardGrid, type LinkCardItem } from '@/components/page/link-card-grid';
import { PageHeader } from '@/components/page/page-header';
import { tutorialCategories, tutorials } from '@/lib/tutorial-index';
import { CliInstall } from '../cli-install';
import { TutorialSearchList } from '../tutorial-search-list';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

const resources: LinkCardItem[] = [
  {
    icon: Braces,
    title: 'API reference',
    text: 'Every endpoint of the platform API, live from its OpenAPI document.',
    to: paths.apiReference,
  },
  {
    icon: CircleHelp,
    title: 'FAQ',
    text: 'Short answers on prices, data location, compliance and support.',
    to: paths.faq,
  },
  {
    icon: LifeBuoy,
    title: 'Technical support',
    text: 'Severities, response times and how to open a ticket.',
    to: paths.technicalSupport,
  },
];

export function DocumentationPage() {
  useRouteMeta('/documentation');
  return (
    <>
      <PageHeader
        eyebrow="Docs"
        title="Documentation"
        lead="Everything you need to run Kubernetes on Alpenkube: guides by topic, the API reference and answers to common questions."
      />
      <div className="mx-auto w-full max-w-6xl space-y-14 px-4 py-12 sm:px-6 lg:px-8">
        <section aria-labelledby="guides-heading">
          <h2 id="guides-heading" className="text-2xl font-bold tracking-tight">
            Guides by topic
          </h2>
          <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2">
            {tutorialCategories.map((category) => (
              <div key={category} className="rounded-xl border border-border bg-card p-6">
                <h3 className="flex items-center gap-2 font-semibold">
                  <BookOpen className="size-4 text-primary" aria-hidden="true" /> {category}
                </h3>
                <ul className="mt-4 space-y-2 text-sm">
                  {tutorials
                    .filter((t) => t.category === category)
                    .map((t) => (
                      <li key={t.slug}>
                        <Link to={paths.tutorial(t.slug)} className="text-primary hover:underline">
                          {t.title}
                        </Link>
                      </li>
                    ))}
                </ul>
              </div>
            ))}
          </div>
        </section>
        <section aria-labelledby="resources-heading">
          <h2 id="resources-heading" className="text-2xl font-bold tracking-tight">
            Reference and help
          </h2>
          <LinkCardGrid items={resources} headingLevel="h3" className="mt-6 md:grid-cols-3" />
        </section>
        <CliInstall />
        <section aria-labelledby="search-heading">
          <h2 id="search-heading" className="text-2xl font-bold tracking-tight">
            Search the documentation
          </h2>
          <div className="mt-6">
            <TutorialSearchList label="Search the documentation" />
          </div>
        </section>
      </div>
    </>
  );
}
