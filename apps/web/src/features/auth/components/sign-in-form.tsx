import { Link } from 'react-router';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';
import { useSchemaForm } from '@/components/ui/use-schema-form';
import { useAuth } from '@/lib/session/use-auth';

const loadSchema = () => import('@alpenkube/contract/auth').then((m) => m.loginSchema);

interface SignInFormProps {
  onMfaRequired: () => void;
}

export function SignInForm({ onMfaRequired }: SignInFormProps) {
  const { loginMutation } = useAuth();
  const { errors, formProps } = useSchemaForm(loadSchema, (input) =>
    loginMutation.mutate(input, {
      onSuccess: (result) => {
        if ('mfaRequired' in result) onMfaRequired();
      },
    }),
  );
  return (
    <form {...formProps} className="grid gap-5" aria-label="Sign in">
      {loginMutation.error ? <FormAlert>{loginMutation.error.message}</FormAlert> : null}
      <FormField label="Username or e-mail" error={errors.username}>
        <Input name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} />
      </FormField>
      <div className="grid gap-2">
        <FormField label="Password" error={errors.password}>
          <PasswordInput name="password" autoComplete="current-password" />
        </FormField>
        <Link
          to="/forgot-password"
          className="justify-self-end text-sm font-medium text-primary hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <SubmitButton
        pending={loginMutation.isPending}
        pendingText="Signing in..."
        size="lg"
        className="w-full"
      >
        Sign in
      </SubmitButton>
    </form>
  );
}
