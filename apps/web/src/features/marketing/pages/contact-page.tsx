import { endpoints } from '@alpenkube/contract/endpoints';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLeadForm } from '@/components/lead-form/use-lead-form';
import { FieldGrid, SelectField, TextareaField } from '@/components/lead-form/form-fields';
import { IdentityFields } from '../forms/lead-fields';
import { PublicForm } from '@/components/lead-form/public-form';
import { FormPageLayout, NextSteps } from '@/components/page/form-page-layout';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

const topics = [
  { value: 'general', label: 'A general question' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'press', label: 'Press and analysts' },
  { value: 'other', label: 'Something else' },
];

const loadSchema = () => import('@alpenkube/contract/public-forms').then((m) => m.contactSchema);

export function ContactPage() {
  useRouteMeta('/contact');
  const form = useLeadForm({
    schema: loadSchema,
    endpoint: endpoints.publicForms.contact,
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
      <PublicForm
        form={form}
        submitLabel="Send message"
        success={{
          title: 'Message sent',
          message: `Thank you. We sent a confirmation to ${String(form.values.email)} and will answer within one business day.`,
        }}
        footnote={
          <>
            We use your details only to answer you; see the{' '}
            <Link className="underline" to={paths.privacyPolicy}>
              privacy policy
            </Link>
            .
          </>
        }
      >
        <FieldGrid>
          <IdentityFields form={form} emailLabel="E-mail" companyLabel="Company (optional)" />
          <SelectField form={form} name="topic" label="Topic" options={topics} />
        </FieldGrid>
        <TextareaField form={form} name="message" label="Message" rows={6} />
      </PublicForm>
    </FormPageLayout>
  );
}
