import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page/page-heading';
import { cn } from '@/lib/cn';
import { AuditLogTab } from '../components/audit-log-tab';
import { DataSubjectTab } from '../components/data-subject-tab';
import { ResidencyTab } from '../components/residency-tab';

const tabs = [
  { id: 'audit', label: 'Audit log' },
  { id: 'requests', label: 'Data-subject requests' },
  { id: 'residency', label: 'Data residency' },
] as const;
type TabId = (typeof tabs)[number]['id'];

/** /officers/panel: the compliance officers' evidence, one tab per duty. */
export function OfficersPage() {
  const [search] = useSearchParams();
  const current: TabId = tabs.some((tab) => tab.id === search.get('tab'))
    ? (search.get('tab') as TabId)
    : 'audit';

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <PageHeading
        title="Officers Panel"
        lead="Evidence for GDPR, HDS, CISPE and data sovereignty: the append-only audit trail, data-subject requests and where every workload keeps its data."
      />
      <nav aria-label="Officers panel" className="max-w-full overflow-x-auto">
        <ul className="flex w-max gap-1 rounded-lg bg-muted p-1">
          {tabs.map((tab) => (
            <li key={tab.id}>
              <Link
                to={`?tab=${tab.id}`}
                replace
                aria-current={tab.id === current ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                  tab.id === current
                    ? 'bg-background text-foreground shadow-sm'
                    : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {current === 'audit' ? <AuditLogTab /> : null}
      {current === 'requests' ? <DataSubjectTab /> : null}
      {current === 'residency' ? <ResidencyTab /> : null}
    </div>
  );
}
