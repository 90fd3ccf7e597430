import { Link } from 'react-router';
import { Activity, BookOpen, Building2, Lightbulb, ListChecks, ShieldCheck } from 'lucide-react';
import { PageHeading } from '@/components/page/page-heading';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/session/use-can';
import { RoleGate } from '@/components/page/role-gate';
import { NewTicketForm } from '../components/new-ticket-form';
import { PlanTargets } from '../components/plan-targets';
import { TicketsTable } from '../components/tickets-table';
import { usePlans, useTickets } from '../queries';

const links = [
  { to: paths.documentation, icon: BookOpen, label: 'Documentation' },
  { to: paths.testService, icon: Activity, label: 'Service status' },
  { to: paths.customSolutions, icon: Lightbulb, label: 'Request a custom solution' },
  { to: paths.supportOrders, icon: ListChecks, label: 'All your tickets' },
];

/** /support for a signed-in member: open a ticket, recent tickets, the plan and its targets. */
export function SupportHubPage() {
  const plans = usePlans();
  const recent = useTickets({ limit: 5 });
  const staff = useCan('superAdmin');
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeading
        title="Support"
        lead="Engineers who run the platform answer your tickets. Your whole organization sees them."
      >
        {staff ? (
          <Button asChild variant="outline">
            <Link to={paths.supportQueue}>
              <ShieldCheck className="size-4" aria-hidden="true" /> Staff queue
            </Link>
          </Button>
        ) : null}
        {staff ? (
          <Button asChild variant="outline">
            <Link to={paths.adminOrganizations}>
              <Building2 className="size-4" aria-hidden="true" /> Organizations
            </Link>
          </Button>
        ) : null}
      </PageHeading>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Open a ticket</CardTitle>
          </CardHeader>
          <CardContent>
            <RoleGate level="signedIn" reach="support:write">
              <NewTicketForm plans={plans.data} />
            </RoleGate>
          </CardContent>
        </Card>
        <div className="grid content-start gap-6">
          <PlanTargets plans={plans.data} />
          <nav aria-label="Help" className="grid gap-2">
            {links.map(({ to, icon: Icon, label }) => (
              <Link
                key={to}
                to={to}
                className="flex items-center gap-2 rounded-lg border px-3 py-2 text-sm hover:bg-accent"
              >
                <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                {label}
              </Link>
            ))}
          </nav>
        </div>
      </div>
      <section aria-labelledby="recent-heading" className="space-y-3">
        <h2 id="recent-heading" className="text-lg font-semibold">
          Recent tickets
        </h2>
        {!recent.data ? (
          <Spinner label="Loading the tickets…" />
        ) : recent.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tickets yet.</p>
        ) : (
          <TicketsTable tickets={recent.data} caption="Recent tickets" />
        )}
      </section>
    </div>
  );
}
