import type { Services } from '../../services.ts';

export function createInvoiceService(
  _deps: Pick<Services, 'db' | 'jobs' | 'billing' | 'metering' | 'config'>,
) {
  return {};
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
