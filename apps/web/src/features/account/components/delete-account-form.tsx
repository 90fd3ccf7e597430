import { useQueryClient } from '@tanstack/react-query';
import { deleteAccountSchema } from '@alpenkube/contract/auth';
import { SubmitButton } from '@/components/ui/form';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { clearBrowserStorage } from '@/lib/browser-storage';
import { clearSignedOutData, LOGOUT_REDIRECT_MS } from '@/lib/session/session-cache';
import { useDeleteAccount } from '../queries';

/**
 * Erases the signed-in person's own account: the password and the username typed again. The
 * server refuses the last admin of an organization with other members, and the last person of
 * one whose clusters or subscriptions still renew, with a message saying what to do first.
 */
export function DeleteAccountForm({
  username,
  onDeleted = (path) => window.location.assign(path),
}: {
  username: string;
  onDeleted?: (path: string) => void;
}) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const mutation = useDeleteAccount();
  const form = useZodForm(deleteAccountSchema, {
    defaultValues: { password: '', confirmation: '' },
  });
  const onSubmit = form.handleSubmit((input) =>
    mutation.mutate(input, {
      onSuccess: () => {
        clearSignedOutData(queryClient);
        clearBrowserStorage();
        toast({ title: 'Account deleted', description: 'You have been signed out everywhere.' });
        setTimeout(() => onDeleted('/'), LOGOUT_REDIRECT_MS);
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
        aria-label="Delete account"
      >
        <p className="text-sm text-muted-foreground">
          Your name, e-mail address, sessions, tokens and notifications go, and you cannot sign in
          again. What your organization must keep (orders, invoices, tickets, the audit trail)
          stays, under a pseudonym instead of your name. This cannot be undone.
        </p>
        <FormRootError />
        <input type="text" name="username" autoComplete="username" hidden readOnly disabled />
        <FormInputField
          control={form.control}
          name="password"
          label="Your password"
          render={(field) => <PasswordInput autoComplete="current-password" {...field} />}
        />
        <FormInputField
          control={form.control}
          name="confirmation"
          label={`Type your username, ${username}, to confirm`}
          render={(field) => <Input autoComplete="off" spellCheck={false} {...field} />}
        />
        <div className="flex justify-end">
          <SubmitButton
            variant="destructive"
            pending={mutation.isPending}
            pendingText="Deleting..."
          >
            Delete my account
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
