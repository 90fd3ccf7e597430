import { PASSWORD_MIN } from '@alpenkube/contract/password-policy';
import { FormField } from '@/components/ui/form-field';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';
import { useSchemaForm } from '@/components/ui/use-schema-form';
import { useToast } from '@/components/ui/use-toast';
import { useChangePassword } from '../queries';

const loadSchema = () => import('@alpenkube/contract/auth').then((m) => m.changePasswordSchema);

export function PasswordForm() {
  const { toast } = useToast();
  const mutation = useChangePassword();
  const { errors, formProps } = useSchemaForm(loadSchema, (input, form) =>
    mutation.mutate(input, {
      onSuccess: () => {
        form.reset();
        toast({
          title: 'Password changed',
          description: 'Your other sessions were signed out.',
          variant: 'success',
        });
      },
    }),
  );

  return (
    <form {...formProps} className="grid gap-5" aria-label="Change password">
      {mutation.error ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      {/* Lets password managers tie the new password to the right account. */}
      <input type="text" name="username" autoComplete="username" hidden readOnly disabled />
      <FormField label="Current password" error={errors.currentPassword}>
        <PasswordInput name="currentPassword" autoComplete="current-password" />
      </FormField>
      <FormField
        label="New password"
        error={errors.newPassword}
        description={`At least ${PASSWORD_MIN} characters. Other devices are signed out when you change it.`}
      >
        <PasswordInput name="newPassword" autoComplete="new-password" />
      </FormField>
      <div className="flex justify-end">
        <SubmitButton pending={mutation.isPending} pendingText="Changing...">
          Change password
        </SubmitButton>
      </div>
    </form>
  );
}
