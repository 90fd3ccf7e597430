import type { z } from 'zod';
import type { ChangePlan, updateBillingDetailsSchema } from '@alpenkube/contract';
import { eq } from 'drizzle-orm';
import { inOrganization } from '../../db/organization-scope.ts';
import { renewals } from './schema.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { OrderKindHandler } from '../orders/index.ts';
import type { VatRegistry } from './vat-registry.ts';
import type { MailThrottle } from '../mail/index.ts';
import { charge, type ChargeOutcome, type PaymentGateway } from '../payments/index.ts';
import type { CatalogService } from '../platform/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { readBillingDetails, updateBillingDetails } from './billing-details.ts';
import { registerVatCheck } from './vat-check.ts';
import { assertOrderingAllowed } from './ordering-suspension.ts';
import { openDueRenewals, queueDueAttempts, renewalJob, renewalTarget } from './renewals.ts';
import { createClusterBillingHooks, openClusterSubscription } from './subscriptions.ts';
import { changePlan, readPlans, supportOrderPaid } from './support-plans.ts';
import { addonInstalled, haEnabled } from './addon-billing.ts';
import { createProductBillingHooks } from './product-subscriptions.ts';

/** How often each instance looks for periods that ended and renewal attempts that are due. */
export const RENEWAL_CHORE_MS = 60_000;

/**
 * Billing: what was prepaid by the period (subscriptions), renewing it when it ends, giving
 * back the unused part when a cluster shrinks or goes, the support plan, billing details, and
 * charging renewals off-session (through the payments module's charge protocol, as invoices are).
 */
export function createBillingService(
  deps: Pick<Infrastructure, 'db' | 'jobs' | 'config'> & {
    catalog: CatalogService;
    paymentGateway: PaymentGateway;
    vatRegistry: VatRegistry;
    mailThrottle: MailThrottle;
  },
) {
  const { db, jobs, paymentGateway } = deps;
  const catalogNow = async () => (await deps.catalog.catalog()).value;

  /**
   * One attempt at a renewal: the scheduled one due at `dueAt`, or any time when `force`d (the
   * payer's "Pay now"). `now` is the attempt's time, which decides the next retry.
   */
  async function chargeRenewal(
    renewalId: number,
    options: { force: boolean; dueAt: Date | null; now?: Date },
  ): Promise<ChargeOutcome> {
    const catalog = await catalogNow();
    return charge(
      db,
      paymentGateway,
      renewalTarget(renewalId, { ...options, now: options.now ?? new Date(), catalog }),
      { session: 'off' },
    );
  }

  /**
   * The renewal chore: opens the renewals of periods that ended by `now` and queues the
   * attempts due by then (the first at the period's end, retries 1, 3 and 7 days later).
   */
  async function runRenewals(now = new Date()) {
    const catalog = await catalogNow();
    const opened = await openDueRenewals(db, catalog, now);
    const queued = await queueDueAttempts(db, now);
    return { opened, queued };
  }

  jobs.register(renewalJob, async ({ renewalId, dueAt }) => {
    const due = dueAt ? new Date(dueAt) : null;
    // An attempt is never earlier than the time it was due.
    const now = new Date(Math.max(Date.now(), due?.getTime() ?? 0));
    await chargeRenewal(renewalId, { force: false, dueAt: due, now });
  });
  registerVatCheck(jobs, deps);
  jobs.every(RENEWAL_CHORE_MS, 'renew subscriptions whose period ended', async () => {
    await runRenewals();
  });

  return {
    chargeRenewal,
    runRenewals,

    /**
     * "Pay now": charges an unpaid renewal of the organization at once, audited (`renewal.pay`,
     * a refusal with its reason); a failure is a 402.
     */
    async payRenewal(actor: SessionUser, renewalId: number, client: ClientInfo, now = new Date()) {
      const [renewal] = await db
        .select({ status: renewals.status, description: renewals.description })
        .from(renewals)
        .where(inOrganization(renewals, actor.organizationId, eq(renewals.id, renewalId)));
      if (!renewal) throw notFound('Renewal not found');
      if (renewal.status === 'paid') throw conflict('This renewal is already paid.');
      const outcome = await chargeRenewal(renewalId, { force: true, dueAt: null, now });
      const [after] = await db
        .select({ amountCents: renewals.amountCents })
        .from(renewals)
        .where(eq(renewals.id, renewalId));
      await recordAudit(db, {
        action: 'renewal.pay',
        outcome: outcome.status === 'failed' ? 'failure' : 'success',
        actorUserId: actor.id,
        organizationId: actor.organizationId,
        targetType: 'renewal',
        targetId: renewalId,
        ip: client.ip,
        userAgent: client.userAgent,
        details: {
          description: renewal.description,
          amountCents: after?.amountCents ?? null,
          status: outcome.status,
          ...(outcome.status === 'failed' ? { reason: outcome.reason } : {}),
        },
      });
      if (outcome.status === 'failed') throw new HttpError(402, outcome.reason);
      return outcome;
    },

    /** For the clusters module: see `ClusterBillingHooks`. */
    clusterHooks: {
      ...createClusterBillingHooks(),
      addonInstalled,
      haEnabled,
      orderPaid: openClusterSubscription,
    },

    /** For the products module: their subscriptions, plan changes and cancellations. */
    productHooks: createProductBillingHooks(),

    /** Refuses (402) a new order while renewals are overdue: billing suspends ordering. */
    assertOrderingAllowed,

    /** The support kind of order: once paid, the plan applies at once and the order is done. */
    supportOrderKind: {
      paid: async (tx, order, { now, catalog }) => ({
        status: 'completed',
        note: await supportOrderPaid(tx, order, now, catalog),
      }),
    } satisfies OrderKindHandler,

    async plans(organizationId: number) {
      return readPlans(db, organizationId, await catalogNow());
    },

    /**
     * Answers the id of the support order placed (completed at once for the free plan); the
     * same Idempotency-Key and request answer the order it placed (`replayed`).
     */
    async changePlan(
      actor: SessionUser,
      input: ChangePlan,
      idempotencyKey: string,
      client: ClientInfo,
    ) {
      return changePlan(db, actor, input, idempotencyKey, await catalogNow(), client);
    },

    details: (organizationId: number) => readBillingDetails(db, organizationId),

    updateDetails: (
      actor: SessionUser,
      input: z.output<typeof updateBillingDetailsSchema>,
      client: ClientInfo,
    ) =>
      updateBillingDetails(
        { db, mailThrottle: deps.mailThrottle, publicUrl: deps.config.publicUrl },
        actor,
        input,
        client,
      ),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
