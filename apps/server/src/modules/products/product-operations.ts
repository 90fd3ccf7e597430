import { and, eq, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { productPlanPrice } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { productInstances } from './schema.ts';
import { defineJob, enqueueJob } from '../../jobs/job-queue.ts';
import { randomToken } from '../../lib/crypto.ts';
import { dollars } from '../../lib/money.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import {
  findOrders,
  type OrderKindHandler,
  type OrderRecord,
  type PaidOrderOutcome,
} from '../orders/index.ts';
import type { ProviderRegistry } from '../providers/index.ts';
import { notifyOrganizationAdmins } from '../notifications/index.ts';
import { findProductPlan } from './product-catalog.ts';
import {
  PRODUCT_STEPS,
  productEndpoint,
  productUsername,
  type ProductOperation,
} from './product-driver.ts';
import { announceProduct } from './product-events.ts';
import type { ProductBillingHooks, ProductOrderHooks } from './product-hooks.ts';
import { assertProductTransition } from './product-states.ts';
import type { InstanceRow } from './product-view.ts';

type OrderRow = OrderRecord;

/**
 * One job carries one operation of one product, a step per run: `plan` is the plan an update
 * moves to, `orderId` the order it fulfils (provisioning, an upgrade), `credit` what a
 * downgrade gives back once done.
 */
export const productOperationJob = defineJob(
  'product.operation',
  z.object({
    instanceId: z.number().int().positive(),
    operation: z.enum(['provision', 'update', 'cancel']),
    plan: z.string().optional(),
    orderId: z.number().int().positive().optional(),
    credit: z.number().int().min(0).optional(),
  }),
);
type OperationPayload = z.infer<typeof productOperationJob.payload>;

/** The status an operation runs in: a product in any other has finished it (or never had it). */
const runsIn: Record<ProductOperation, InstanceRow['status'][]> = {
  provision: ['ordered', 'provisioning'],
  update: ['updating'],
  cancel: ['cancelling'],
};

/** Attempts of a step before the job gives up; failing steps retry after a back-off. */
const ATTEMPTS = 4;

export async function lockInstance(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(productInstances)
    .where(eq(productInstances.id, id))
    .for('update');
  return row ?? null;
}

export async function setInstance(
  tx: Tx,
  instance: InstanceRow,
  changes: Partial<typeof productInstances.$inferInsert>,
  step: string | null,
) {
  if (changes.status && changes.status !== instance.status) {
    assertProductTransition(instance, changes.status);
  }
  const [updated] = await tx
    .update(productInstances)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(productInstances.id, instance.id))
    .returning();
  await announceProduct(tx, updated!, step);
  return updated!;
}

export function queueOperation(tx: Tx, payload: OperationPayload) {
  return enqueueJob(tx, productOperationJob, payload, { maxAttempts: ATTEMPTS });
}

/**
 * Runs the products' jobs through the simulated driver. A step and the progress it reaches
 * commit together under a lock of the product's row, and the step to run is read from that
 * progress, so a job run twice (a crash, a second instance) applies each step once; a product
 * no longer in the operation's status has nothing left to do.
 */
export function createProductOperations(
  deps: Pick<Infrastructure, 'db' | 'jobs' | 'sealer'> & { providers: ProviderRegistry } & {
    orderHooks: ProductOrderHooks;
    billingHooks: ProductBillingHooks;
  },
) {
  const { db, providers, sealer } = deps;

  async function finish(tx: Tx, instance: InstanceRow, payload: OperationPayload, label: string) {
    const now = new Date();
    if (payload.operation === 'provision') {
      const active = await setInstance(
        tx,
        instance,
        {
          status: 'active',
          progress: 100,
          endpoint: productEndpoint({
            name: instance.name,
            product: instance.productSlug,
            region: instance.region,
          }),
          username: productUsername(instance.name),
          secretCiphertext: sealer.seal(randomToken(24)),
          secretVersion: 1,
          activeAt: now,
        },
        label,
      );
      if (instance.orderId) {
        await deps.orderHooks.completed(tx, instance.orderId, `${active.name} is active`);
      }
      await notifyOrganizationAdmins(
        tx,
        instance.organizationId,
        'success',
        `${active.name} is active: its connection details are on its page.`,
      );
      return;
    }
    if (payload.operation === 'update') {
      const found = findProductPlan(instance.productSlug, payload.plan ?? instance.plan);
      const plan = found?.plan;
      await setInstance(
        tx,
        instance,
        { status: 'active', progress: 100, plan: plan?.slug ?? instance.plan, statusReason: null },
        label,
      );
      if (plan) {
        const credit = payload.credit ?? 0;
        await deps.billingHooks.planChanged(tx, instance.id, {
          plan: plan.slug,
          periodPrice: productPlanPrice(
            { ...plan, priceMonthly: plan.priceMonthlyCents, priceYearly: plan.priceYearlyCents },
            instance.billingCycle,
          ),
          credit,
          what: `${instance.name} moved down to ${plan.name}: the unused difference of its prepaid period`,
        });
      }
      if (payload.orderId) {
        await deps.orderHooks.completed(
          tx,
          payload.orderId,
          `${instance.name} runs on ${plan?.name}`,
        );
      }
      return;
    }
    const credit = await deps.billingHooks.cancelled(tx, instance.id, instance.name, now);
    await setInstance(
      tx,
      instance,
      { status: 'cancelled', progress: 100, cancelledAt: now },
      label,
    );
    await notifyOrganizationAdmins(
      tx,
      instance.organizationId,
      'info',
      `${instance.name} is cancelled${credit > 0 ? `: ${dollars(credit)} credited to your balance` : ''}.`,
    );
  }

  /** A step failed for good: what was being done is undone, and what was paid comes back. */
  async function fail(payload: OperationPayload, reason: string) {
    await db.transaction(async (tx) => {
      const instance = await lockInstance(tx, payload.instanceId);
      if (!instance || !runsIn[payload.operation].includes(instance.status)) return;
      if (payload.operation === 'cancel') {
        // A cancellation is retried until it finishes: nothing keeps running unpaid.
        await queueOperation(tx, payload);
        return;
      }
      if (payload.operation === 'provision') {
        await setInstance(tx, instance, { status: 'failed', statusReason: reason }, reason);
        await deps.billingHooks.provisioningFailed(tx, instance.id);
      } else {
        await setInstance(
          tx,
          instance,
          { status: 'active', progress: 100, statusReason: `The plan change failed: ${reason}` },
          reason,
        );
      }
      if (payload.orderId) await deps.orderHooks.failed(tx, payload.orderId, reason);
    });
  }

  async function step(payload: OperationPayload) {
    const steps = PRODUCT_STEPS[payload.operation];
    const [current] = await db
      .select({ status: productInstances.status, progress: productInstances.progress })
      .from(productInstances)
      .where(eq(productInstances.id, payload.instanceId));
    if (!current || !runsIn[payload.operation].includes(current.status)) return;
    const done =
      current.status === 'ordered' ? 0 : Math.round((current.progress * steps.length) / 100);
    const next = steps[Math.min(done, steps.length - 1)]!;
    const fault = providers.faults.take(`product-${payload.operation}-${next.key}`);
    // Products have no "not yet": a stall injected for one is not a failure.
    if (typeof fault === 'string') throw new Error(fault);

    return db.transaction(async (tx) => {
      let instance = await lockInstance(tx, payload.instanceId);
      if (!instance || !runsIn[payload.operation].includes(instance.status)) return;
      if (instance.status === 'ordered') {
        instance = await setInstance(tx, instance, { status: 'provisioning', progress: 0 }, null);
      }
      const index = Math.round((instance.progress * steps.length) / 100);
      // Another run applied this step between the read and the lock.
      if (index !== done) return { rescheduleInMs: 0 };
      const ran = steps[index]!;
      if (index + 1 >= steps.length) {
        await finish(tx, instance, payload, ran.label);
        return;
      }
      await setInstance(
        tx,
        instance,
        { progress: Math.floor(((index + 1) * 100) / steps.length) },
        ran.label,
      );
      return {
        rescheduleInMs: Math.round(steps[index + 1]!.seconds * providers.simulatedSecondMs),
      };
    });
  }

  deps.jobs.register(productOperationJob, step, {
    backoffBaseMs: Math.max(5, Math.round(providers.simulatedSecondMs)),
    onGiveUp: async (raw, reason) => {
      const parsed = productOperationJob.payload.safeParse(raw);
      if (parsed.success) await fail(parsed.data, reason);
    },
  });

  /**
   * For the orders module, in the payment's transaction: a new product's order creates it
   * and its subscription and queues provisioning; a plan change's order queues its job.
   */
  async function productOrderPaid(
    tx: Tx,
    order: OrderRow,
    paidAt: Date,
  ): Promise<PaidOrderOutcome> {
    const config = order.productConfig!;
    if (order.productInstanceId) {
      const instance = await lockInstance(tx, order.productInstanceId);
      if (!instance || instance.status !== 'active') {
        await deps.orderHooks.failed(
          tx,
          order.id,
          `${config.name} is no longer active, so its plan cannot change`,
        );
        return { status: 'failed' };
      }
      const period = await deps.billingHooks.period(tx, instance.id);
      const stale =
        (config.fromPlan !== undefined && instance.plan !== config.fromPlan) ||
        (config.fromPeriodStart !== undefined &&
          period !== null &&
          period.start.toISOString() !== config.fromPeriodStart);
      if (stale) {
        // Priced from a plan or a period that is no longer the product's (a second change was
        // paid first, or the period renewed): charging it would pay for the wrong difference.
        await deps.orderHooks.failed(
          tx,
          order.id,
          `${config.name} changed plan or renewed since this order was priced: order the change again`,
        );
        return { status: 'failed' };
      }
      await setInstance(tx, instance, { status: 'updating', progress: 0 }, 'Plan change paid');
      await queueOperation(tx, {
        instanceId: instance.id,
        operation: 'update',
        plan: config.plan,
        orderId: order.id,
      });
      return {
        status: 'fulfilling',
        note: `${config.name} moves to the plan ${config.plan}: the change starts shortly`,
      };
    }
    // Placing checks the name, but two placements at once can both pass it: the second one
    // paid finds the name live and refunds its order rather than fail on the unique index.
    const [named] = await tx
      .select({ id: productInstances.id })
      .from(productInstances)
      .where(
        and(
          eq(productInstances.organizationId, order.organizationId),
          eq(productInstances.name, config.name),
          notInArray(productInstances.status, ['cancelled', 'failed']),
        ),
      );
    if (named) {
      await deps.orderHooks.failed(
        tx,
        order.id,
        `Your organization already has a product named ${config.name}`,
      );
      return { status: 'failed' };
    }
    const [instance] = await tx
      .insert(productInstances)
      .values({
        organizationId: order.organizationId,
        orderId: order.id,
        productSlug: config.product,
        plan: config.plan,
        region: config.region,
        name: config.name,
        billingCycle: order.billingCycle,
      })
      .returning();
    await deps.billingHooks.opened(tx, order, instance!.id, { plan: config.plan, paidAt });
    await queueOperation(tx, {
      instanceId: instance!.id,
      operation: 'provision',
      orderId: order.id,
    });
    await announceProduct(tx, instance!, 'Ordered');
    return { status: 'fulfilling', note: `${config.name} ordered: provisioning starts shortly` };
  }

  return {
    /** The product kind of order: once paid, a durable job of this module provisions it. */
    orderKind: {
      paid: (tx, order, { now }) => productOrderPaid(tx, order, now),
    } satisfies OrderKindHandler,

    /** Products whose order waits on a plan change, by product: their page links the order. */
    async pendingOrders(tx: Tx, organizationId: number, instanceIds: number[]) {
      if (instanceIds.length === 0) return new Map<number, number>();
      const rows = await findOrders(tx, {
        kind: 'product',
        statuses: ['pending_payment'],
        organizationId,
        productInstanceIds: instanceIds,
      });
      return new Map(rows.map((row) => [row.productInstanceId!, row.id]));
    },
  };
}
export type ProductOperations = ReturnType<typeof createProductOperations>;
