import type { BillingDetails } from '@alpenkube/contract/billing';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { useUpdateBillingDetails } from '../queries';
import { billingDetailsFormSchema } from './billing-details-schema';
import { countryOptions } from './countries';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { VatPreview } from './vat-preview';

/**
 * Who the invoices are made out to. Checked by the contract's schema here and on the server;
 * what the server refuses (a VAT number it does not accept) shows on its field.
 */
export function BillingDetailsForm({
  details,
  close,
}: {
  details: BillingDetails;
  close: () => void;
}) {
  const { toast } = useToast();
  const form = useZodForm(billingDetailsFormSchema, {
    defaultValues: {
      legalName: details.legalName,
      address: details.address,
      country: details.country,
      vatNumber: details.vatNumber ?? '',
      email: details.email,
    },
  });
  const save = useUpdateBillingDetails();
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        close();
        toast({ title: 'Billing details saved', variant: 'success' });
      },
      onError: (error) => setServerErrors(form, error),
    }),
  );

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label="Billing details"
        className="grid gap-4"
      >
        <FormRootError />
        <FormInputField
          control={form.control}
          name="legalName"
          label="Legal name"
          render={(field) => <Input autoComplete="organization" {...field} />}
        />
        <FormInputField
          control={form.control}
          name="address"
          label="Postal address"
          render={(field) => <Textarea autoComplete="street-address" rows={3} {...field} />}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInputField
            control={form.control}
            name="country"
            label="Country"
            render={(field) => (
              <NativeSelect autoComplete="country" {...field}>
                <option value="">Choose a country</option>
                {countryOptions.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <FormInputField
            control={form.control}
            name="vatNumber"
            label="VAT number (optional)"
            render={(field) => <Input spellCheck={false} placeholder="DE123456789" {...field} />}
          />
        </div>
        <VatPreview control={form.control} />
        <FormInputField
          control={form.control}
          name="email"
          label="Billing e-mail"
          description="Invoices and payment notices go here too."
          render={(field) => <Input type="email" autoComplete="email" {...field} />}
        />
        <DialogFormFooter
          submitLabel="Save details"
          pendingText="Saving…"
          pending={save.isPending}
        />
      </form>
    </Form>
  );
}
