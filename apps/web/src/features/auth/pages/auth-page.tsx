import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { KeyRound, Mail } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { Separator } from '@/components/ui/separator';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/session/use-auth';
import { POST_LOGIN_REDIRECT_KEY, paths } from '@/config/paths';
import { peekPostLoginRedirect } from '../requests';
import { AuthScreen } from '../components/auth-card';
import { AuthShowcase } from '../components/auth-showcase';
import { AuthTabs, type AuthTab } from '../components/auth-tabs';
import { MfaCodeForm } from '../components/mfa-code-form';
import { RegisterForm } from '../components/register-form';
import { SignInForm } from '../components/sign-in-form';

export function AuthPage() {
  const { user, isLoading } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // An invitation link (/register?invitation=…) opens the registration with its address.
  const invitation = searchParams.get('invitation') ?? undefined;
  const onRegisterPath = location.pathname === paths.register;
  const [step, setStep] = useState<'credentials' | 'mfa'>('credentials');
  // Read once: the key is removed below, and a re-render must not retarget the redirect.
  const [target] = useState(peekPostLoginRedirect);
  const tab: AuthTab =
    searchParams.get('tab') === 'register' || onRegisterPath || invitation ? 'register' : 'sign-in';

  // The target is spent once the user is signed in, so a later visit lands on the dashboard.
  useEffect(() => {
    if (user) sessionStorage.removeItem(POST_LOGIN_REDIRECT_KEY);
  }, [user]);

  if (user) return <Navigate to={target} replace />;
  if (isLoading) return <Spinner label="Checking your session..." className="min-h-[50dvh]" />;

  const handleTabChange = (next: AuthTab) => {
    if (onRegisterPath) {
      navigate(next === 'register' ? paths.register : paths.auth, { replace: true });
      return;
    }
    setSearchParams(next === 'register' ? { tab: 'register' } : {}, { replace: true });
  };

  return (
    <AuthScreen>
      <div className="grid w-full max-w-5xl items-stretch gap-8 lg:grid-cols-[1fr_28rem]">
        <AuthShowcase />
        <section className="rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
          {step === 'mfa' ? (
            <>
              <SectionTitle
                title="Two-factor authentication"
                text="Your password was right. One more step to keep your account safe."
              />
              <MfaCodeForm onCancel={() => setStep('credentials')} />
            </>
          ) : (
            <>
              <SectionTitle
                title={tab === 'register' ? 'Create your account' : 'Welcome back'}
                text={
                  tab === 'register'
                    ? 'Start ordering managed clusters in a few minutes.'
                    : 'Sign in to manage your clusters, orders and billing.'
                }
              />
              <AuthTabs
                value={tab}
                onValueChange={handleTabChange}
                signIn={<SignInForm onMfaRequired={() => setStep('mfa')} />}
                register={<RegisterForm invitation={invitation} />}
              />
              <OtherWays />
            </>
          )}
        </section>
      </div>
    </AuthScreen>
  );
}

function SectionTitle({ title, text }: { title: string; text: string }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-1.5 text-sm text-muted-foreground">{text}</p>
    </header>
  );
}

function OtherWays() {
  return (
    <div className="mt-6 grid gap-4">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <Separator className="flex-1" />
        or
        <Separator className="flex-1" />
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button asChild variant="outline">
          <Link to="/magic-link-login">
            <Mail aria-hidden="true" />
            E-mail me a link
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/forgot-password">
            <KeyRound aria-hidden="true" />
            Reset password
          </Link>
        </Button>
      </div>
    </div>
  );
}
