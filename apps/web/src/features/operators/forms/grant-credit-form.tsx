import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { formatUsd } from '../labels';
import { useOperatorChange } from '../queries';
import { grantCredit } from '../requests';
import { grantCreditFormSchema } from './grant-credit-schema';

/** Credit for an organization, in dollars; its admins are told, and the grant is audited. */
export function GrantCreditForm({
  organization,
  close,
}: {
  organization: { id: number; name: string };
  close: () => void;
}) {
  const form = useZodForm(grantCreditFormSchema, { defaultValues: { amount: '', reason: '' } });
  const grant = useOperatorChange(
    ({ amount, reason }: { amount: number; reason: string }) =>
      grantCredit(organization.id, amount, reason),
    {
      success: (entry) => `${formatUsd(entry.amount)} of credit granted to ${organization.name}`,
      failure: 'The credit was not granted',
      onSuccess: close,
      onError: (error) => setServerErrors(form, error),
    },
  );
  const onSubmit = form.handleSubmit((values) => grant.mutate(values));
  return (
    <Form {...form}>
      <form
        noValidate
        aria-label="Grant credit"
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4"
      >
        <FormRootError />
        <FormInputField
          control={form.control}
          name="amount"
          label="Amount (US dollars)"
          description="At most $100,000 at once."
          render={(field) => <Input inputMode="decimal" autoComplete="off" {...field} />}
        />
        <FormInputField
          control={form.control}
          name="reason"
          label="Reason"
          description="The organization's admins read it in their credit history."
          render={(field) => <Textarea rows={2} maxLength={500} {...field} />}
        />
        <DialogFormFooter
          submitLabel="Grant credit"
          pendingText="Granting…"
          pending={grant.isPending}
        />
      </form>
    </Form>
  );
}
