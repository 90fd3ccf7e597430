import { endpoints } from '@alpenkube/contract/endpoints';
import { complianceNeeds } from '@alpenkube/contract/public-form-options';
import { useLeadForm } from '@/components/lead-form/use-lead-form';
import {
  CheckboxField,
  FieldGrid,
  SelectField,
  TextField,
  TextareaField,
} from '@/components/lead-form/form-fields';
import { IdentityFields } from '../forms/lead-fields';
import { CheckboxGroupField } from '../forms/checkbox-group-field';
import { PublicForm } from '@/components/lead-form/public-form';
import { FormPageLayout, NextSteps } from '@/components/page/form-page-layout';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

const loadSchema = () =>
  import('@alpenkube/contract/public-forms').then((m) => m.customQuoteSchema);

const offerings = [
  { value: 'dedicated', label: 'Dedicated cluster (single-tenant hardware)' },
  { value: 'custom', label: 'Custom cluster (special hardware, network or terms)' },
  { value: 'on-premises', label: 'Managed Kubernetes in our data centre or yours' },
];
const contractLengths = [
  { value: '1-year', label: '1 year' },
  { value: '3-years', label: '3 years' },
  { value: 'flexible', label: 'Flexible / not decided' },
];
const complianceLabels: Record<(typeof complianceNeeds)[number], string> = {
  gdpr: 'GDPR DPA',
  hds: 'HDS',
  cispe: 'CISPE',
  secnumcloud: 'SecNumCloud',
  iso27001: 'ISO 27001',
};

export function CustomQuotePage() {
  useRouteMeta('/custom-quote');
  const form = useLeadForm({
    schema: loadSchema,
    endpoint: endpoints.publicForms.customQuote,
    initial: {
      name: '',
      email: '',
      company: '',
      offering: '' as never,
      location: '',
      nodeCount: '' as never,
      gpu: false,
      compliance: [],
      contractLength: '' as never,
      details: '',
      website: '',
    },
  });
  return (
    <FormPageLayout
      eyebrow="Custom quote"
      title="Request a custom quote"
      lead="Dedicated hardware, a specific location, GPUs or contractual terms of your own: describe the need and we send a fixed quote."
      aside={
        <NextSteps
          steps={[
            'A solutions architect reviews your request and calls you within two business days.',
            'Together you settle the design: hardware, network, support level and SLA.',
            'You receive a fixed quote valid for 30 days, with the contract and DPA.',
          ]}
        />
      }
    >
      <PublicForm
        form={form}
        submitLabel="Request the quote"
        success={{
          title: 'Request received',
          message:
            form.mutation.data?.message ??
            `A solutions architect will contact ${String(form.values.email)} within two business days.`,
        }}
      >
        <FieldGrid>
          <IdentityFields form={form} />
          <SelectField form={form} name="offering" label="Offering" options={offerings} />
          <TextField
            form={form}
            name="location"
            label="Location"
            placeholder="e.g. France, or our Munich data centre"
          />
          <TextField
            form={form}
            name="nodeCount"
            label="Approximate number of nodes"
            type="number"
            inputMode="numeric"
            min={1}
          />
          <SelectField
            form={form}
            name="contractLength"
            label="Contract length"
            options={contractLengths}
          />
        </FieldGrid>
        <CheckboxField form={form} name="gpu" label="We need GPU nodes" />
        <CheckboxGroupField
          form={form}
          name="compliance"
          legend="Compliance requirements"
          options={complianceNeeds.map((c) => ({ value: c, label: complianceLabels[c] }))}
        />
        <TextareaField
          form={form}
          name="details"
          label="Workload and requirements"
          rows={6}
          description="What will run, node sizes, storage, network connectivity, availability target."
        />
      </PublicForm>
    </FormPageLayout>
  );
}
