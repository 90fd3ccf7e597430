import { useState } from 'react';
import type { AuditEvent, AuditFilter } from '@alpenkube/contract';
import { AuditLogView } from '@/components/audit/audit-log-view';
import type { AuditRowView } from '@/components/audit/audit-table';
import { auditCsvUrl, useAuditLog } from '../queries';

const asRow = (event: AuditEvent): AuditRowView => ({
  ...event,
  actor: event.actor?.username ?? 'system',
  organization: event.organization?.name,
});

/** The audit trail of every organization: filter, read a page at a time, or download as CSV. */
export function AuditLogTab() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const log = useAuditLog(filter);
  return (
    <AuditLogView
      label="Audit log"
      intro="Append-only: the database refuses to change or delete an event. Erased people appear under their pseudonym."
      log={{
        ...log,
        rows: log.data?.pages.flatMap((page) => page.events.map(asRow)),
      }}
      onFilter={setFilter}
      csvHref={auditCsvUrl(filter)}
      withOrganization
    />
  );
}
