import type { Services } from '../../services.ts';
import { chargeInvoiceJob, invoiceTarget } from './invoice-charge.ts';
import { chargeOffSession, type ChargeOutcome } from './off-session-charge.ts';

export function createBillingService(
  deps: Pick<Services, 'db' | 'jobs' | 'catalog' | 'paymentGateway' | 'config'>,
) {
  const { db, jobs, paymentGateway } = deps;

  /**
   * Charges an open invoice's amount due off-session: credit first, then the default card
   * (`invoice-<id>-<attempt>`). Paid or void: nothing; nothing due: marked paid. A failure
   * leaves it open with `payment_error` and tells the admins. Safe to call twice at once.
   */
  async function chargeInvoice(invoiceId: number): Promise<ChargeOutcome> {
    return chargeOffSession(db, paymentGateway, invoiceTarget(invoiceId));
  }

  jobs.register(chargeInvoiceJob, async ({ invoiceId }) => {
    await chargeInvoice(invoiceId);
  });

  return { chargeInvoice };
}

export type BillingService = ReturnType<typeof createBillingService>;
