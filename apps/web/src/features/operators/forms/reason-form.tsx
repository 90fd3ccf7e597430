import { suspendOrganizationSchema } from '@alpenkube/contract';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Textarea } from '@/components/ui/textarea';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useOperatorChange } from '../queries';

/**
 * A change that needs a reason (suspending an organization): the reason
 * is checked as the server checks it, and a refusal shows in the form.
 */
export function ReasonForm({
  label,
  description,
  submitLabel,
  pendingText,
  success,
  failure,
  submit,
  close,
}: {
  label: string;
  description: string;
  submitLabel: string;
  pendingText: string;
  success: string;
  failure: string;
  submit: (reason: string) => Promise<unknown>;
  close: () => void;
}) {
  const form = useZodForm(suspendOrganizationSchema, { defaultValues: { reason: '' } });
  const change = useOperatorChange(submit, {
    success: () => success,
    failure,
    onSuccess: close,
    onError: (error) => setServerErrors(form, error),
  });
  const onSubmit = form.handleSubmit(({ reason }) => change.mutate(reason));
  return (
    <Form {...form}>
      <form
        noValidate
        aria-label={label}
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4"
      >
        <FormRootError />
        <FormInputField
          control={form.control}
          name="reason"
          label={label}
          description={description}
          render={(field) => <Textarea rows={3} maxLength={500} {...field} />}
        />
        <DialogFormFooter
          submitLabel={submitLabel}
          pendingText={pendingText}
          pending={change.isPending}
          destructive
        />
      </form>
    </Form>
  );
}
