import type { Budget } from '@alpenkube/contract/billing';
import { Button } from '@/components/ui/button';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { setServerErrors, useZodForm, withIssuePaths } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { useUpdateBudget } from '../queries';
import { budgetFormSchema } from './budget-schema';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';

const DEFAULT_THRESHOLDS = [50, 80, 100];

/** An array element's issue (`thresholds.1`) belongs to the thresholds field. */
const onFields = (error: unknown) => withIssuePaths(error, (path) => path.slice(0, 1));

/** The monthly budget: an amount in US dollars and the percentages that alert the admins. */
export function BudgetForm({ budget, close }: { budget: Budget; close: () => void }) {
  const { toast } = useToast();
  const save = useUpdateBudget();
  const thresholds = budget.thresholds.length ? budget.thresholds : DEFAULT_THRESHOLDS;
  const form = useZodForm(budgetFormSchema, {
    defaultValues: {
      amount: budget.amount === null ? '' : String(budget.amount / 100),
      thresholds: thresholds.join(', '),
    },
  });
  const done = (title: string) => () => {
    close();
    toast({ title, variant: 'success' });
  };
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: done('Budget saved'),
      onError: (error) => setServerErrors(form, onFields(error)),
    }),
  );
  const remove = () =>
    save.mutate(
      { amount: null, thresholds },
      { onSuccess: done('Budget removed'), onError: (error) => setServerErrors(form, error) },
    );

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label="Budget"
        className="grid gap-4"
      >
        <FormRootError />
        <FormInputField
          control={form.control}
          name="amount"
          label="Monthly budget (US dollars)"
          description="Orders, renewals and metered usage of a calendar month count against it."
          render={(field) => <Input inputMode="decimal" placeholder="500" {...field} />}
        />
        <FormInputField
          control={form.control}
          name="thresholds"
          label="Alert at (% of the budget)"
          description="Up to five, e.g. 50, 80, 100. Each alert goes to the admins once a month."
          render={(field) => <Input inputMode="numeric" {...field} />}
        />
        {budget.amount !== null ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="justify-self-start text-destructive"
            onClick={remove}
            disabled={save.isPending}
          >
            Remove the budget
          </Button>
        ) : null}
        <DialogFormFooter
          submitLabel="Save budget"
          pendingText="Saving…"
          pending={save.isPending}
        />
      </form>
    </Form>
  );
}
