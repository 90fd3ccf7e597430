import { complianceNeeds, customQuoteSchema } from '@alpenkube/contract';
import { useLeadForm } from '../forms/use-lead-form';
import {
  CheckboxField,
  HoneypotField,
  SelectField,
  TextField,
  TextareaField,
} from '../forms/form-fields';
import { CheckboxGroupField } from '../forms/checkbox-group-field';
import { FormError, FormSuccess, SubmitButton } from '../forms/form-status';
import { FormPageLayout, NextSteps } from '../forms/form-page-layout';
import { useRouteMeta } from '../use-page-meta';

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
    schema: customQuoteSchema,
    endpoint: '/api/leads/custom-quote',
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
      {form.mutation.isSuccess ? (
        <FormSuccess title="Request received" onReset={form.reset}>
          {form.mutation.data?.message ??
            `A solutions architect will contact ${String(form.values.email)} within two business days.`}
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
          </div>
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
          <HoneypotField form={form} />
          <FormError form={form} />
          <div>
            <SubmitButton form={form}>Request the quote</SubmitButton>
          </div>
        </form>
      )}
    </FormPageLayout>
  );
}
