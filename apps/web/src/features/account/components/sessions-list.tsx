import { LogOut, Monitor, Smartphone } from 'lucide-react';
import type { SessionInfo } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../queries';
import { formatRelative } from '../format-relative';

const isMobile = (device: string) => /android|iphone|ipad|mobile/i.test(device);

export function SessionsList() {
  const { toast } = useToast();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const showError = (error: Error) =>
    toast({ title: 'Error', description: error.message, variant: 'destructive' });

  if (sessions.isLoading) return <Spinner label="Loading sessions..." className="py-6" />;
  if (sessions.error) return <FormAlert>{sessions.error.message}</FormAlert>;
  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current).length;

  return (
    <div className="grid gap-4">
      <ul className="min-w-0 divide-y rounded-lg border" aria-label="Active sessions">
        {list.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            pending={revoke.isPending && revoke.variables === session.id}
            onRevoke={() =>
              revoke.mutate(session.id, {
                onSuccess: () => toast({ title: 'Session signed out', variant: 'success' }),
                onError: showError,
              })
            }
          />
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {others === 0
            ? 'No other device is signed in.'
            : `${others} other ${others === 1 ? 'session' : 'sessions'} signed in.`}
        </p>
        <SubmitButton
          type="button"
          variant="outline"
          disabled={others === 0}
          pending={revokeOthers.isPending}
          pendingText="Signing out..."
          onClick={() =>
            revokeOthers.mutate(undefined, {
              onSuccess: ({ revoked }) =>
                toast({
                  title: 'Other sessions signed out',
                  description: `${revoked} ${revoked === 1 ? 'session was' : 'sessions were'} ended.`,
                  variant: 'success',
                }),
              onError: showError,
            })
          }
        >
          <LogOut aria-hidden="true" />
          Sign out all other sessions
        </SubmitButton>
      </div>
    </div>
  );
}

interface SessionRowProps {
  session: SessionInfo;
  pending: boolean;
  onRevoke: () => void;
}

function SessionRow({ session, pending, onRevoke }: SessionRowProps) {
  const Icon = isMobile(session.device) ? Smartphone : Monitor;
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="session-row">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="truncate">{session.device}</span>
          {session.current ? <Badge variant="success">This device</Badge> : null}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          {session.ip ?? 'Unknown IP'} · Active {formatRelative(session.lastSeenAt)} · Signed in{' '}
          {formatRelative(session.createdAt)}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="ghost"
          size="sm"
          onClick={onRevoke}
          disabled={pending}
          aria-label={`Sign out ${session.device}`}
        >
          {pending ? <Spinner size="sm" /> : 'Revoke'}
        </Button>
      )}
    </li>
  );
}
