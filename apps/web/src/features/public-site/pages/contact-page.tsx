import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { contactSchema } from '@alpenkube/contract';
import { useLeadForm } from '../forms/use-lead-form';
import { HoneypotField, SelectField, TextField, TextareaField } from '../forms/form-fields';
import { FormError, FormSuccess, SubmitButton } from '../forms/form-status';
import { FormPageLayout, NextSteps } from '../forms/form-page-layout';
import { useRouteMeta } from '../use-page-meta';

const topics = [
  { value: 'general', label: 'A general question' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'press', label: 'Press and analysts' },
  { value: 'other', label: 'Something else' },
];

export function ContactPage() {
  useRouteMeta('/contact');
  const form = useLeadForm({
    schema: contactSchema,
    endpoint: '/api/leads/contact',
    initial: { name: '', email: '', company: '', topic: '' as never, message: '', website: '' },
  });
  return (
    <FormPageLayout
      eyebrow="Contact"
      title="Contact us"
      lead="Questions, partnerships or press: write to us and a person answers within one business day."
      aside={
        <>
          <NextSteps
            steps={[
              'You receive a confirmation e-mail with a copy of your message.',
              'The right team answers by e-mail within one business day.',
            ]}
          />
          <section>
            <h2>Looking for something specific?</h2>
            <ul className="mt-3 space-y-2">
              <li>
                A problem with a cluster:{' '}
                <Link className="text-primary underline" to={paths.technicalSupport}>
                  technical support
                </Link>
              </li>
              <li>
                A price or a contract:{' '}
                <Link className="text-primary underline" to={paths.contactSales}>
                  contact sales
                </Link>
              </li>
              <li>
                An invoice:{' '}
                <Link className="text-primary underline" to={paths.billingSupport}>
                  billing support
                </Link>
              </li>
            </ul>
          </section>
        </>
      }
    >
      {form.mutation.isSuccess ? (
        <FormSuccess title="Message sent" onReset={form.reset}>
          Thank you. We sent a confirmation to {String(form.values.email)} and will answer within
          one business day.
        </FormSuccess>
      ) : (
        <form noValidate onSubmit={form.handleSubmit} className="grid gap-5">
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField form={form} name="name" label="Your name" autoComplete="name" />
            <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
          </div>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField
              form={form}
              name="company"
              label="Company (optional)"
              autoComplete="organization"
            />
            <SelectField form={form} name="topic" label="Topic" options={topics} />
          </div>
          <TextareaField form={form} name="message" label="Message" rows={6} />
          <HoneypotField form={form} />
          <FormError form={form} />
          <div>
            <SubmitButton form={form}>Send message</SubmitButton>
          </div>
          <p className="text-xs text-muted-foreground">
            We use your details only to answer you; see the{' '}
            <Link className="underline" to={paths.privacyPolicy}>
              privacy policy
            </Link>
            .
          </p>
        </form>
      )}
    </FormPageLayout>
  );
}
