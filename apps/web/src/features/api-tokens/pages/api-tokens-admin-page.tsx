import { useSearchParams } from 'react-router';
import type { AdminApiToken, AdminApiTokenQuery } from '@alpenkube/contract';
import { PageHeading } from '@/components/page/page-heading';
import { QueryError } from '@/components/page/query-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { parseRowId } from '@/lib/row-id';
import { useCan } from '@/lib/session/use-can';
import { TokenList } from '../components/token-list';
import { useAdminRevokeApiToken, useOrganizationApiTokens } from '../queries';

const PAGE = 50;

/** /admin/api-tokens: the organization's tokens with their owners (super admins: any). */
export function ApiTokensAdminPage() {
  const { toast } = useToast();
  const superAdmin = useCan('superAdmin');
  const [search, setSearch] = useSearchParams();
  const organizationId = parseRowId(search.get('organizationId'));
  const before = parseRowId(search.get('before'));
  const query: AdminApiTokenQuery = {
    ...(superAdmin && organizationId ? { organizationId } : {}),
    limit: PAGE,
    ...(before ? { before } : {}),
  };
  const tokens = useOrganizationApiTokens(query);
  const revoke = useAdminRevokeApiToken();
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'before') next.delete('before');
    setSearch(next);
  };

  const onRevoke = (token: AdminApiToken, done: () => void) =>
    revoke.mutate(token.id, {
      onSuccess: () =>
        toast({
          title: `“${token.name}” revoked`,
          description: `${token.owner.name ?? token.owner.username}'s scripts using it are refused from now on.`,
          variant: 'success',
        }),
      onError: (error) =>
        toast({ title: 'Error', description: error.message, variant: 'destructive' }),
      onSettled: done,
    });
  const list = tokens.data ?? [];

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <PageHeading
        title="API tokens"
        lead={
          superAdmin
            ? 'Every organization’s personal API tokens, newest first.'
            : 'Your organization’s personal API tokens, newest first. Revoke any that should no longer work.'
        }
      />
      {superAdmin ? (
        <label className="flex max-w-xs items-center gap-2 text-sm">
          <span className="shrink-0 text-muted-foreground">Organization id</span>
          <Input
            inputMode="numeric"
            defaultValue={organizationId ?? ''}
            placeholder="All"
            onBlur={(event) => set('organizationId', event.target.value.trim())}
            onKeyDown={(event) => {
              if (event.key === 'Enter') set('organizationId', event.currentTarget.value.trim());
            }}
          />
        </label>
      ) : null}
      {tokens.isLoading ? (
        <Spinner label="Loading tokens..." className="py-10" />
      ) : tokens.error ? (
        <QueryError
          title="Could not load the tokens"
          error={tokens.error}
          onRetry={() => void tokens.refetch()}
        />
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-10 text-center text-sm text-muted-foreground">
          No API tokens {before ? 'older than these' : 'yet'}.
        </p>
      ) : (
        <TokenList
          tokens={list}
          label="Organization API tokens"
          owner={(token) =>
            `${token.owner.name ?? token.owner.username} (${token.owner.username})${superAdmin ? ` · organization ${token.organizationId}` : ''}`
          }
          pendingId={revoke.isPending ? (revoke.variables ?? null) : null}
          onRevoke={onRevoke}
        />
      )}
      <div className="flex gap-2">
        {before ? (
          <Button variant="outline" size="sm" onClick={() => set('before', '')}>
            Newest
          </Button>
        ) : null}
        {list.length === PAGE ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => set('before', String(list[list.length - 1]!.id))}
          >
            Older
          </Button>
        ) : null}
      </div>
    </div>
  );
}
