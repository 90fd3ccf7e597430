import { useState } from 'react';
import type { ActivityEvent, ActivityFilter, AuditFilter } from '@alpenkube/contract';
import { AuditLogView } from '@/components/audit/audit-log-view';
import type { AuditRowView } from '@/components/audit/audit-table';
import { activityCsvUrl, useActivityLog } from '../queries';
import { useOrganizationScope } from '../use-organization-scope';

/** The platform's own jobs (a sandbox's expiry, a renewal) act for nobody. */
const asRow = (event: ActivityEvent): AuditRowView => ({
  ...event,
  actor: event.actor ?? 'Alpenkube (automatic)',
});

/**
 * The organization's activity log: who changed which cluster, order, token or member, when and
 * from where, from the platform's audit trail.
 */
export function ActivityPanel() {
  const { superAdmin, organizationId } = useOrganizationScope();
  const [filter, setFilter] = useState<AuditFilter>({});
  // A platform operator reads one organization's log at a time, the one the filter above names.
  const chosen = !superAdmin || organizationId !== undefined;
  const scoped: ActivityFilter = {
    actor: filter.actor,
    action: filter.action,
    outcome: filter.outcome,
    from: filter.from,
    to: filter.to,
    ...(organizationId ? { organizationId: String(organizationId) } : {}),
  };
  const log = useActivityLog(scoped, chosen);
  if (!chosen) {
    return (
      <p className="text-sm text-muted-foreground">
        Choose an organization above to read its activity log.
      </p>
    );
  }
  return (
    <AuditLogView
      label="Activity log"
      intro="Everything your organization’s people did, and what Alpenkube staff did for it, newest first. Events cannot be changed or deleted."
      log={{ ...log, rows: log.data?.pages.flatMap((page) => page.events.map(asRow)) }}
      onFilter={setFilter}
      csvHref={activityCsvUrl(scoped)}
      actorLabel="Member (username or e-mail)"
    />
  );
}
