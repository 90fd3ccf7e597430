import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { billingDetails } from './schema.ts';
import { defineJob, enqueueJob, type JobRunner } from '../../jobs/job-queue.ts';
import type { VatRegistry } from './vat-registry.ts';

/** While the registry does not answer, the number is asked again this much later. */
export const VAT_RECHECK_MS = 30 * 60_000;

/** Asks the registry about the number an organization's billing details hold. */
export const vatCheckJob = defineJob(
  'billing.check-vat-number',
  z.object({ organizationId: z.number().int(), vatNumber: z.string() }),
);

/** Queues the check in the caller's transaction: it exists exactly when the number does. */
export function queueVatCheck(tx: DbOrTx, organizationId: number, vatNumber: string) {
  return enqueueJob(tx, vatCheckJob, { organizationId, vatNumber });
}

/**
 * The check: the registry's answer is written only while the details still hold the number it
 * was asked about (a newer number has its own job), so a job run twice or late changes nothing
 * it should not. An unavailable registry leaves VAT charged and asks again later.
 */
export function registerVatCheck(jobs: JobRunner, deps: { db: Db; vatRegistry: VatRegistry }) {
  jobs.register(vatCheckJob, async ({ organizationId, vatNumber }, { signal }) => {
    const answer = await deps.vatRegistry.check(vatNumber, signal);
    const written = await deps.db
      .update(billingDetails)
      .set({
        vatNumberStatus: answer.status,
        vatNumberCheckedAt: new Date(),
        vatRegistry: deps.vatRegistry.name,
      })
      .where(
        and(
          eq(billingDetails.organizationId, organizationId),
          eq(billingDetails.vatNumber, vatNumber),
        ),
      )
      .returning({ organizationId: billingDetails.organizationId });
    if (written.length > 0 && answer.status === 'unavailable') {
      return { rescheduleInMs: VAT_RECHECK_MS };
    }
  });
}
