import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  customSolutionSchema,
  solutionComplianceLabels,
  solutionComplianceNeeds,
} from '@alpenkube/contract';
import { Checkbox } from '@/components/ui/checkbox';
import { SubmitButton } from '@/components/ui/form';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { paths } from '@/config/paths';
import { useTicketChange } from '../queries';
import { requestCustomSolution, toFormData } from '../requests';
import { AttachmentPicker } from './attachment-picker';

type Need = (typeof solutionComplianceNeeds)[number];

/** A custom-solution request: it becomes a sales ticket the team answers on /orders/support. */
export function CustomSolutionForm() {
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const form = useZodForm(customSolutionSchema, {
    defaultValues: {
      workload: '',
      scale: '',
      compliance: [],
      budget: '',
      timeline: '',
      description: '',
    },
  });
  const chosen = (form.watch('compliance') ?? []) as Need[];
  const send = useTicketChange((data: FormData) => requestCustomSolution(data), {
    onSuccess: (ticket) => void navigate(paths.supportOrder(ticket.id)),
    onError: (error) => setServerErrors(form, error),
  });
  const onSubmit = form.handleSubmit((values) => send.mutate(toFormData(values, files)));
  const toggle = (need: Need, on: boolean) =>
    form.setValue('compliance', on ? [...chosen, need] : chosen.filter((n) => n !== need));

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4"
        aria-label="Request a custom solution"
      >
        <FormRootError />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInputField
            control={form.control}
            name="workload"
            label="Workload"
            description="What runs on it: an API, a data platform, ML training…"
            render={(field) => <Input {...field} />}
          />
          <FormInputField
            control={form.control}
            name="scale"
            label="Scale"
            description="Nodes, traffic, data volume, users."
            render={(field) => <Input {...field} />}
          />
          <FormInputField
            control={form.control}
            name="budget"
            label="Budget"
            render={(field) => <Input placeholder="e.g. 15,000 USD a month" {...field} />}
          />
          <FormInputField
            control={form.control}
            name="timeline"
            label="Timeline"
            render={(field) => <Input placeholder="e.g. live by March" {...field} />}
          />
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Compliance needs</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {solutionComplianceNeeds.map((need) => (
              <label key={need} className="flex items-center gap-2 text-sm">
                <Checkbox
                  name="compliance"
                  value={need}
                  checked={chosen.includes(need)}
                  onChange={(event) => toggle(need, event.target.checked)}
                />
                {solutionComplianceLabels[need]}
              </label>
            ))}
          </div>
        </fieldset>
        <FormInputField
          control={form.control}
          name="description"
          label="What you need"
          description="Architecture, constraints, what you run today. Attach diagrams or documents."
          render={(field) => <Textarea rows={7} {...field} />}
        />
        <AttachmentPicker files={files} onChange={setFiles} disabled={send.isPending} />
        <div>
          <SubmitButton pending={send.isPending} pendingText="Sending…">
            Send the request
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
