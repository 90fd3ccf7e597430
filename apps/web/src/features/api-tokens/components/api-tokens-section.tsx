import type { ApiToken } from '@alpenkube/contract';
import { FormAlert } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { useMyApiTokens, useRevokeApiToken } from '../queries';
import { CreateTokenDialog } from './create-token-dialog';
import { TokenList } from './token-list';

/** Settings → API tokens: the person's tokens, creating one, revoking one. */
export function ApiTokensSection() {
  const { toast } = useToast();
  const tokens = useMyApiTokens();
  const revoke = useRevokeApiToken();

  const onRevoke = (token: ApiToken, done: () => void) =>
    revoke.mutate(token.id, {
      onSuccess: () => toast({ title: `“${token.name}” revoked`, variant: 'success' }),
      onError: (error) =>
        toast({ title: 'Error', description: error.message, variant: 'destructive' }),
      onSettled: done,
    });

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          For scripts and tools such as Terraform: send a token as the header Authorization: Bearer
          followed by the token.
        </p>
        <CreateTokenDialog />
      </div>
      {tokens.isLoading ? (
        <Spinner label="Loading tokens..." className="py-6" />
      ) : tokens.error ? (
        <FormAlert>{tokens.error.message}</FormAlert>
      ) : (tokens.data ?? []).length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          You have no API tokens yet.
        </p>
      ) : (
        <TokenList
          tokens={tokens.data ?? []}
          label="Your API tokens"
          pendingId={revoke.isPending ? (revoke.variables ?? null) : null}
          onRevoke={onRevoke}
        />
      )}
    </div>
  );
}
