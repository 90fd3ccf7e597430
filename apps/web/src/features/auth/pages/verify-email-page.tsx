import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, MailCheck, TriangleAlert } from 'lucide-react';
import type { User } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AuthCard, AuthScreen } from '../components/auth-card';
import { verifyEmail } from '../requests';
import { userQueryKey } from '@/lib/session/session-cache';
import { useAuth } from '@/lib/session/use-auth';
import { useRunOnce } from '../use-run-once';

/** /verify-email and /verify-registration-email: confirms the address the e-mail was sent to. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: verifyEmail,
    onSuccess: (verified) => {
      // The link may be opened in a browser signed in as someone else: update only that user.
      queryClient.setQueryData<User | null>(userQueryKey, (current) =>
        current && current.id === verified.id ? { ...current, emailVerified: true } : current,
      );
    },
  });
  const { mutate } = mutation;
  useRunOnce(
    token,
    useCallback((value: string) => mutate(value), [mutate]),
  );

  const next = user ? (
    <Button asChild size="lg" className="w-full">
      <Link to={paths.dashboard}>Go to your dashboard</Link>
    </Button>
  ) : (
    <Button asChild size="lg" className="w-full">
      <Link to={paths.auth}>Sign in</Link>
    </Button>
  );

  let content;
  if (!token) {
    content = (
      <AuthCard
        icon={TriangleAlert}
        tone="destructive"
        title="This verification link is incomplete"
        description="The link has no token. Open it again from the e-mail, or send yourself a new one after signing in."
      >
        {next}
      </AuthCard>
    );
  } else if (mutation.isSuccess) {
    content = (
      <AuthCard
        icon={BadgeCheck}
        tone="success"
        title="E-mail address verified"
        description={
          <>
            Thank you. <strong className="text-foreground">{mutation.data.email}</strong> is
            confirmed, so you will receive order, billing and security notices there.
          </>
        }
      >
        {next}
      </AuthCard>
    );
  } else if (mutation.isError) {
    content = (
      <AuthCard
        icon={TriangleAlert}
        tone="destructive"
        title="We couldn't verify your e-mail"
        description={
          <>
            {mutation.error.message}
            <span className="mt-2 block">
              {user
                ? 'Send yourself a new link from the verification prompt on your dashboard.'
                : 'Sign in to send yourself a new link.'}
            </span>
          </>
        }
      >
        {next}
      </AuthCard>
    );
  } else {
    content = (
      <AuthCard icon={MailCheck} title="Verifying your e-mail" description="Checking your link...">
        <Spinner label="One moment" />
      </AuthCard>
    );
  }
  return <AuthScreen>{content}</AuthScreen>;
}
