import type { FieldErrors } from 'react-hook-form';
import type { WizardValues } from './wizard-schema';

export type StepId = 'tier' | 'location' | 'version' | 'nodes' | 'addons' | 'review' | 'checkout';

export interface WizardStep {
  id: StepId;
  /** The step list's label and the step's heading. */
  title: string;
  /** The answers this step asks for: "Next" checks these, and an error on one opens the step. */
  fields: (keyof WizardValues)[];
}

export const wizardSteps: readonly WizardStep[] = [
  { id: 'tier', title: 'Cluster tier', fields: ['tier'] },
  { id: 'location', title: 'Provider and region', fields: ['provider', 'region'] },
  { id: 'version', title: 'Kubernetes version', fields: ['kubernetesVersion'] },
  { id: 'nodes', title: 'Node pools', fields: ['nodePools', 'haControlPlane'] },
  { id: 'addons', title: 'Add-ons and support', fields: ['addons', 'supportPlan'] },
  { id: 'review', title: 'Review and order', fields: ['name', 'billingCycle', 'promoCode'] },
  { id: 'checkout', title: 'Payment', fields: [] },
];

export const stepIds = wizardSteps.map((step) => step.id);

export const stepIndex = (id: StepId) => stepIds.indexOf(id);

export function isStepId(value: unknown): value is StepId {
  return typeof value === 'string' && (stepIds as string[]).includes(value);
}

/** The first step holding one of `errors`' fields, or null when none does. */
export function firstStepWithError(errors: FieldErrors<WizardValues>): StepId | null {
  const step = wizardSteps.find((candidate) =>
    candidate.fields.some((field) => errors[field] !== undefined),
  );
  return step?.id ?? null;
}

/** The step a field path of a server issue (`nodePools.0.count`) belongs to. */
export function stepOfPath(path: string): StepId | null {
  const field = path.split('.')[0];
  return wizardSteps.find((step) => (step.fields as string[]).includes(field ?? ''))?.id ?? null;
}
