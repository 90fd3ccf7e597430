import { endpoints } from '@alpenkube/contract/endpoints';
import { useLeadForm } from '@/components/lead-form/use-lead-form';
import {
  FieldGrid,
  SelectField,
  TextField,
  TextareaField,
} from '@/components/lead-form/form-fields';
import { CompanySizeField, IdentityFields } from '../forms/lead-fields';
import { PublicForm } from '@/components/lead-form/public-form';
import { FormPageLayout, NextSteps } from '@/components/page/form-page-layout';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

const loadSchema = () =>
  import('@alpenkube/contract/public-forms').then((m) => m.contactSalesSchema);
const interests = [
  { value: 'tiers', label: 'Choosing a tier for a project' },
  { value: 'yearly-contract', label: 'A yearly contract or volume pricing' },
  { value: 'hds', label: 'Hosting health data (HDS)' },
  { value: 'dedicated', label: 'Dedicated or custom clusters' },
  { value: 'partnership', label: 'Reselling or integration partnership' },
];

export function ContactSalesPage() {
  useRouteMeta('/contact-sales');
  const form = useLeadForm({
    schema: loadSchema,
    endpoint: endpoints.publicForms.sales,
    initial: {
      name: '',
      email: '',
      company: '',
      phone: '',
      companySize: '' as never,
      interest: '' as never,
      message: '',
      website: '',
    },
  });
  return (
    <FormPageLayout
      eyebrow="Sales"
      title="Contact sales"
      lead="Volume pricing, yearly contracts, HDS hosting or a platform for several teams: tell us about your project and an account executive calls you back."
      aside={
        <>
          <NextSteps
            steps={[
              'An account executive reads your request and replies within one business day.',
              'A call with a solutions architect to size clusters and tiers for your workloads.',
              'A written offer with prices in your billing currency and the contract terms.',
            ]}
          />
          <section>
            <h2>Good to know</h2>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>Yearly contracts can be paid by bank transfer.</li>
              <li>Our DPA and sub-processor list are sent with every offer.</li>
              <li>Public-sector buyers: we answer tenders in English, French and German.</li>
            </ul>
          </section>
        </>
      }
    >
      <PublicForm
        form={form}
        submitLabel="Contact sales"
        success={{
          title: 'Thank you, we will call you back',
          message:
            form.mutation.data?.message ??
            `An account executive will contact ${String(form.values.email)} within one business day.`,
        }}
      >
        <FieldGrid>
          <IdentityFields form={form} />
          <TextField
            form={form}
            name="phone"
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            placeholder="+33 1 23 45 67 89"
          />
          <CompanySizeField form={form} />
          <SelectField
            form={form}
            name="interest"
            label="You are interested in"
            options={interests}
          />
        </FieldGrid>
        <TextareaField
          form={form}
          name="message"
          label="Your project"
          rows={6}
          description="Workloads, expected number of clusters or nodes, timeline, compliance requirements."
        />
      </PublicForm>
    </FormPageLayout>
  );
}
