import type { AuditAction } from '@alpenkube/contract';
import { desc, eq, lt, notInArray } from 'drizzle-orm';
import {
  PRODUCT_PAGE_SIZE,
  priceProduct,
  priceProductPlanChange,
  productPlanPrice,
  type CreateProductOrder,
  type MarketplaceProduct,
  type Order,
  type ProductDetail,
  type ProductInstance,
  type ProductListQuery,
  type ProductPlanChange,
  type ProductSecret,
} from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { findUser } from '../users/index.ts';
import { marketplaceProducts, productInstances } from './schema.ts';
import { conflict, forbidden, HttpError, invalidFields, notFound } from '../../lib/http-error.ts';
import { randomToken } from '../../lib/crypto.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { OrderingGuard, OrderService } from '../orders/index.ts';
import type { CatalogService } from '../platform/index.ts';
import type { RateLimiter } from '../rate-limit/index.ts';
import { recordAudit } from '../audit/index.ts';
import { passwordMatches } from '../auth/index.ts';
import { orderNumber } from '../orders/index.ts';
import { assertResidencyAllows } from '../organizations/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { findProductPlan, PRODUCT_CATALOG } from './product-catalog.ts';
import {
  openPlanChangeOrder,
  openProductOrderNamed,
  placeProductOrder,
  type ProductOrderInput,
  type ProductOrderOptions,
} from './product-orders.ts';
import { productUsage } from './product-driver.ts';
import type { ProductBillingHooks } from './product-hooks.ts';
import { queueOperation, setInstance, type ProductOperations } from './product-operations.ts';
import { assertProductActive, assertProductTransition } from './product-states.ts';
import { toMarketplaceProduct, toProductInstance, type InstanceRow } from './product-view.ts';

const nameTaken = (name: string) =>
  new HttpError(
    409,
    `Your organization already has a product named ${name}, or an open order for one: choose another name.`,
    {},
    [{ path: ['name'], message: `The name ${name} is taken` }],
  );

const cents = (plan: { priceMonthlyCents: number; priceYearlyCents: number }) => ({
  priceMonthly: plan.priceMonthlyCents,
  priceYearly: plan.priceYearlyCents,
});

/**
 * The marketplace: its catalog, an organization's products, their secrets, plan changes and
 * cancellations. Its orders are placed here, written by the orders module and paid like any order.
 */
export function createProductService(
  deps: Pick<Infrastructure, 'db' | 'sealer' | 'passwords'> & {
    catalog: CatalogService;
    orders: OrderService;
    /** Billing's: it owns the suspension of ordering for overdue renewals. */
    assertOrderingAllowed: OrderingGuard;
    rateLimit: RateLimiter;
  } & {
    operations: ProductOperations;
    billingHooks: ProductBillingHooks;
  },
) {
  const { db, sealer } = deps;
  const catalogNow = async () => (await deps.catalog.catalog()).value;
  /** Every product order, new or a plan change, is placed in a region the policy allows. */
  const placeOrder = async (
    actor: SessionUser,
    input: ProductOrderInput,
    client: ClientInfo,
    options?: ProductOrderOptions,
  ) => {
    const [provider = '', region = ''] = input.config.region.split(':');
    await assertResidencyAllows(db, actor.organizationId, await catalogNow(), {
      provider,
      region,
    });
    return placeProductOrder(db, deps.assertOrderingAllowed, actor, input, client, options);
  };

  async function findInstance(
    tx: Tx | typeof db,
    organizationId: number,
    id: number,
    lock = false,
  ) {
    const query = tx
      .select()
      .from(productInstances)
      .where(inOrganization(productInstances, organizationId, eq(productInstances.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('Product not found');
    return row;
  }

  async function detail(row: InstanceRow): Promise<ProductDetail> {
    const catalog = await catalogNow();
    const [period, pending] = await db.transaction(async (tx) => [
      await deps.billingHooks.period(tx, row.id),
      await deps.operations.pendingOrders(tx, row.organizationId, [row.id]),
    ]);
    const product = PRODUCT_CATALOG.find((candidate) => candidate.slug === row.productSlug);
    const planIndex = product?.plans.findIndex((plan) => plan.slug === row.plan) ?? 0;
    const live = ['active', 'updating'].includes(row.status);
    return {
      ...toProductInstance(row, catalog),
      period: period
        ? { start: period.start.toISOString(), end: period.end.toISOString(), price: period.price }
        : null,
      cancelCredit: row.status === 'active' ? (period?.cancelCredit ?? 0) : 0,
      pendingOrderId: pending.get(row.id) ?? null,
      usage: live ? productUsage({ id: row.id, product: row.productSlug, planIndex }) : [],
    };
  }

  const audit = (
    tx: Tx,
    actor: SessionUser,
    client: ClientInfo,
    action: AuditAction,
    targetId: number,
    details?: Record<string, unknown>,
  ) =>
    recordAudit(tx, {
      action,
      outcome: 'success',
      actorUserId: actor.id,
      organizationId: actor.organizationId,
      targetType: 'product',
      targetId,
      ip: client.ip,
      userAgent: client.userAgent,
      details,
    });

  /** A stolen session is not the password: a secret shown before needs it again. */
  async function requirePassword(
    actor: SessionUser,
    password: string | undefined,
    client: ClientInfo,
  ) {
    if (!password) {
      throw forbidden('This secret was shown once already: enter your password to see it again.');
    }
    const user = await findUser(db, actor.id);
    if (!user || !(await passwordMatches(deps, user, password, client.ip))) {
      throw forbidden('The password is not correct.');
    }
  }

  return {
    /** The marketplace table as synchronised at start, with its regions named. */
    async catalog(): Promise<MarketplaceProduct[]> {
      const [rows, catalog] = await Promise.all([
        db.select().from(marketplaceProducts).orderBy(marketplaceProducts.sortOrder),
        catalogNow(),
      ]);
      return rows.map((row) =>
        toMarketplaceProduct(
          { ...row, category: row.category as MarketplaceProduct['category'] },
          catalog,
        ),
      );
    },

    async list(organizationId: number, query: ProductListQuery): Promise<ProductInstance[]> {
      const catalog = await catalogNow();
      const rows = await db
        .select()
        .from(productInstances)
        .where(
          inOrganization(
            productInstances,
            organizationId,
            query.before ? lt(productInstances.id, Number(query.before)) : undefined,
          ),
        )
        .orderBy(desc(productInstances.id))
        .limit(Number(query.limit ?? PRODUCT_PAGE_SIZE));
      return rows.map((row) => toProductInstance(row, catalog));
    },

    async get(organizationId: number, id: number) {
      return detail(await findInstance(db, organizationId, id));
    },

    /** Prices the choice from the catalog and places the order to pay. */
    async order(
      actor: SessionUser,
      input: CreateProductOrder,
      idempotencyKey: string,
      client: ClientInfo,
    ): Promise<{ order: Order; replayed: boolean }> {
      const product = PRODUCT_CATALOG.find((candidate) => candidate.slug === input.product);
      if (!product) {
        throw invalidFields([
          { path: ['product'], message: `There is no product ${input.product}` },
        ]);
      }
      const plan = product.plans.find((candidate) => candidate.slug === input.plan);
      if (!plan) {
        throw invalidFields([
          {
            path: ['plan'],
            message: `${product.name} has no plan ${input.plan}: choose ${product.plans.map((p) => p.slug).join(', ')}`,
          },
        ]);
      }
      if (!product.regions.includes(input.region)) {
        throw invalidFields([
          { path: ['region'], message: `${product.name} is not offered in ${input.region}` },
        ]);
      }
      const { lines, total } = priceProduct(
        product,
        { ...plan, ...cents(plan) },
        input.billingCycle,
      );
      const { organizationId } = actor;
      const placed = await placeOrder(
        actor,
        {
          config: {
            product: product.slug,
            plan: plan.slug,
            region: input.region,
            name: input.name,
          },
          billingCycle: input.billingCycle,
          description: `${product.name} ${input.name}: ${plan.name}`,
          lines,
          totalCents: total,
          promoCode: input.promoCode,
        },
        client,
        {
          idempotencyKey,
          request: input,
          check: async (tx) => {
            const [live] = await tx
              .select({ id: productInstances.id })
              .from(productInstances)
              .where(
                inOrganization(
                  productInstances,
                  organizationId,
                  eq(productInstances.name, input.name),
                  notInArray(productInstances.status, ['cancelled', 'failed']),
                ),
              );
            if (live || (await openProductOrderNamed(tx, organizationId, input.name))) {
              throw nameTaken(input.name);
            }
          },
        },
      );
      return {
        order: await deps.orders.get(organizationId, placed.orderId),
        replayed: placed.replayed,
      };
    },

    /**
     * The secret in clear: without a password only while it was never shown (this reveal marks
     * it shown), afterwards only with the user's password. Every reveal is audited.
     */
    async revealSecret(
      actor: SessionUser,
      id: number,
      password: string | undefined,
      client: ClientInfo,
    ): Promise<ProductSecret> {
      const before = await findInstance(db, actor.organizationId, id);
      if (!before.secretCiphertext) {
        throw conflict(
          `${before.name} has no secret yet: it is issued once the product is active.`,
        );
      }
      // Checked before the transaction: the embedded database's one connection is the
      // transaction's, and the check reads the user and the rate limits.
      const verified = Boolean(before.secretShownAt) || password !== undefined;
      if (verified) await requirePassword(actor, password, client);
      return db.transaction(async (tx) => {
        const row = await findInstance(tx, actor.organizationId, id, true);
        const first = row.secretShownAt === null;
        // Another reveal took the one without a password in the meantime.
        if (!first && !verified) await requirePassword(actor, undefined, client);
        if (first) {
          await tx
            .update(productInstances)
            .set({ secretShownAt: new Date() })
            .where(eq(productInstances.id, id));
        }
        await audit(tx, actor, client, 'product.secret.reveal', id, {
          version: row.secretVersion,
          first,
        });
        return {
          secret: sealer.open(row.secretCiphertext!),
          version: row.secretVersion,
          firstReveal: first,
        };
      });
    },

    async rotateSecret(actor: SessionUser, id: number, client: ClientInfo) {
      const rotated = await db.transaction(async (tx) => {
        const row = await findInstance(tx, actor.organizationId, id, true);
        assertProductActive(row, 'rotate the secret of');
        const updated = await setInstance(
          tx,
          row,
          {
            secretCiphertext: sealer.seal(randomToken(24)),
            secretVersion: row.secretVersion + 1,
            // A secret that was shown stays behind the password once rotated: a session alone
            // (a stolen one) must not get a working credential by rotating, then revealing.
            secretShownAt: row.secretShownAt === null ? null : new Date(),
            secretRotatedAt: new Date(),
          },
          'Secret rotated',
        );
        await audit(tx, actor, client, 'product.secret.rotate', id, {
          version: updated.secretVersion,
        });
        return updated;
      });
      return detail(rotated);
    },

    /**
     * An upgrade is an order for the prorated difference to the period's end (paying it runs
     * the change); a downgrade runs at once and credits the prorated difference when done.
     */
    async changePlan(
      actor: SessionUser,
      id: number,
      planSlug: string,
      client: ClientInfo,
    ): Promise<ProductPlanChange> {
      const row = await findInstance(db, actor.organizationId, id);
      const target = findProductPlan(row.productSlug, planSlug);
      if (!target) {
        throw invalidFields([{ path: ['plan'], message: `This product has no plan ${planSlug}` }]);
      }
      const current = findProductPlan(row.productSlug, row.plan);
      assertProductActive(row, 'change the plan of');
      if (row.plan === planSlug) throw conflict(`${row.name} already runs on ${target.plan.name}.`);
      const pending = await db.transaction((tx) =>
        openPlanChangeOrder(tx, actor.organizationId, id),
      );
      if (pending) {
        throw conflict(
          `Order ${orderNumber(pending)} already changes the plan of ${row.name}: pay or cancel it first.`,
        );
      }
      const period = await db.transaction((tx) => deps.billingHooks.period(tx, id));
      const toPeriodPrice = productPlanPrice(
        { ...target.plan, ...cents(target.plan) },
        row.billingCycle,
      );
      const change = priceProductPlanChange({
        fromPeriodPrice: period?.price ?? 0,
        toPeriodPrice,
        hoursLeft: period?.hoursLeft ?? 0,
        periodHours: period?.hours ?? 1,
      });
      const upgrade = toPeriodPrice > (period?.price ?? 0);

      if (upgrade) {
        const { lines } = priceProduct(
          target.product,
          { ...target.plan, ...cents(target.plan) },
          row.billingCycle,
        );
        const placed = await placeOrder(
          actor,
          {
            config: {
              product: row.productSlug,
              plan: planSlug,
              region: row.region,
              name: row.name,
              fromPlan: row.plan,
              ...(period ? { fromPeriodStart: period.start.toISOString() } : {}),
            },
            billingCycle: row.billingCycle,
            description: `${target.product.name} ${row.name}: ${current?.plan.name ?? row.plan} to ${target.plan.name}, prorated to ${period?.end.toISOString().slice(0, 10) ?? 'the period end'}`,
            lines: lines.map((line) => ({
              ...line,
              description: `${line.description}, prorated for ${period?.hoursLeft ?? 0} of ${period?.hours ?? 0} hours`,
            })),
            totalCents: change.charge,
            productInstanceId: id,
          },
          client,
        );
        await db.transaction((tx) =>
          audit(tx, actor, client, 'product.plan.change', id, {
            from: row.plan,
            to: planSlug,
            orderId: placed.orderId,
          }),
        );
        return {
          product: await detail(row),
          order: await deps.orders.get(actor.organizationId, placed.orderId),
          credit: 0,
        };
      }

      const updated = await db.transaction(async (tx) => {
        const locked = await findInstance(tx, actor.organizationId, id, true);
        assertProductTransition(locked, 'updating');
        const next = await setInstance(
          tx,
          locked,
          { status: 'updating', progress: 0, statusReason: null },
          `Moving to ${target.plan.name}`,
        );
        await queueOperation(tx, {
          instanceId: id,
          operation: 'update',
          plan: planSlug,
          credit: change.credit,
        });
        await audit(tx, actor, client, 'product.plan.change', id, {
          from: row.plan,
          to: planSlug,
          credit: change.credit,
        });
        return next;
      });
      return { product: await detail(updated), order: null, credit: change.credit };
    },

    /** Cancels an active product: a job tears it down, then the unused prepaid part is credited. */
    async cancel(actor: SessionUser, id: number, client: ClientInfo) {
      const updated = await db.transaction(async (tx) => {
        const row = await findInstance(tx, actor.organizationId, id, true);
        assertProductTransition(row, 'cancelling');
        const next = await setInstance(
          tx,
          row,
          { status: 'cancelling', progress: 0 },
          'Cancellation requested',
        );
        await queueOperation(tx, { instanceId: id, operation: 'cancel' });
        await audit(tx, actor, client, 'product.cancel', id, { name: row.name });
        return next;
      });
      return detail(updated);
    },
  };
}
export type ProductService = ReturnType<typeof createProductService>;
