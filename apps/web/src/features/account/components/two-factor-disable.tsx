import { mfaDisableSchema } from '@alpenkube/contract';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/use-toast';
import { FormAlert } from '@/features/auth/components/form-alert';
import { PasswordInput } from '@/features/auth/components/password-input';
import { SubmitButton } from '@/features/auth/components/submit-button';
import { useSchemaForm } from '@/features/auth/form-validation';
import { useDisableMfa } from '../queries';

/** Turning the second factor off asks for both factors, so a stolen session alone can't. */
export function TwoFactorDisable() {
  const { toast } = useToast();
  const disable = useDisableMfa();
  const { errors, handleSubmit } = useSchemaForm(mfaDisableSchema, (input) =>
    disable.mutate(input, {
      onSuccess: () => toast({ title: 'Two-factor authentication disabled', variant: 'warning' }),
    }),
  );
  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      className="grid gap-4"
      aria-label="Disable two-factor authentication"
    >
      <p className="text-sm text-muted-foreground">
        To turn it off, confirm with your password and a current code from your app.
      </p>
      {disable.error ? <FormAlert>{disable.error.message}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Password" error={errors.password}>
          <PasswordInput name="password" autoComplete="current-password" />
        </FormField>
        <FormField label="Authentication code" error={errors.code}>
          <Input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="123456"
            className="font-mono tracking-widest"
          />
        </FormField>
      </div>
      <div className="flex justify-end">
        <SubmitButton variant="destructive" pending={disable.isPending} pendingText="Disabling...">
          Disable two-factor
        </SubmitButton>
      </div>
    </form>
  );
}
