import type { Catalog } from '@alpenkube/contract';
import type { ClusterConfig } from '@alpenkube/contract/pricing';
import { addedPool, changeProvider, findTier, fitToTier } from '@/lib/catalog/cluster-config-rules';
import type { FieldIssues } from '../use-estimator-config';
import { AddonsField } from './addons-field';
import { BillingCycleField } from './billing-cycle-field';
import { EstimatorSection } from './estimator-section';
import { HaField } from './ha-field';
import { LocationFields } from './location-fields';
import { NodePoolsField } from './node-pools-field';
import { SupportPlanField } from './support-plan-field';
import { TierField } from './tier-field';

/** Every input of the price engine, in the order of the cluster wizard's steps. */
export function EstimatorForm({
  catalog,
  config,
  issues,
  discountPercent,
  update,
}: {
  catalog: Catalog;
  config: ClusterConfig;
  issues: FieldIssues;
  discountPercent?: number;
  update: (change: (current: ClusterConfig) => ClusterConfig) => void;
}) {
  const tier = findTier(catalog, config.tier);
  const set = (patch: Partial<ClusterConfig>) => update((current) => ({ ...current, ...patch }));
  return (
    <div className="space-y-6">
      <EstimatorSection title="Tier">
        <TierField
          tiers={catalog.tiers}
          value={config.tier}
          error={issues.get('tier')}
          onChange={(slug) => update((current) => fitToTier(current, slug, catalog).config)}
        />
      </EstimatorSection>
      <EstimatorSection
        title="Location and version"
        description="Where the cluster runs decides the law it runs under; some regions cost more."
      >
        <LocationFields
          catalog={catalog}
          provider={config.provider}
          region={config.region}
          version={config.kubernetesVersion}
          issues={issues}
          onProvider={(slug) => update((current) => changeProvider(current, slug, catalog))}
          onRegion={(region) => set({ region })}
          onVersion={(kubernetesVersion) => set({ kubernetesVersion })}
        />
      </EstimatorSection>
      <EstimatorSection
        title="Node pools"
        description="Each pool runs nodes of one size. The price counts the nodes you set; you resize a pool when you choose."
      >
        <div className="space-y-4">
          <NodePoolsField
            pools={config.nodePools}
            tier={tier}
            issues={issues}
            onPools={(nodePools) => set({ nodePools })}
            onAddPool={() =>
              update((current) => ({
                ...current,
                nodePools: [...current.nodePools, addedPool(current.nodePools, tier)],
              }))
            }
          />
          <HaField
            tier={tier}
            on={config.haControlPlane}
            billingCycle={config.billingCycle}
            error={issues.get('haControlPlane')}
            onChange={(haControlPlane) => set({ haControlPlane })}
          />
        </div>
      </EstimatorSection>
      <EstimatorSection
        title="Add-ons"
        description="Only the add-ons this tier supports are listed."
      >
        <AddonsField
          addons={catalog.addons}
          tier={config.tier}
          chosen={config.addons}
          billingCycle={config.billingCycle}
          issues={issues}
          onChange={(addons) => set({ addons })}
        />
      </EstimatorSection>
      <EstimatorSection title="Support plan">
        <SupportPlanField
          plans={catalog.supportPlans}
          value={config.supportPlan}
          billingCycle={config.billingCycle}
          error={issues.get('supportPlan')}
          onChange={(supportPlan) => set({ supportPlan })}
        />
      </EstimatorSection>
      <EstimatorSection title="Billing cycle">
        <BillingCycleField
          value={config.billingCycle}
          discountPercent={discountPercent}
          onChange={(billingCycle) => set({ billingCycle })}
        />
      </EstimatorSection>
    </div>
  );
}
