import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LinkIcon, ShieldCheck, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AuthCard, AuthScreen } from '../components/auth-card';
import { MfaCodeForm } from '../components/mfa-code-form';
import { takePostLoginRedirect, verifyMagicLink } from '../requests';
import { useAlternativeSignIn } from '../use-alternative-sign-in';
import { useRunOnce } from '../use-run-once';

/** The landing page of the e-mailed sign-in link: /magic-link?token=… */
export function MagicLinkPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const signIn = useAlternativeSignIn(verifyMagicLink);
  const goOn = useCallback(() => navigate(takePostLoginRedirect(), { replace: true }), [navigate]);
  const { mutate } = signIn;

  useRunOnce(
    token,
    useCallback(
      (value: string) =>
        mutate(value, { onSuccess: (result) => ('mfaRequired' in result ? undefined : goOn()) }),
      [mutate, goOn],
    ),
  );

  const renderState = () => {
    if (!token) {
      return (
        <AuthCard
          icon={TriangleAlert}
          tone="destructive"
          title="This sign-in link is incomplete"
          description="The link has no token. Open it again from the e-mail, or ask for a new one."
        >
          <RequestAgain />
        </AuthCard>
      );
    }
    if (signIn.error) {
      return (
        <AuthCard
          icon={TriangleAlert}
          tone="destructive"
          title="We couldn't sign you in"
          description={signIn.error.message}
        >
          <RequestAgain />
        </AuthCard>
      );
    }
    if (signIn.data && 'mfaRequired' in signIn.data) {
      return (
        <AuthCard
          icon={ShieldCheck}
          title="Two-factor authentication"
          description="Your link was accepted. Enter the code from your authenticator app to finish."
        >
          <MfaCodeForm onSignedIn={goOn} />
        </AuthCard>
      );
    }
    return (
      <AuthCard icon={LinkIcon} title="Signing you in" description="Checking your sign-in link...">
        <Spinner label="One moment" />
      </AuthCard>
    );
  };

  return <AuthScreen>{renderState()}</AuthScreen>;
}

function RequestAgain() {
  return (
    <div className="grid gap-2">
      <Button asChild size="lg">
        <Link to={paths.magicLinkLogin}>Send me a new link</Link>
      </Button>
      <Button asChild variant="ghost">
        <Link to={paths.auth}>Sign in with a password</Link>
      </Button>
    </div>
  );
}
