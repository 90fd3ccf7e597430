import { FormField } from '@/components/ui/form-field';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';
import { useSchemaForm } from '@/components/ui/use-schema-form';
import { useToast } from '@/components/ui/use-toast';
import { useDisableMfa } from '../queries';
import { CodeInput } from './code-input';

const loadSchema = () => import('@alpenkube/contract/auth').then((m) => m.mfaDisableSchema);

/** Turning the second factor off asks for both factors, so a stolen session alone can't. */
export function TwoFactorDisable() {
  const { toast } = useToast();
  const disable = useDisableMfa();
  const { errors, formProps } = useSchemaForm(loadSchema, (input) =>
    disable.mutate(input, {
      onSuccess: () => toast({ title: 'Two-factor authentication disabled', variant: 'warning' }),
    }),
  );
  return (
    <form {...formProps} className="grid gap-4" aria-label="Disable two-factor authentication">
      <p className="text-sm text-muted-foreground">
        To turn it off, confirm with your password and a current code from your app.
      </p>
      {disable.error ? <FormAlert>{disable.error.message}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Password" error={errors.password}>
          <PasswordInput name="password" autoComplete="current-password" />
        </FormField>
        <FormField label="Authentication code" error={errors.code}>
          <CodeInput />
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
