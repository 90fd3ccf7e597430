import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, TerminalSquare, UserRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { FormAlert } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { AuthCard, AuthScreen } from '../components/auth-card';
import { authQueries } from '../queries';
import { devLogin, takePostLoginRedirect } from '../requests';
import { useAlternativeSignIn } from '../use-alternative-sign-in';

/** Development only: the server answers 404 to these calls in production. */
export function DevLoginPage() {
  const navigate = useNavigate();
  const users = useQuery(authQueries.devUsers());
  const signIn = useAlternativeSignIn(devLogin);

  const handleSignIn = (username: string) =>
    signIn.mutate(username, {
      onSuccess: () => navigate(takePostLoginRedirect(), { replace: true }),
    });

  return (
    <AuthScreen>
      <AuthCard
        icon={TerminalSquare}
        title="Developer sign-in"
        description="One click signs you in as a seeded demo user. This page exists only in development."
      >
        {users.isLoading ? <Spinner label="Loading demo users..." /> : null}
        {users.error ? (
          <FormAlert title="Developer sign-in is not available">{users.error.message}</FormAlert>
        ) : null}
        {signIn.error ? <FormAlert className="mb-4">{signIn.error.message}</FormAlert> : null}
        <ul className="grid grid-cols-1 gap-2">
          {users.data?.map((user) => {
            const pending = signIn.isPending && signIn.variables === user.username;
            return (
              <li key={user.username}>
                <button
                  type="button"
                  disabled={signIn.isPending}
                  onClick={() => handleSignIn(user.username)}
                  aria-label={`Sign in as ${user.username}`}
                  className="group flex w-full items-center gap-3 rounded-lg border bg-background px-4 py-3 text-left transition-colors hover:border-primary/40 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60"
                >
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                    <UserRound className="size-4" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2 font-medium">
                      {user.username}
                      <Badge variant="secondary">{user.role}</Badge>
                    </span>
                    <span className="block text-sm text-muted-foreground">{user.description}</span>
                  </span>
                  {pending ? (
                    <Spinner size="sm" />
                  ) : (
                    <ChevronRight
                      className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </AuthCard>
    </AuthScreen>
  );
}
