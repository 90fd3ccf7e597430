import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  createTicketSchema,
  ticketCategories,
  ticketSeverities,
  type BillingPlans,
} from '@alpenkube/contract';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { SubmitButton } from '@/components/ui/form';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { paths } from '@/config/paths';
import { useClusterChoices, useProductChoices, useTicketChange } from '../queries';
import { createTicket, toFormData } from '../requests';
import { categoryLabels, severityHints, severityLabels } from '../ticket-labels';
import { AttachmentPicker } from './attachment-picker';

/**
 * Opens a ticket for the organization: subject, category, severity (urgent only when the plan
 * has an urgent target), an optional cluster or product, the description and files. On success the
 * conversation opens.
 */
export function NewTicketForm({ plans }: { plans: BillingPlans | undefined }) {
  const navigate = useNavigate();
  const clusters = useClusterChoices();
  const products = useProductChoices();
  const [files, setFiles] = useState<File[]>([]);
  const form = useZodForm(createTicketSchema, {
    defaultValues: {
      subject: '',
      category: 'technical',
      severity: 'normal',
      relatedClusterId: '',
      relatedProductId: '',
      body: '',
    },
  });
  const plan = plans?.plans.find((p) => p.current);
  const severity = form.watch('severity');
  const urgentAllowed = plan ? plan.responseMinutes.urgent !== null : false;
  const open = useTicketChange((data: FormData) => createTicket(data), {
    onSuccess: (ticket) => void navigate(paths.supportOrder(ticket.id)),
    onError: (error) => setServerErrors(form, error),
  });
  const onSubmit = form.handleSubmit((values) => open.mutate(toFormData(values, files)));

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4"
        aria-label="Open a ticket"
      >
        <FormRootError />
        <FormInputField
          control={form.control}
          name="subject"
          label="Subject"
          render={(field) => <Input {...field} />}
        />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormInputField
            control={form.control}
            name="category"
            label="Category"
            render={(field) => (
              <NativeSelect {...field}>
                {ticketCategories.map((c) => (
                  <option key={c} value={c}>
                    {categoryLabels[c]}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <FormInputField
            control={form.control}
            name="severity"
            label="Severity"
            description={
              urgentAllowed
                ? severityHints[severity]
                : `${severityHints[severity]}. Urgent needs a plan with an urgent target (yours: ${plan?.name ?? '…'}).`
            }
            render={(field) => (
              <NativeSelect {...field}>
                {ticketSeverities.map((s) => (
                  <option key={s} value={s} disabled={s === 'urgent' && !urgentAllowed}>
                    {severityLabels[s]}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <FormInputField
            control={form.control}
            name="relatedClusterId"
            label="Cluster (optional)"
            render={(field) => (
              <NativeSelect {...field} value={String(field.value ?? '')}>
                <option value="">None</option>
                {clusters.data?.items.map((cluster) => (
                  <option key={cluster.id} value={String(cluster.id)}>
                    {cluster.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <FormInputField
            control={form.control}
            name="relatedProductId"
            label="Product (optional)"
            render={(field) => (
              <NativeSelect {...field} value={String(field.value ?? '')}>
                <option value="">None</option>
                {products.data?.map((product) => (
                  <option key={product.id} value={String(product.id)}>
                    {product.name} ({product.productName})
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </div>
        <FormInputField
          control={form.control}
          name="body"
          label="Description"
          description="What you expected, what happened, since when, and any error message. Never paste passwords or kubeconfig files."
          render={(field) => <Textarea rows={7} {...field} />}
        />
        <AttachmentPicker files={files} onChange={setFiles} disabled={open.isPending} />
        <div>
          <SubmitButton pending={open.isPending} pendingText="Opening…">
            Open the ticket
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
