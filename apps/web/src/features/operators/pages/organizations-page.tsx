import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type OperatorOrganizationQuery, type OrganizationStatusName } from '@alpenkube/contract';
import { PageHeading } from '@/components/page/page-heading';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { CreditCodesSection } from '../components/credit-codes-section';
import { OrganizationsTable } from '../components/organizations-table';
import { StatusTabs } from '../components/status-tabs';
import { organizationStatusDisplay } from '../labels';
import { useOrganizations } from '../queries';

const PAGE = 50;
const STATUSES = Object.keys(organizationStatusDisplay) as OrganizationStatusName[];

/** /admin/organizations: every organization for the platform operators, pending ones first. */
export function OrganizationsPage() {
  const [search, setSearch] = useSearchParams();
  const rawStatus = search.get('status');
  const status = STATUSES.find((s) => s === rawStatus);
  const text = search.get('q') ?? '';
  const offset = Number(search.get('offset') ?? 0) || 0;
  const [typed, setTyped] = useState(text);
  useEffect(() => setTyped(text), [text]);

  const query: OperatorOrganizationQuery = {
    ...(status ? { status } : {}),
    ...(text ? { search: text } : {}),
    limit: PAGE,
    ...(offset ? { offset } : {}),
  };
  const list = useOrganizations(query);

  const hrefOf = (next: OrganizationStatusName | undefined, q = text, at = 0) => {
    const params = new URLSearchParams();
    if (next) params.set('status', next);
    if (q) params.set('q', q);
    if (at) params.set('offset', String(at));
    return params.size ? `${paths.adminOrganizations}?${params}` : paths.adminOrganizations;
  };
  const go = (next: OrganizationStatusName | undefined, q: string, at: number) => {
    const params = new URLSearchParams(hrefOf(next, q, at).split('?')[1] ?? '');
    setSearch(params);
  };

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <PageHeading
        title="Organizations"
        lead="Approve new companies, suspend or reinstate them, and see what each one runs."
      />
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <StatusTabs current={status} counts={list.data?.counts} hrefOf={(s) => hrefOf(s)} />
        <form
          role="search"
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            go(status, typed.trim(), 0);
          }}
        >
          <Input
            type="search"
            aria-label="Search by name or Billing ID"
            placeholder="Name or Billing ID"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
            className="sm:w-64"
          />
          <Button type="submit" variant="outline">
            Search
          </Button>
        </form>
      </div>
      {list.error ? (
        <QueryError
          title="The organizations could not be loaded"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : !list.data ? (
        <Spinner label="Loading the organizations…" className="min-h-[30dvh]" />
      ) : list.data.organizations.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
          {text
            ? `No organization matches “${text}”.`
            : status === 'pending_approval'
              ? 'No organization is waiting for approval.'
              : 'No organizations here.'}
        </p>
      ) : (
        <>
          <OrganizationsTable organizations={list.data.organizations} />
          <div className="flex items-center justify-between text-sm text-muted-foreground">
            <span>
              {offset + 1}–{offset + list.data.organizations.length} of {list.data.total}
            </span>
            <span className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={offset === 0}
                onClick={() => go(status, text, Math.max(0, offset - PAGE))}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={offset + PAGE >= list.data.total}
                onClick={() => go(status, text, offset + PAGE)}
              >
                Next
              </Button>
            </span>
          </div>
        </>
      )}
      <CreditCodesSection />
    </div>
  );
}
