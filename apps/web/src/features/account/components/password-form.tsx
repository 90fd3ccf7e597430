import { changePasswordSchema } from '@alpenkube/contract/auth';
import { PASSWORD_MIN } from '@alpenkube/contract/password-policy';
import { SubmitButton } from '@/components/ui/form';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { PasswordInput } from '@/components/ui/password-input';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { useChangePassword } from '../queries';

export function PasswordForm() {
  const { toast } = useToast();
  const mutation = useChangePassword();
  const form = useZodForm(changePasswordSchema, {
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const onSubmit = form.handleSubmit((input) =>
    mutation.mutate(input, {
      onSuccess: () => {
        form.reset();
        toast({
          title: 'Password changed',
          description: 'Your other sessions were signed out.',
          variant: 'success',
        });
      },
      onError: (error) => setServerErrors(form, error),
    }),
  );

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-5"
        aria-label="Change password"
      >
        <FormRootError />
        {/* Lets password managers tie the new password to the right account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly disabled />
        <FormInputField
          control={form.control}
          name="currentPassword"
          label="Current password"
          render={(field) => <PasswordInput autoComplete="current-password" {...field} />}
        />
        <FormInputField
          control={form.control}
          name="newPassword"
          label="New password"
          description={`At least ${PASSWORD_MIN} characters. Other devices are signed out when you change it.`}
          render={(field) => <PasswordInput autoComplete="new-password" {...field} />}
        />
        <div className="flex justify-end">
          <SubmitButton pending={mutation.isPending} pendingText="Changing...">
            Change password
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
