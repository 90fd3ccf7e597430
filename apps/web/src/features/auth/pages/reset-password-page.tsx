import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, KeyRound, TriangleAlert } from 'lucide-react';
import type { ResetPasswordInput } from '@alpenkube/contract';
import { PASSWORD_MIN } from '@alpenkube/contract/password-policy';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';
import { useSchemaForm } from '@/components/ui/use-schema-form';
import { paths } from '@/config/paths';
import { AuthCard, AuthScreen } from '../components/auth-card';
import { resetPassword } from '../requests';

const loadSchema = () => import('@alpenkube/contract/auth').then((m) => m.resetPasswordSchema);

const backToSignIn = (
  <Link to={paths.auth} className="font-medium text-primary hover:underline">
    Back to sign in
  </Link>
);

/** The page the reset e-mail links to: /reset-password?token=… */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const mutation = useMutation({
    mutationFn: ({ token, password }: ResetPasswordInput) => resetPassword(token, password),
  });
  const { errors, formProps } = useSchemaForm(
    loadSchema,
    (input) => mutation.mutate(input),
    (values) => ({ ...values, token }),
  );

  if (!token) {
    return (
      <AuthScreen>
        <AuthCard
          icon={TriangleAlert}
          tone="destructive"
          title="This reset link is incomplete"
          description="The link has no token. Open it again from the e-mail, or ask for a new one."
          footer={backToSignIn}
        >
          <RequestNewLink />
        </AuthCard>
      </AuthScreen>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthScreen>
        <AuthCard
          icon={CircleCheck}
          tone="success"
          title="Password changed"
          description={mutation.data.message}
        >
          <Button asChild size="lg" className="w-full">
            <Link to={paths.auth}>Sign in with your new password</Link>
          </Button>
        </AuthCard>
      </AuthScreen>
    );
  }

  const failure = mutation.error?.message ?? errors.token;
  return (
    <AuthScreen>
      <AuthCard
        icon={KeyRound}
        title="Choose a new password"
        description="Pick a password you do not use on any other site."
        footer={backToSignIn}
      >
        <form {...formProps} className="grid gap-5" aria-label="Choose a new password">
          {failure ? (
            <FormAlert>
              {failure}{' '}
              <Link to={paths.forgotPassword} className="font-medium underline">
                Request a new link
              </Link>
            </FormAlert>
          ) : null}
          <FormField
            label="New password"
            error={errors.password}
            description={`At least ${PASSWORD_MIN} characters.`}
          >
            <PasswordInput name="password" autoComplete="new-password" autoFocus />
          </FormField>
          <SubmitButton
            pending={mutation.isPending}
            pendingText="Saving..."
            size="lg"
            className="w-full"
          >
            Set new password
          </SubmitButton>
        </form>
      </AuthCard>
    </AuthScreen>
  );
}

function RequestNewLink() {
  return (
    <Button asChild size="lg" className="w-full">
      <Link to={paths.forgotPassword}>Send me a new link</Link>
    </Button>
  );
}
