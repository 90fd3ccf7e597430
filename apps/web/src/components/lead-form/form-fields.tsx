import type { ComponentProps, ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import type { LeadForm } from './use-lead-form';

type Common = {
  form: LeadForm;
  name: string;
  label: ReactNode;
  description?: ReactNode;
  className?: string;
};

export function TextField({
  form,
  name,
  label,
  description,
  className,
  ...props
}: Common & Omit<ComponentProps<'input'>, 'form' | 'name'>) {
  return (
    <FormField
      label={label}
      error={form.errors[name]}
      description={description}
      className={className}
    >
      <Input {...props} {...form.bind(name)} />
    </FormField>
  );
}

export function TextareaField({
  form,
  name,
  label,
  description,
  className,
  ...props
}: Common & Omit<ComponentProps<'textarea'>, 'form' | 'name'>) {
  return (
    <FormField
      label={label}
      error={form.errors[name]}
      description={description}
      className={className}
    >
      <Textarea rows={5} {...props} {...form.bind(name)} />
    </FormField>
  );
}

export function SelectField({
  form,
  name,
  label,
  description,
  className,
  options,
  placeholder = 'Choose…',
}: Common & { options: { value: string; label: string }[]; placeholder?: string }) {
  return (
    <FormField
      label={label}
      error={form.errors[name]}
      description={description}
      className={className}
    >
      <NativeSelect {...form.bind(name)}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

export function CheckboxField({ form, name, label, className }: Omit<Common, 'description'>) {
  const error = form.errors[name];
  const id = `field-${name}`;
  return (
    <div className={cn('grid gap-1', className)}>
      <label htmlFor={id} className="flex items-start gap-2.5 text-sm">
        <Checkbox
          id={id}
          name={name}
          checked={form.values[name] === true}
          onChange={(e) => form.setValue(name, e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5"
        />
        <span>{label}</span>
      </label>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** The spam trap: invisible to people and assistive technology, tempting to bots. */
export function HoneypotField({ form }: { form: LeadForm }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input tabIndex={-1} autoComplete="off" {...form.bind('website')} />
      </label>
    </div>
  );
}

/** Two columns of fields from the small breakpoint up. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">{children}</div>;
}
