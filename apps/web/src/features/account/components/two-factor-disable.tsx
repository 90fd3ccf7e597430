import { mfaDisableSchema } from '@alpenkube/contract/auth';
import { SubmitButton } from '@/components/ui/form';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { PasswordInput } from '@/components/ui/password-input';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { useDisableMfa } from '../queries';
import { CodeInput } from './code-input';

/** Turning the second factor off asks for both factors, so a stolen session alone can't. */
export function TwoFactorDisable() {
  const { toast } = useToast();
  const disable = useDisableMfa();
  const form = useZodForm(mfaDisableSchema, { defaultValues: { password: '', code: '' } });
  const onSubmit = form.handleSubmit((input) =>
    disable.mutate(input, {
      onSuccess: () => toast({ title: 'Two-factor authentication disabled', variant: 'warning' }),
      onError: (error) => setServerErrors(form, error),
    }),
  );
  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4"
        aria-label="Disable two-factor authentication"
      >
        <p className="text-sm text-muted-foreground">
          To turn it off, confirm with your password and a current code from your app.
        </p>
        <FormRootError />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInputField
            control={form.control}
            name="password"
            label="Password"
            render={(field) => <PasswordInput autoComplete="current-password" {...field} />}
          />
          <FormInputField
            control={form.control}
            name="code"
            label="Authentication code"
            render={(field) => <CodeInput {...field} />}
          />
        </div>
        <div className="flex justify-end">
          <SubmitButton
            variant="destructive"
            pending={disable.isPending}
            pendingText="Disabling..."
          >
            Disable two-factor
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
