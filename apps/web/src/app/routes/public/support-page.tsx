import { lazy, Suspense } from 'react';
import { Activity, BookOpen, CreditCard, Search, Ticket, Wrench } from 'lucide-react';
import { paths } from '@/config/paths';
import { LinkCardGrid, type LinkCardItem } from '@/components/page/link-card-grid';
import { PageHeader } from '@/components/page/page-header';
import { SeverityTable } from '@/features/support/severity-table';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';
import { Spinner } from '@/components/ui/spinner';
import { useAccess } from '@/lib/session/use-can';

// A member's hub carries the signed-in form system: its own chunk, never a visitor's download.
const SupportHubPage = lazy(() =>
  import('@/features/support/pages/support-hub-page').then((m) => ({ default: m.SupportHubPage })),
);

const routes: LinkCardItem[] = [
  {
    icon: Wrench,
    title: 'Technical support',
    text: 'Clusters, add-ons, networking, the console.',
    to: paths.technicalSupport,
  },
  {
    icon: CreditCard,
    title: 'Billing support',
    text: 'Invoices, charges, payment methods, credits.',
    to: paths.billingSupport,
  },
  {
    icon: Ticket,
    title: 'Submit a ticket',
    text: 'No account needed; you get a tracking code.',
    to: paths.submitTicket,
  },
  {
    icon: Search,
    title: 'Track a ticket',
    text: 'Read the answers and reply with your code.',
    to: paths.trackTicket,
  },
  {
    icon: BookOpen,
    title: 'Documentation',
    text: 'Guides and tutorials for every common task.',
    to: paths.documentation,
  },
  {
    icon: Activity,
    title: 'Service status',
    text: 'Check the API’s health and response times.',
    to: paths.testService,
  },
];

/** /support: the hub for a member of an organization, the public help page for anyone else. */
export function SupportPage() {
  useRouteMeta('/support');
  const member = useAccess('member');
  if (member.pending) return <Spinner className="min-h-[50vh]" size="lg" label="Loading..." />;
  if (member.allowed) {
    return (
      <Suspense fallback={<Spinner className="min-h-[50vh]" size="lg" label="Loading..." />}>
        <SupportHubPage />
      </Suspense>
    );
  }
  return (
    <>
      <PageHeader
        eyebrow="Support"
        title="How can we help?"
        lead="Engineers who run the platform answer the tickets. Pick the right door and your question reaches them first time."
      />
      <div className="mx-auto w-full max-w-6xl space-y-14 px-4 py-12 sm:px-6 lg:px-8">
        <LinkCardGrid items={routes} headingLevel="h2" className="sm:grid-cols-2 lg:grid-cols-3" />
        <section aria-labelledby="times-heading" className="space-y-4">
          <h2 id="times-heading" className="text-2xl font-bold tracking-tight">
            Response times
          </h2>
          <p className="max-w-3xl text-muted-foreground">
            The clock starts when the ticket is opened and stops while we wait for your answer.
            Signed-in customers open tickets from the dashboard so they are linked to the
            organization and its clusters.
          </p>
          <SeverityTable />
        </section>
      </div>
    </>
  );
}
