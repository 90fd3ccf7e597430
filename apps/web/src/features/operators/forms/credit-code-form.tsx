import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { formatUsd } from '../labels';
import { useOperatorChange } from '../queries';
import { createCreditCode } from '../requests';
import { creditCodeFormSchema } from './credit-code-schema';

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A new credit code: what it gives, until when, and to how many organizations. */
export function CreditCodeForm({ close }: { close: () => void }) {
  const form = useZodForm(creditCodeFormSchema, {
    defaultValues: {
      code: '',
      amount: '',
      description: '',
      expiresOn: inDays(30),
      maxRedemptions: '100',
    },
  });
  const create = useOperatorChange(createCreditCode, {
    success: (code) => `Code ${code.code} issued: ${formatUsd(code.amount)} each`,
    failure: 'The code was not issued',
    onSuccess: close,
    onError: (error) => setServerErrors(form, error),
  });
  const onSubmit = form.handleSubmit((values) => create.mutate(values));
  return (
    <Form {...form}>
      <form
        noValidate
        aria-label="New credit code"
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4"
      >
        <FormRootError />
        <FormInputField
          control={form.control}
          name="code"
          label="Code"
          description="Letters, digits and dashes; customers type it, in any case."
          render={(field) => (
            <Input autoComplete="off" spellCheck={false} className="font-mono" {...field} />
          )}
        />
        <FormInputField
          control={form.control}
          name="amount"
          label="Credit per organization (US dollars)"
          render={(field) => <Input inputMode="decimal" autoComplete="off" {...field} />}
        />
        <FormInputField
          control={form.control}
          name="description"
          label="Description"
          description="The line in the credit history of whoever redeems it."
          render={(field) => <Input maxLength={200} {...field} />}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInputField
            control={form.control}
            name="expiresOn"
            label="Last day (UTC)"
            render={(field) => <Input type="date" {...field} />}
          />
          <FormInputField
            control={form.control}
            name="maxRedemptions"
            label="Organizations in all"
            render={(field) => <Input inputMode="numeric" autoComplete="off" {...field} />}
          />
        </div>
        <DialogFormFooter
          submitLabel="Issue code"
          pendingText="Issuing…"
          pending={create.isPending}
        />
      </form>
    </Form>
  );
}
