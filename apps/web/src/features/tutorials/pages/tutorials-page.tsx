import { PageHeader } from '@/components/page/page-header';
import { TutorialSearchList } from '../tutorial-search-list';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

export function TutorialsPage() {
  useRouteMeta('/tutorials');
  return (
    <>
      <PageHeader
        eyebrow="Learn"
        title="Tutorials"
        lead="Practical guides with the commands and manifests to copy: from your first cluster to backups, upgrades and migrations."
      />
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
        <TutorialSearchList />
      </div>
    </>
  );
}
