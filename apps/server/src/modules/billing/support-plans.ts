import { createHash } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
import type { BillingPlans, Catalog, ChangePlan, SupportPlan } from '@alpenkube/contract';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { supportPlanOf } from '../organizations/index.ts';
import { subscriptions } from './schema.ts';
import { conflict, invalidFields } from '../../lib/http-error.ts';
import { dollars } from '../../lib/money.ts';
import { notifyOrganizationAdmins } from '../notifications/index.ts';
import { orderPlacedWith, type OrderRecord } from '../orders/index.ts';
import { placeSupportOrder } from './support-orders.ts';
import { assertOrderingAllowed } from './ordering-suspension.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { dayOf } from './periods.ts';
import {
  applySupportPlan,
  hasSupportSubscription,
  lockSupportSubscription,
  lockUnpaidRenewals,
} from './subscriptions.ts';

const priceFor = (plan: SupportPlan, cycle: 'monthly' | 'yearly') =>
  cycle === 'yearly' ? plan.priceYearly : plan.priceMonthly;

/** The catalog's support plans, the organization's own marked, and when a paid one renews. */
export async function readPlans(
  db: Db,
  organizationId: number,
  catalog: Catalog,
): Promise<BillingPlans> {
  const supportPlan = await supportPlanOf(db, organizationId);
  const [subscription] = await db
    .select({ billingCycle: subscriptions.billingCycle, periodEnd: subscriptions.periodEnd })
    .from(subscriptions)
    .where(
      inOrganization(
        subscriptions,
        organizationId,
        eq(subscriptions.kind, 'support'),
        ne(subscriptions.status, 'cancelled'),
      ),
    );
  const current = supportPlan ?? 'basic';
  return {
    current,
    billingCycle: subscription?.billingCycle ?? 'monthly',
    renewsAt: subscription?.periodEnd.toISOString() ?? null,
    plans: catalog.supportPlans.map((plan) => ({
      slug: plan.slug,
      name: plan.name,
      description: plan.description,
      priceMonthly: plan.priceMonthly,
      priceYearly: plan.priceYearly,
      responseMinutes: plan.responseMinutes,
      current: plan.slug === current,
    })),
  };
}

/**
 * A change of support plan is an order of kind `support`, priced by the plan's price for the
 * cycle, less the promo code's discount if typed. A paid plan's order waits for payment like any order and applies when
 * paid; the free plan needs none: it applies at once, the support subscription ends (its
 * unused part back as credit) and the order answered is already completed.
 */
export async function changePlan(
  db: Db,
  actor: SessionUser,
  input: ChangePlan,
  idempotencyKey: string,
  catalog: Catalog,
  client: ClientInfo,
): Promise<{ orderId: number; replayed: boolean }> {
  const digest = createHash('sha256')
    .update(JSON.stringify({ kind: 'support', ...input }))
    .digest('hex');
  const prior = await orderPlacedWith(db, actor.organizationId, idempotencyKey, digest);
  if (prior !== null) return { orderId: prior, replayed: true };
  const plan = catalog.supportPlans.find((candidate) => candidate.slug === input.plan);
  if (!plan) {
    throw invalidFields([{ path: ['plan'], message: `There is no support plan ${input.plan}` }]);
  }
  const free = priceFor(plan, input.billingCycle) === 0;
  await assertOrderingAllowed(db, actor.organizationId);
  try {
    return await db.transaction(async (tx) => {
      // Billing's lock order, which a renewal being charged follows too: the subscription, its
      // renewals (the free plan closes them), then the organization. Out of order, they deadlocked.
      const subscription = await lockSupportSubscription(tx, actor.organizationId);
      if (subscription) await lockUnpaidRenewals(tx, subscription.id);
      const currentPlan = await supportPlanOf(tx, actor.organizationId, { lock: true });
      // Plan changes of one organization queue on its row: what the one before this did is
      // seen now. Its order, when it was this same request again (a double click), is the answer.
      const placedMeanwhile = await orderPlacedWith(
        tx,
        actor.organizationId,
        idempotencyKey,
        digest,
      );
      if (placedMeanwhile !== null) return { orderId: placedMeanwhile, replayed: true };
      // A paid plan's order paid while this waited on the organization started a subscription,
      // which could only be locked out of order now: the plan changed, to be looked at again.
      if (!subscription && (await hasSupportSubscription(tx, actor.organizationId))) {
        throw conflict('Your support plan changed meanwhile: look at it again before choosing.');
      }
      const sameCycle = free || (subscription?.billingCycle ?? 'monthly') === input.billingCycle;
      const paidFor = free || subscription !== null;
      if (currentPlan === plan.slug && sameCycle && paidFor) {
        throw conflict(
          free
            ? `Your organization is already on the ${plan.name} plan.`
            : `Your organization is already on the ${plan.name} plan, billed ${input.billingCycle}.`,
        );
      }
      const placed = await placeSupportOrder(
        tx,
        actor,
        {
          plan,
          billingCycle: input.billingCycle,
          free,
          idempotencyKey,
          requestDigest: digest,
          promoCode: input.promoCode,
        },
        client,
      );
      if (free) {
        await applySupportPlan(tx, {
          organizationId: actor.organizationId,
          plan,
          billingCycle: input.billingCycle,
          priceCents: 0,
          orderId: placed,
          now: new Date(),
        });
        await notifyOrganizationAdmins(
          tx,
          actor.organizationId,
          'success',
          `Your organization is now on the ${plan.name} support plan.`,
        );
      }
      return { orderId: placed, replayed: false };
    });
  } catch (error) {
    if (uniqueViolation(error)?.constraint === 'orders_idempotency_key') {
      // Two requests with one key raced: the other placed the order.
      const winner = await orderPlacedWith(db, actor.organizationId, idempotencyKey, digest);
      if (winner !== null) return { orderId: winner, replayed: true };
    }
    throw error;
  }
}

/**
 * A paid support order, in the transaction that records its payment: the plan applies now for
 * a period of its cycle. Answers what happened, in words, for the order's timeline.
 */
export async function supportOrderPaid(
  tx: Tx,
  order: OrderRecord,
  now: Date,
  catalog: Catalog,
): Promise<string> {
  const slug = order.lines.find((line) => line.kind === 'support')?.ref ?? 'basic';
  const plan = catalog.supportPlans.find((candidate) => candidate.slug === slug) ?? {
    slug,
    name: slug,
  };
  const renewsAt = await applySupportPlan(tx, {
    organizationId: order.organizationId,
    plan,
    billingCycle: order.billingCycle,
    priceCents: order.subtotalCents,
    orderId: order.id,
    now,
  });
  const words = renewsAt
    ? `support plan ${plan.name} from now, renewing on ${dayOf(renewsAt)} for ${dollars(order.subtotalCents)}`
    : `support plan ${plan.name} from now`;
  await notifyOrganizationAdmins(
    tx,
    order.organizationId,
    'success',
    `Your organization is now on the ${plan.name} support plan.`,
  );
  return words;
}
