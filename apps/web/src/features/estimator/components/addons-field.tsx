import type { Addon } from '@alpenkube/contract';
import type { BillingCycle } from '@alpenkube/contract/pricing';
import { useMoney } from '@/components/pricing/use-money';
import { Checkbox } from '@/components/ui/checkbox';
import type { FieldIssues } from '../use-estimator-config';

/**
 * The add-ons the tier offers. One a link chose that is not offered (or not known) is listed
 * too, ticked with the schema's message, so it can be unticked.
 */
export function AddonsField({
  addons,
  tier,
  chosen,
  billingCycle,
  issues,
  onChange,
}: {
  addons: readonly Addon[];
  tier: string;
  chosen: string[];
  billingCycle: BillingCycle;
  issues: FieldIssues;
  onChange: (addons: string[]) => void;
}) {
  const { money } = useMoney();
  const offered = addons.filter((addon) => addon.compatibleTiers.includes(tier));
  const stray = chosen.filter((slug) => !offered.some((addon) => addon.slug === slug));
  const toggle = (slug: string, on: boolean) =>
    onChange(on ? [...chosen, slug] : chosen.filter((each) => each !== slug));
  const issueOf = (slug: string) => issues.get(`addons.${chosen.indexOf(slug)}`);
  const price = (addon: Addon) => {
    const cents = billingCycle === 'yearly' ? addon.priceYearly : addon.priceMonthly;
    if (cents === 0) return 'Included';
    const unit = addon.unit === 'node' ? 'per node' : 'per cluster';
    return `${money(cents)} ${unit} a ${billingCycle === 'yearly' ? 'year' : 'month'}`;
  };

  if (offered.length === 0 && stray.length === 0) {
    return <p className="text-sm text-muted-foreground">This tier has no add-ons.</p>;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {offered.map((addon) => (
        <li key={addon.slug}>
          <label className="flex h-full items-start gap-3 rounded-lg border border-border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
            <Checkbox
              className="mt-0.5"
              checked={chosen.includes(addon.slug)}
              onChange={(event) => toggle(addon.slug, event.target.checked)}
            />
            <span className="min-w-0">
              <span className="font-medium">{addon.name}</span>
              <span className="block text-muted-foreground">
                {price(addon)} · {addon.category}
              </span>
              {issueOf(addon.slug) && (
                <span role="alert" className="mt-1 block text-destructive">
                  {issueOf(addon.slug)}
                </span>
              )}
            </span>
          </label>
        </li>
      ))}
      {stray.map((slug) => (
        <li key={slug}>
          <label className="flex items-start gap-3 rounded-lg border border-destructive/50 p-3 text-sm">
            <Checkbox className="mt-0.5" checked onChange={() => toggle(slug, false)} />
            <span>
              <span className="font-medium">
                {addons.find((addon) => addon.slug === slug)?.name ?? slug}
              </span>
              <span role="alert" className="block text-destructive">
                {issueOf(slug) ?? 'Not available on this tier'}
              </span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
