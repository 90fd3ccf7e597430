import type { StepId } from '../wizard-steps';

/** The line under each step's heading. */
export const stepDescriptions: Record<StepId, string> = {
  tier: 'The tier sets the node sizes, the node limits and the SLA.',
  location: 'Where the cluster runs: the provider and one of its regions.',
  version: 'The newest supported version is chosen for you.',
  nodes: 'Groups of nodes of one size; the price counts each pool’s node count.',
  addons: 'Installed and kept up to date by us; add-ons the tier does not support are not listed.',
  review: 'Check the configuration, name the cluster and choose how to pay.',
  checkout: 'Pay the first period to start the cluster.',
};
