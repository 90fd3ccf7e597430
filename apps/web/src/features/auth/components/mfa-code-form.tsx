import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { Button } from '@/components/ui/button';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { useSchemaForm } from '@/components/ui/use-schema-form';
import { useAuth } from '@/lib/session/use-auth';

const loadSchema = () => import('@alpenkube/contract/auth').then((m) => m.loginMfaSchema);

interface MfaCodeFormProps {
  /** Called once the code is accepted; pages that redirect on `user` need not pass it. */
  onSignedIn?: () => void;
  onCancel?: () => void;
}

/** The second-factor step: shown after the password (or magic link) when the server asks for it. */
export function MfaCodeForm({ onSignedIn, onCancel }: MfaCodeFormProps) {
  const { loginMfaMutation } = useAuth();
  const { errors, formProps } = useSchemaForm(loadSchema, ({ code }) =>
    loginMfaMutation.mutate(code, { onSuccess: onSignedIn }),
  );
  return (
    <form {...formProps} className="grid gap-5" aria-label="Two-factor code">
      {loginMfaMutation.error ? <FormAlert>{loginMfaMutation.error.message}</FormAlert> : null}
      <FormField
        label="Authentication code"
        error={errors.code}
        description="Open your authenticator app and enter the 6-digit code for Alpenkube."
      >
        <Input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          autoFocus
          className="h-11 text-center font-mono text-lg tracking-[0.5em]"
        />
      </FormField>
      <SubmitButton
        pending={loginMfaMutation.isPending}
        pendingText="Verifying..."
        className="w-full"
        size="lg"
      >
        Verify and sign in
      </SubmitButton>
      {onCancel ? (
        <Button type="button" variant="ghost" onClick={onCancel} className="w-full">
          Use a different account
        </Button>
      ) : null}
    </form>
  );
}
