import { Link } from 'react-router';
import type { OperatorOrganization } from '@alpenkube/contract';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { formatDay, formatUsd, waitingFor } from '../labels';
import { OrganizationStatusBadge } from './organization-status-badge';

function Created({ organization }: { organization: OperatorOrganization }) {
  return (
    <>
      {formatDay(organization.createdAt)}
      {organization.status === 'pending_approval' ? (
        <span className="block text-xs text-muted-foreground">
          waiting {waitingFor(organization.createdAt)}
        </span>
      ) : null}
    </>
  );
}

const columns: DataTableColumn<OperatorOrganization>[] = [
  {
    id: 'name',
    header: 'Organization',
    rowHeader: true,
    cell: (organization) => (
      <>
        <Link
          to={paths.adminOrganization(organization.id)}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {organization.name}
        </Link>
        <span className="block font-mono text-xs text-muted-foreground">
          {organization.billingId}
        </span>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (organization) => <OrganizationStatusBadge status={organization.status} />,
  },
  {
    id: 'created',
    header: 'Created',
    cell: (organization) => <Created organization={organization} />,
  },
  {
    id: 'members',
    header: 'Members',
    align: 'right',
    cell: (organization) => (
      <span title={`${organization.activeAdminCount} admins`}>
        {organization.memberCount}
        <span className="text-muted-foreground"> ({organization.activeAdminCount} admin)</span>
      </span>
    ),
  },
  {
    id: 'clusters',
    header: 'Clusters',
    align: 'right',
    className: 'hidden lg:table-cell',
    cell: (organization) => organization.clusterCount,
  },
  {
    id: 'orders',
    header: 'Open orders',
    align: 'right',
    className: 'hidden lg:table-cell',
    cell: (organization) => organization.openOrderCount,
  },
  {
    id: 'credit',
    header: 'Credit',
    align: 'right',
    cell: (organization) => (
      <span className="tabular-nums">{formatUsd(organization.creditBalance)}</span>
    ),
  },
  {
    id: 'plan',
    header: 'Support',
    className: 'hidden xl:table-cell capitalize',
    cell: (organization) => organization.supportPlan,
  },
];

function OrganizationCard({ organization }: { organization: OperatorOrganization }) {
  return (
    <li className="space-y-2 rounded-xl border bg-card p-4 text-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={paths.adminOrganization(organization.id)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {organization.name}
          </Link>
          <p className="font-mono text-xs text-muted-foreground">{organization.billingId}</p>
        </div>
        <OrganizationStatusBadge status={organization.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-muted-foreground">
        <dt>Created</dt>
        <dd className="text-foreground">
          <Created organization={organization} />
        </dd>
        <dt>Members</dt>
        <dd className="text-foreground">
          {organization.memberCount} ({organization.activeAdminCount} admin)
        </dd>
        <dt>Clusters</dt>
        <dd className="text-foreground">{organization.clusterCount}</dd>
        <dt>Open orders</dt>
        <dd className="text-foreground">{organization.openOrderCount}</dd>
        <dt>Credit</dt>
        <dd className="text-foreground tabular-nums">{formatUsd(organization.creditBalance)}</dd>
      </dl>
    </li>
  );
}

/** The organizations: a table on wide screens, cards on a phone. */
export function OrganizationsTable({ organizations }: { organizations: OperatorOrganization[] }) {
  return (
    <>
      <div className="hidden md:block">
        <DataTable
          caption="Organizations"
          columns={columns}
          rows={organizations}
          rowKey={(organization) => organization.id}
          rowProps={(organization) => ({ 'data-organization': organization.billingId })}
          className="bg-card"
        />
      </div>
      <ul className="grid gap-3 md:hidden" aria-label="Organizations">
        {organizations.map((organization) => (
          <OrganizationCard key={organization.id} organization={organization} />
        ))}
      </ul>
    </>
  );
}
