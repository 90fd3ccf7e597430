import type { Control } from 'react-hook-form';
import { FormInputField } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import type { CardDetails } from '@alpenkube/contract/payments';
import type { CardFormValues } from './card-form-schema';

/** A new card's fields, with the autocomplete names browsers and password managers fill. */
export function CardFields({
  control,
}: {
  control: Control<CardFormValues, unknown, CardDetails>;
}) {
  return (
    <div className="grid grid-cols-2 gap-4">
      <div className="col-span-2">
        <FormInputField
          control={control}
          name="number"
          label="Card number"
          render={(field) => (
            <Input
              autoComplete="cc-number"
              inputMode="numeric"
              placeholder="1234 1234 1234 1234"
              className="font-mono"
              {...field}
            />
          )}
        />
      </div>
      <FormInputField
        control={control}
        name="expiry"
        label="Expiry (MM/YY)"
        render={(field) => (
          <Input autoComplete="cc-exp" inputMode="numeric" placeholder="MM/YY" {...field} />
        )}
      />
      <FormInputField
        control={control}
        name="cvc"
        label="Security code (CVC)"
        render={(field) => (
          <Input
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
            placeholder="123"
            {...field}
          />
        )}
      />
      <div className="col-span-2">
        <FormInputField
          control={control}
          name="name"
          label="Name on the card (optional)"
          render={(field) => <Input autoComplete="cc-name" {...field} />}
        />
      </div>
    </div>
  );
}
