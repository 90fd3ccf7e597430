import { useController, useFormContext } from 'react-hook-form';
import type { Tier } from '@alpenkube/contract';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/form';
import { useMoney } from '@/components/pricing/use-money';
import { haOffer, haSwitchable } from '@/lib/catalog/cluster-config-rules';
import type { WizardValues } from '../../wizard-schema';

/** The high-availability control plane: three zones, included, extra, or not offered. */
export function HaControlPlaneField({ tier }: { tier: Tier }) {
  const form = useFormContext<WizardValues>();
  const { field, fieldState } = useController({ control: form.control, name: 'haControlPlane' });
  const { money } = useMoney();
  const offer = haOffer(tier);
  const hint =
    offer === 'none'
      ? `${tier.name} has no high-availability control plane.`
      : offer === 'included'
        ? `Included in ${tier.name}.`
        : `${money(tier.haControlPlanePriceMonthly ?? 0)}/month more, before the region's factor.`;

  return (
    <div className="rounded-xl border border-border p-4">
      <label className="flex items-start gap-3">
        <Checkbox
          ref={field.ref}
          checked={field.value}
          // Not offered: enabled only to untick what a link asked for.
          disabled={!haSwitchable(tier, field.value)}
          aria-invalid={fieldState.error ? true : undefined}
          aria-describedby="ha-control-plane-hint"
          onChange={(event) => field.onChange(event.target.checked)}
          className="mt-0.5"
        />
        <span>
          <span className="font-medium">High-availability control plane</span>
          <span id="ha-control-plane-hint" className="block text-sm text-muted-foreground">
            Three control-plane replicas in three zones, so the API survives a zone outage. {hint}
          </span>
        </span>
      </label>
      <FieldError className="mt-2">{fieldState.error?.message}</FieldError>
    </div>
  );
}
