import { companySizes, scheduleDemoSchema } from '@alpenkube/contract';
import { useLeadForm } from '../forms/use-lead-form';
import { HoneypotField, SelectField, TextField, TextareaField } from '../forms/form-fields';
import { FormError, FormSuccess, SubmitButton } from '../forms/form-status';
import { FormPageLayout, NextSteps } from '../forms/form-page-layout';
import { DemoSlotPicker } from '../forms/demo-slot-picker';
import { useRouteMeta } from '../use-page-meta';

/** YYYY-MM-DD (UTC) of today plus some days: the bounds the date picker offers. */
function isoDayFromToday(days: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}

const sizeOptions = companySizes.map((s) => ({ value: s, label: `${s} employees` }));

export function ScheduleDemoPage() {
  useRouteMeta('/schedule-demo');
  const form = useLeadForm({
    schema: scheduleDemoSchema,
    endpoint: '/api/leads/demo',
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
      {form.mutation.isSuccess ? (
        <FormSuccess
          title="Your demo is booked"
          onReset={form.reset}
          resetLabel="Book another slot"
        >
          {form.mutation.data?.message ??
            `See you on ${String(form.values.date)} at ${String(form.values.time)} CET. The invitation is on its way to ${String(form.values.email)}.`}
        </FormSuccess>
      ) : (
        <form noValidate onSubmit={form.handleSubmit} className="grid gap-5">
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField form={form} name="name" label="Your name" autoComplete="name" />
            <TextField
              form={form}
              name="email"
              label="Work e-mail"
              type="email"
              autoComplete="email"
            />
            <TextField form={form} name="company" label="Company" autoComplete="organization" />
            <SelectField
              form={form}
              name="companySize"
              label="Company size"
              options={sizeOptions}
            />
          </div>
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
          <HoneypotField form={form} />
          <FormError form={form} />
          <div>
            <SubmitButton form={form}>Book the demo</SubmitButton>
          </div>
        </form>
      )}
    </FormPageLayout>
  );
}
