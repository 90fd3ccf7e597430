import { useState, type ReactNode } from 'react';
import { KeyRound } from 'lucide-react';
import type { ApiToken } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDate, lastUsedText, tokenState } from '../token-labels';

const stateBadge = {
  active: <Badge variant="success">Active</Badge>,
  expired: <Badge variant="warning">Expired</Badge>,
  revoked: <Badge variant="destructive">Revoked</Badge>,
};

/** Tokens, newest first, each with a revoke button while it still works. */
export function TokenList<T extends ApiToken>({
  tokens,
  label,
  owner,
  onRevoke,
  pendingId,
}: {
  tokens: T[];
  label: string;
  /** A line naming whose token it is (the admin's list). */
  owner?: (token: T) => ReactNode;
  onRevoke: (token: T, done: () => void) => void;
  pendingId: number | null;
}) {
  return (
    <ul className="min-w-0 divide-y rounded-lg border" aria-label={label}>
      {tokens.map((token) => (
        <TokenRow
          key={token.id}
          token={token}
          owner={owner?.(token)}
          pending={pendingId === token.id}
          onRevoke={(done) => onRevoke(token, done)}
        />
      ))}
    </ul>
  );
}

function TokenRow({
  token,
  owner,
  pending,
  onRevoke,
}: {
  token: ApiToken;
  owner?: ReactNode;
  pending: boolean;
  onRevoke: (done: () => void) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const state = tokenState(token);
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="api-token-row">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <KeyRound className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="truncate">{token.name}</span>
          <code className="font-mono text-xs text-muted-foreground">{token.prefix}…</code>
          {stateBadge[state]}
        </p>
        {owner ? <p className="text-xs text-muted-foreground">{owner}</p> : null}
        <p className="flex flex-wrap gap-1">
          {token.scopes.map((scope) => (
            <Badge key={scope} variant="outline" className="font-mono">
              {scope}
            </Badge>
          ))}
        </p>
        <p className="text-xs text-muted-foreground">
          Created {formatDate(token.createdAt)} ·{' '}
          {token.revokedAt
            ? `Revoked ${formatDate(token.revokedAt)}`
            : `${state === 'expired' ? 'Expired' : 'Expires'} ${formatDate(token.expiresAt)}`}{' '}
          · {lastUsedText(token)}
        </p>
      </div>
      {state === 'active' ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger="Revoke"
          triggerProps={{ 'aria-label': `Revoke ${token.name}` }}
          title={`Revoke “${token.name}”?`}
          description="Scripts using it are refused from their next call. This cannot be undone."
          confirmLabel="Revoke token"
          pendingText="Revoking..."
          pending={pending}
          destructive
          onConfirm={() => onRevoke(() => setConfirming(false))}
        />
      ) : null}
    </li>
  );
}
