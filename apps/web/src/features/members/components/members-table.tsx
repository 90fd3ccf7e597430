import { roleLabels } from '@alpenkube/contract/permissions';
import type { Member } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { formatDate, formatDateTime, personName } from '../labels';
import { MemberActions } from './member-actions';
import { StatusBadge } from './status-badge';

/** The people of an organization; on a phone the less needed columns go and the frame scrolls. */
export function MembersTable({
  members,
  showOrganization,
  placeholder,
}: {
  members: Member[];
  showOrganization: boolean;
  placeholder?: string;
}) {
  const columns: DataTableColumn<Member>[] = [
    {
      id: 'person',
      header: 'Person',
      rowHeader: true,
      cell: (m) => (
        <div className="min-w-40">
          <div className="font-medium">{personName(m)}</div>
          <div className="text-xs font-normal text-muted-foreground">
            {m.username} · <span className="break-all">{m.email}</span>
          </div>
        </div>
      ),
    },
    ...(showOrganization
      ? [
          {
            id: 'organization',
            header: 'Organization',
            className: 'hidden md:table-cell',
            cell: (m: Member) => m.organizationName,
          },
        ]
      : []),
    {
      id: 'role',
      header: 'Role',
      cell: (m) => (
        <span className="whitespace-nowrap">
          {roleLabels[m.role]}
          {m.officerAccess ? (
            <Badge variant="outline" className="ml-1.5">
              Officer
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (m) => (
        <div className="space-y-1">
          <StatusBadge status={m.status} reason={m.statusReason} />
          {m.statusReason ? (
            <div className="max-w-48 text-xs text-muted-foreground">{m.statusReason}</div>
          ) : null}
        </div>
      ),
    },
    {
      id: 'mfa',
      header: '2FA',
      cell: (m) =>
        m.mfaEnabled ? <Badge variant="success">On</Badge> : <Badge variant="outline">Off</Badge>,
    },
    {
      id: 'last-login',
      header: 'Last sign-in',
      className: 'hidden lg:table-cell',
      cellClassName: 'whitespace-nowrap text-muted-foreground',
      cell: (m) => formatDateTime(m.lastLoginAt),
    },
    {
      id: 'created',
      header: 'Joined',
      className: 'hidden xl:table-cell',
      cellClassName: 'whitespace-nowrap text-muted-foreground',
      cell: (m) => formatDate(m.createdAt),
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (m) => <MemberActions member={m} />,
    },
  ];
  return (
    <DataTable
      caption="People of the organization"
      columns={columns}
      rows={members}
      rowKey={(m) => m.id}
      rowProps={(m) => ({ 'data-testid': `member-${m.username}` })}
      placeholder={members.length === 0 ? (placeholder ?? 'Nobody matches.') : undefined}
      // The frame is the sr-only header's containing block: it scrolls inside, not the page.
      className="relative bg-card"
    />
  );
}
