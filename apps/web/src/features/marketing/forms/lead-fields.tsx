import { companySizes } from '@alpenkube/contract/public-form-options';
import { SelectField, TextField } from '@/components/lead-form/form-fields';
import type { LeadForm } from '@/components/lead-form/use-lead-form';

/** Name, e-mail and company: who is asking, the first fields of the sales and contact forms. */
export function IdentityFields({
  form,
  emailLabel = 'Work e-mail',
  companyLabel = 'Company',
}: {
  form: LeadForm;
  emailLabel?: string;
  companyLabel?: string;
}) {
  return (
    <>
      <TextField form={form} name="name" label="Your name" autoComplete="name" />
      <TextField form={form} name="email" label={emailLabel} type="email" autoComplete="email" />
      <TextField form={form} name="company" label={companyLabel} autoComplete="organization" />
    </>
  );
}

const companySizeOptions = companySizes.map((s) => ({ value: s, label: `${s} employees` }));

export function CompanySizeField({ form }: { form: LeadForm }) {
  return (
    <SelectField form={form} name="companySize" label="Company size" options={companySizeOptions} />
  );
}
