import type { Services } from '../../services.ts';

export function createBillingService(
  _deps: Pick<Services, 'db' | 'jobs' | 'catalog' | 'paymentGateway' | 'config'>,
) {
  return {};
}

export type BillingService = ReturnType<typeof createBillingService>;
