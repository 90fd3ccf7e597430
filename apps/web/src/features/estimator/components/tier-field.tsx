import type { Tier } from '@alpenkube/contract';
import { nodeLimits } from '@/lib/catalog/cluster-config-rules';
import { SelectField } from './select-field';

/** The tier decides the node sizes, node limits, HA and add-ons offered. */
export function TierField({
  tiers,
  value,
  onChange,
  error,
}: {
  tiers: readonly Tier[];
  value: string;
  onChange: (slug: string) => void;
  error?: string;
}) {
  const tier = tiers.find((candidate) => candidate.slug === value);
  return (
    <div className="space-y-3">
      <SelectField
        label="Cluster tier"
        value={value}
        options={tiers.map((candidate) => ({ value: candidate.slug, label: candidate.name }))}
        onChange={onChange}
        error={error}
      />
      {tier && (
        <div className="rounded-lg bg-muted/50 p-3 text-sm">
          <p className="text-muted-foreground">{tier.description}</p>
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
            <div className="flex gap-1.5">
              <dt className="text-muted-foreground">SLA</dt>
              <dd className="font-medium">{tier.sla}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="text-muted-foreground">Nodes</dt>
              <dd className="font-medium" data-testid="tier-node-limits">
                {nodeLimits(tier)} in all
              </dd>
            </div>
          </dl>
        </div>
      )}
    </div>
  );
}
