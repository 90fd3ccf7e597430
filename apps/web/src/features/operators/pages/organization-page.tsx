import { Link, useParams } from 'react-router';
import { AlertTriangle, ArrowLeft } from 'lucide-react';
import { PageHeading } from '@/components/page/page-heading';
import { QueryError } from '@/components/page/query-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { parseRowId } from '@/lib/row-id';
import { InvoicesSection } from '../components/invoices-section';
import { OfficersSection } from '../components/officers-section';
import { OrganizationActions } from '../components/organization-actions';
import { OrganizationFacts } from '../components/organization-facts';
import { OrganizationStatusBadge } from '../components/organization-status-badge';
import { waitingFor } from '../labels';
import { useOrganization } from '../queries';

function BackLink() {
  return (
    <Link
      to={paths.adminOrganizations}
      className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> All organizations
    </Link>
  );
}

/** /admin/organizations/:id: one organization, its standing and what an operator may change. */
export function OrganizationPage() {
  const id = parseRowId(useParams().id ?? null) ?? 0;
  const detail = useOrganization(id);
  if (detail.error) {
    return (
      <div className="mx-auto w-full max-w-6xl space-y-6">
        <BackLink />
        <QueryError
          title="The organization could not be loaded"
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      </div>
    );
  }
  if (!detail.data) return <Spinner label="Loading the organization…" className="min-h-[40dvh]" />;
  const organization = detail.data;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <BackLink />
      <PageHeading
        title={organization.name}
        lead={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{organization.billingId}</span>
            <OrganizationStatusBadge status={organization.status} />
            {organization.status === 'pending_approval' ? (
              <span>waiting {waitingFor(organization.createdAt)}</span>
            ) : null}
          </span>
        }
      >
        <OrganizationActions organization={organization} />
      </PageHeading>
      {organization.status === 'suspended' ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm"
        >
          <AlertTriangle className="mt-0.5 size-4 text-destructive" aria-hidden="true" />
          <span>
            Suspended: {organization.suspendedReason ?? 'no reason given'}. Its members cannot
            order; running clusters keep running.
          </span>
        </p>
      ) : null}
      <OrganizationFacts organization={organization} />
      {/* Side by side only where the invoices' table fits half the width. */}
      <div className="grid gap-6 2xl:grid-cols-2">
        <OfficersSection organizationId={organization.id} />
        <InvoicesSection invoices={organization.invoices} />
      </div>
    </div>
  );
}
