import type { ProductInstanceStatus } from '@alpenkube/contract';
import { conflict } from '../../lib/http-error.ts';

/**
 * Where each product status may go. Every status change goes through `assertProductTransition`,
 * so a change asked of a product in the wrong state is a 409 that says why.
 */
const next: Record<ProductInstanceStatus, readonly ProductInstanceStatus[]> = {
  ordered: ['provisioning', 'failed'],
  provisioning: ['active', 'failed'],
  active: ['updating', 'cancelling'],
  // A change that fails leaves the product running on the plan it had.
  updating: ['active'],
  cancelling: ['cancelled'],
  cancelled: [],
  failed: [],
};

const words: Record<ProductInstanceStatus, string> = {
  ordered: 'ordered and waits to be provisioned',
  provisioning: 'being provisioned',
  active: 'active',
  updating: 'changing plan',
  cancelling: 'being cancelled',
  cancelled: 'cancelled',
  failed: 'failed',
};

/** What an action needs of a product: it may only be asked of an active one. */
export type ProductAction =
  'change the plan of' | 'cancel' | 'rotate the secret of' | 'reveal the secret of';

export function canProductTransition(from: ProductInstanceStatus, to: ProductInstanceStatus) {
  return next[from].includes(to);
}

export function assertProductTransition(
  product: { name: string; status: ProductInstanceStatus },
  to: ProductInstanceStatus,
) {
  if (!canProductTransition(product.status, to)) {
    throw conflict(`${product.name} is ${words[product.status]}: it cannot become ${words[to]}.`);
  }
}

export function assertProductActive(
  product: { name: string; status: ProductInstanceStatus },
  action: ProductAction,
) {
  if (product.status !== 'active') {
    throw conflict(
      `${product.name} is ${words[product.status]}: you can only ${action} an active product.`,
    );
  }
}
