import { Link } from 'react-router';
import { loginSchema } from '@alpenkube/contract';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { useAuth } from '../use-auth';
import { useSchemaForm } from '../form-validation';
import { FormAlert } from './form-alert';
import { PasswordInput } from './password-input';
import { SubmitButton } from './submit-button';

interface SignInFormProps {
  onMfaRequired: () => void;
}

export function SignInForm({ onMfaRequired }: SignInFormProps) {
  const { loginMutation } = useAuth();
  const { errors, handleSubmit } = useSchemaForm(loginSchema, (input) =>
    loginMutation.mutate(input, {
      onSuccess: (result) => {
        if ('mfaRequired' in result) onMfaRequired();
      },
    }),
  );
  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-5" aria-label="Sign in">
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
