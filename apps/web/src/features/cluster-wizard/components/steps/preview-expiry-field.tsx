import { useFormContext, useWatch } from 'react-hook-form';
import { PREVIEW_MAX_HOURS, PREVIEW_TIERS } from '@alpenkube/contract/pricing';
import { FormInputField } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import type { WizardValues } from '../../wizard-schema';

/**
 * A Dev/Test cluster may be a preview cluster: deleted once its hours are over (a CI pipeline
 * orders one per pull request through the API with `expiresInHours`).
 */
export function PreviewExpiryField() {
  const form = useFormContext<WizardValues>();
  const tier = useWatch({ control: form.control, name: 'tier' });
  if (!PREVIEW_TIERS.includes(tier)) return null;
  return (
    <FormInputField
      control={form.control}
      name="expiresInHours"
      label="Preview cluster: delete after (hours, optional)"
      description={`Leave empty to keep the cluster. From 1 hour to ${PREVIEW_MAX_HOURS} hours (30 days); changeable later on the cluster page.`}
      render={(field) => (
        <Input
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 48"
          className="sm:max-w-xs"
          {...field}
          value={field.value ?? ''}
        />
      )}
    />
  );
}
