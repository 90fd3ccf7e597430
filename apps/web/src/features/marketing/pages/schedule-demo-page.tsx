import { endpoints } from '@alpenkube/contract/endpoints';
import { useLeadForm } from '@/components/lead-form/use-lead-form';
import { FieldGrid, TextField, TextareaField } from '@/components/lead-form/form-fields';
import { CompanySizeField, IdentityFields } from '../forms/lead-fields';
import { PublicForm } from '@/components/lead-form/public-form';
import { FormPageLayout, NextSteps } from '@/components/page/form-page-layout';
import { DemoSlotPicker } from '../forms/demo-slot-picker';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

/** YYYY-MM-DD (UTC) of today plus some days: the bounds the date picker offers. */
function isoDayFromToday(days: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}

const loadSchema = () =>
  import('@alpenkube/contract/public-forms').then((m) => m.scheduleDemoSchema);

export function ScheduleDemoPage() {
  useRouteMeta('/schedule-demo');
  const form = useLeadForm({
    schema: loadSchema,
    endpoint: endpoints.publicForms.scheduleDemo,
    initial: {
      name: '',
      email: '',
      company: '',
      companySize: '' as never,
      date: '',
      time: '' as never,
      topics: '',
      website: '',
    },
  });
  return (
    <FormPageLayout
      eyebrow="Demo"
      title="Schedule a demo"
      lead="Thirty minutes with an engineer, on video: ordering a cluster, the console, billing and the compliance tools, with time for your questions."
      aside={
        <>
          <NextSteps
            steps={[
              'You receive a calendar invitation with a video link for the slot you chose.',
              'Tell us what to focus on and the engineer prepares a matching scenario.',
              'After the demo you get the slides and a trial credit for a Sandbox cluster.',
            ]}
          />
          <section>
            <h2>Times</h2>
            <p className="mt-2">
              Monday to Friday, 09:00 to 17:00 Central European Time. Demos are held in English,
              French or German.
            </p>
          </section>
        </>
      }
    >
      <PublicForm
        form={form}
        submitLabel="Book the demo"
        success={{
          title: 'Your demo is booked',
          resetLabel: 'Book another slot',
          message:
            form.mutation.data?.message ??
            `See you on ${String(form.values.date)} at ${String(form.values.time)} CET. The invitation is on its way to ${String(form.values.email)}.`,
        }}
      >
        <FieldGrid>
          <IdentityFields form={form} />
          <CompanySizeField form={form} />
        </FieldGrid>
        <TextField
          form={form}
          name="date"
          label="Date"
          type="date"
          min={isoDayFromToday(1)}
          max={isoDayFromToday(60)}
          className="sm:max-w-xs"
          description="A weekday, from tomorrow up to 60 days ahead."
        />
        <DemoSlotPicker form={form} />
        <TextareaField
          form={form}
          name="topics"
          label="What should we show you? (optional)"
          rows={4}
        />
      </PublicForm>
    </FormPageLayout>
  );
}
