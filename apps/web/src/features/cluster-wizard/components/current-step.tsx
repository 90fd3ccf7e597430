import type { Catalog } from '@alpenkube/contract/catalog';
import type { PlacedOrder } from '../wizard-draft';
import type { StepId } from '../wizard-steps';
import { AddonsStep } from './steps/addons-step';
import { LocationStep } from './steps/location-step';
import { NodePoolsStep } from './steps/node-pools-step';
import { ReviewStep } from './steps/review-step';
import { TierStep } from './steps/tier-step';
import { VersionStep } from './steps/version-step';

export interface StepProps {
  step: Exclude<StepId, 'checkout'>;
  catalog: Catalog;
  euOnly: boolean;
  onEuOnlyChange: (euOnly: boolean) => void;
  placedOrder: PlacedOrder | null;
  onEdit: (step: StepId) => void;
}

/** The answers of one step; each step is its own component. */
export function CurrentStep({
  step,
  catalog,
  euOnly,
  onEuOnlyChange,
  placedOrder,
  onEdit,
}: StepProps) {
  switch (step) {
    case 'tier':
      return <TierStep catalog={catalog} />;
    case 'location':
      return <LocationStep catalog={catalog} euOnly={euOnly} onEuOnlyChange={onEuOnlyChange} />;
    case 'version':
      return <VersionStep catalog={catalog} />;
    case 'nodes':
      return <NodePoolsStep catalog={catalog} />;
    case 'addons':
      return <AddonsStep catalog={catalog} />;
    case 'review':
      return <ReviewStep catalog={catalog} placedOrder={placedOrder} onEdit={onEdit} />;
  }
}
