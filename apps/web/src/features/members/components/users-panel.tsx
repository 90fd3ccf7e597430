import { useState } from 'react';
import {
  memberStatuses,
  MEMBER_PAGE_MAX,
  MEMBER_PAGE_SIZE,
  type MemberStatus,
} from '@alpenkube/contract';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { statusDisplay } from '../labels';
import { useMembers } from '../queries';
import { useOrganizationScope } from '../use-organization-scope';
import { InviteDialog } from './invite-dialog';
import { MembersTable } from './members-table';

/** Every person of the organization, searchable, by status, a page at a time. */
export function UsersPanel() {
  const { superAdmin, organizationId } = useOrganizationScope();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<MemberStatus | ''>('');
  const [limit, setLimit] = useState(MEMBER_PAGE_SIZE);
  const members = useMembers({
    q: q.trim() || undefined,
    status: status || undefined,
    organizationId,
    limit,
  });
  return (
    <section aria-label="Users" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Input
          type="search"
          placeholder="Search name, username or e-mail"
          aria-label="Search people"
          className="sm:max-w-xs"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <label className="flex items-center gap-2 text-sm sm:w-56">
          <span className="shrink-0 text-muted-foreground">Status</span>
          <NativeSelect
            value={status}
            onChange={(event) => setStatus(event.target.value as MemberStatus | '')}
          >
            <option value="">All</option>
            {memberStatuses.map((s) => (
              <option key={s} value={s}>
                {statusDisplay[s].label}
              </option>
            ))}
          </NativeSelect>
        </label>
        <div className="sm:ml-auto">
          <InviteDialog organizationId={organizationId} />
        </div>
      </div>
      {members.error ? (
        <QueryError
          title="The people could not be loaded"
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      ) : !members.data ? (
        <Spinner label="Loading the people…" className="min-h-[20dvh]" />
      ) : (
        <>
          <MembersTable members={members.data} showOrganization={superAdmin && !organizationId} />
          {members.data.length >= limit && limit < MEMBER_PAGE_MAX ? (
            <Button
              variant="outline"
              onClick={() => setLimit((n) => Math.min(n + MEMBER_PAGE_SIZE, MEMBER_PAGE_MAX))}
            >
              Show more
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
