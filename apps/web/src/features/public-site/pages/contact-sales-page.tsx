import { companySizes, contactSalesSchema } from '@alpenkube/contract';
import { useLeadForm } from '../forms/use-lead-form';
import { HoneypotField, SelectField, TextField, TextareaField } from '../forms/form-fields';
import { FormError, FormSuccess, SubmitButton } from '../forms/form-status';
import { FormPageLayout, NextSteps } from '../forms/form-page-layout';
import { useRouteMeta } from '../use-page-meta';

const sizeOptions = companySizes.map((s) => ({ value: s, label: `${s} employees` }));
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
    schema: contactSalesSchema,
    endpoint: '/api/leads/sales',
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
      {form.mutation.isSuccess ? (
        <FormSuccess title="Thank you, we will call you back" onReset={form.reset}>
          {form.mutation.data?.message ??
            `An account executive will contact ${String(form.values.email)} within one business day.`}
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
            <TextField
              form={form}
              name="phone"
              label="Phone (optional)"
              type="tel"
              autoComplete="tel"
              placeholder="+33 1 23 45 67 89"
            />
            <SelectField
              form={form}
              name="companySize"
              label="Company size"
              options={sizeOptions}
            />
            <SelectField
              form={form}
              name="interest"
              label="You are interested in"
              options={interests}
            />
          </div>
          <TextareaField
            form={form}
            name="message"
            label="Your project"
            rows={6}
            description="Workloads, expected number of clusters or nodes, timeline, compliance requirements."
          />
          <HoneypotField form={form} />
          <FormError form={form} />
          <div>
            <SubmitButton form={form}>Contact sales</SubmitButton>
          </div>
        </form>
      )}
    </FormPageLayout>
  );
}
