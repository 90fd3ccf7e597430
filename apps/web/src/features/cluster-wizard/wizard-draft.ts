import type { Catalog } from '@alpenkube/contract/catalog';
import type { BillingCycle } from '@alpenkube/contract/pricing';
import { configFromLink } from '@/lib/catalog/cluster-config-rules';
import type { PartialClusterConfig } from '@/lib/catalog/config-url';
import { isStepId, type StepId } from './wizard-steps';
import type { WizardValues } from './wizard-schema';
import { newIdempotencyKey } from '@/lib/idempotency-key';

/** The order the draft placed, and the request that placed it. */
export interface PlacedOrder {
  orderId: number;
  /** ORD-000042, for what the wizard says about it. */
  number: string;
  /** The body it was placed with: answers changed since then need a new order. */
  fingerprint: string;
}

/**
 * A configuration in progress, kept in session storage so that a reload, or a visit to another
 * page of the tab, finds every answer again. Its Idempotency-Key goes with it: a retried click
 * or a reload resends the same key, and the server answers the order already placed.
 */
export interface WizardDraft {
  values: WizardValues;
  step: StepId;
  /** The furthest step opened, so the step list can go back to it. */
  reached: number;
  euOnly: boolean;
  idempotencyKey: string;
  placed: PlacedOrder | null;
}

export const DRAFT_STORAGE_KEY = 'alpenkube.clusterWizard.draft';

export { newIdempotencyKey };

/**
 * The first answers: the configuration a link carried (the estimator's "Order this
 * configuration", a cluster-type page's `?tier=`), the catalog's defaults for the rest, and no
 * name or promo code yet.
 */
export function initialValues(
  catalog: Catalog,
  link: PartialClusterConfig,
  billingCycle: BillingCycle,
): WizardValues {
  return { ...configFromLink(link, catalog, billingCycle), name: '', promoCode: '' };
}

export function newDraft(values: WizardValues): WizardDraft {
  return {
    values,
    step: 'tier',
    reached: 0,
    euOnly: false,
    idempotencyKey: newIdempotencyKey(),
    placed: null,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Only what can be a draft of this version; anything else starts afresh. */
function isDraft(value: unknown): value is WizardDraft {
  if (!isObject(value) || !isObject(value.values)) return false;
  const { values } = value;
  return (
    isStepId(value.step) &&
    typeof value.reached === 'number' &&
    typeof value.euOnly === 'boolean' &&
    typeof value.idempotencyKey === 'string' &&
    (value.placed === null || isObject(value.placed)) &&
    typeof values.tier === 'string' &&
    typeof values.provider === 'string' &&
    typeof values.region === 'string' &&
    typeof values.kubernetesVersion === 'string' &&
    Array.isArray(values.nodePools) &&
    values.nodePools.every(isObject) &&
    typeof values.haControlPlane === 'boolean' &&
    Array.isArray(values.addons) &&
    typeof values.supportPlan === 'string' &&
    (values.billingCycle === 'monthly' || values.billingCycle === 'yearly') &&
    typeof values.name === 'string' &&
    typeof values.promoCode === 'string'
  );
}

export function readDraft(): WizardDraft | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(DRAFT_STORAGE_KEY) ?? 'null');
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeDraft(draft: WizardDraft): void {
  try {
    sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage refused (private mode, quota): the wizard still works, a reload starts afresh.
  }
}

/** After a paid order, or when the order the draft placed was settled elsewhere. */
export function clearDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
