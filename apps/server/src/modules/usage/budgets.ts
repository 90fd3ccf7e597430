import { and, eq, sql } from 'drizzle-orm';
import type { Budget } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { budgetAlerts, budgets } from './schema.ts';
import { dollars } from '../../lib/money.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { recordAudit } from '../audit/index.ts';
import { notifyOrganizationAdmins } from '../notifications/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { monthOf, monthToDate } from './month-to-date.ts';
import type { BillingReads } from './billing-reads.ts';

const monthName = (start: Date) =>
  start.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The alert's words: the highest threshold it crossed, the budget, the spend so far. */
export function budgetAlertText(
  threshold: number,
  amountCents: number,
  spentCents: number,
  monthStart: Date,
  publicUrl: string,
) {
  const subject = `Budget alert: ${threshold}% of your ${dollars(amountCents)} monthly budget used`;
  const month = monthName(monthStart);
  return {
    subject,
    message: `${subject} (${dollars(spentCents)} so far in ${month}).`,
    text:
      `Your organization has spent ${dollars(spentCents)} so far in ${month}: paid orders, ` +
      `renewals and metered usage. That is ${threshold}% or more of its monthly budget of ` +
      `${dollars(amountCents)}.\n\nSee where it goes, or change the budget, on ` +
      `${publicUrl}/billing\n\nThe Alpenkube team`,
  };
}

/**
 * An organization's monthly budget and its alerts. Month-to-date spend crossing a threshold
 * inserts the alert's row (organization, month, threshold: its primary key) and, only when that
 * insert wrote it, notifies and mails the admins in the same transaction: however many
 * instances check at once, an alert goes out once.
 */
export function createBudgets(
  deps: Pick<Infrastructure, 'db' | 'config'> & { billingReads: BillingReads },
) {
  const { db } = deps;

  async function read(source: DbOrTx, organizationId: number, now: Date): Promise<Budget> {
    const month = monthOf(now);
    const [[budget], alerts] = await Promise.all([
      source.select().from(budgets).where(eq(budgets.organizationId, organizationId)),
      source
        .select({ threshold: budgetAlerts.threshold, at: budgetAlerts.createdAt })
        .from(budgetAlerts)
        .where(
          and(eq(budgetAlerts.organizationId, organizationId), eq(budgetAlerts.month, month.key)),
        )
        .orderBy(budgetAlerts.threshold),
    ]);
    return {
      amount: budget?.amountCents ?? null,
      thresholds: budget?.thresholds ?? [],
      alerts: alerts.map((alert) => ({ threshold: alert.threshold, at: alert.at.toISOString() })),
    };
  }

  /** The organization's budget and thresholds, or null without one. */
  async function budgetOf(organizationId: number) {
    const [budget] = await db
      .select({ amount: budgets.amountCents, thresholds: budgets.thresholds })
      .from(budgets)
      .where(eq(budgets.organizationId, organizationId));
    return budget ?? null;
  }

  /** Sends the alerts of the thresholds crossed and not sent yet this month; answers them. */
  async function check(organizationId: number, now = new Date()): Promise<number[]> {
    const [budget] = await db
      .select()
      .from(budgets)
      .where(eq(budgets.organizationId, organizationId));
    if (!budget) return [];
    const spent = await monthToDate(db, deps.billingReads, organizationId, now);
    const { month } = spent;
    const crossed = budget.thresholds.filter(
      (threshold) => spent.total * 100 >= budget.amountCents * threshold,
    );
    if (crossed.length === 0) return [];
    const sent = await db
      .select({ threshold: budgetAlerts.threshold })
      .from(budgetAlerts)
      .where(
        and(eq(budgetAlerts.organizationId, organizationId), eq(budgetAlerts.month, month.key)),
      );
    const fresh = crossed.filter((threshold) => !sent.some((row) => row.threshold === threshold));
    if (fresh.length === 0) return [];
    return db.transaction(async (tx) => {
      const inserted = await tx
        .insert(budgetAlerts)
        .values(
          fresh.map((threshold) => ({
            organizationId,
            month: month.key,
            threshold,
            spentCents: spent.total,
          })),
        )
        .onConflictDoNothing()
        .returning({ threshold: budgetAlerts.threshold });
      if (inserted.length === 0) return [];
      const top = Math.max(...inserted.map((row) => row.threshold));
      const words = budgetAlertText(
        top,
        budget.amountCents,
        spent.total,
        month.start,
        deps.config.publicUrl,
      );
      await notifyOrganizationAdmins(
        tx,
        organizationId,
        top >= 100 ? 'error' : 'warning',
        words.message,
        { category: 'budget', subject: words.subject, text: words.text },
      );
      return inserted.map((row) => row.threshold).sort((a, b) => a - b);
    });
  }

  return {
    read: (organizationId: number, now = new Date()) => read(db, organizationId, now),
    budgetOf,

    check,

    /** Every organization with a budget; one that fails does not stop the others. */
    async checkAll(now = new Date()) {
      const rows = await db.select({ id: budgets.organizationId }).from(budgets);
      const failures: unknown[] = [];
      for (const { id } of rows) {
        try {
          await check(id, now);
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length === 1) throw failures[0];
      if (failures.length > 1) throw new AggregateError(failures, 'Budget checks failed');
    },

    /**
     * Sets (or, with `amount: null`, removes) the budget. This month's alerts that the new
     * amount no longer reaches are forgotten, so they go out again when the spend gets there;
     * the thresholds already crossed alert at once.
     */
    async update(
      actor: SessionUser,
      client: ClientInfo,
      body: { amount: number | null; thresholds: number[] },
      now = new Date(),
    ): Promise<Budget> {
      const organizationId = actor.organizationId;
      const spent = await monthToDate(db, deps.billingReads, organizationId, now);
      await db.transaction(async (tx) => {
        if (body.amount === null) {
          await tx.delete(budgets).where(eq(budgets.organizationId, organizationId));
        } else {
          const values = { amountCents: body.amount, thresholds: body.thresholds, updatedAt: now };
          await tx
            .insert(budgets)
            .values({ organizationId, ...values })
            .onConflictDoUpdate({ target: budgets.organizationId, set: values });
          await tx
            .delete(budgetAlerts)
            .where(
              and(
                eq(budgetAlerts.organizationId, organizationId),
                eq(budgetAlerts.month, spent.month.key),
                sql`${spent.total * 100}::bigint < ${body.amount}::bigint * ${budgetAlerts.threshold}`,
              ),
            );
        }
        await recordAudit(tx, {
          action: body.amount === null ? 'billing.budget.remove' : 'billing.budget.update',
          outcome: 'success',
          actorUserId: actor.id,
          organizationId,
          targetType: 'organization',
          targetId: organizationId,
          ip: client.ip,
          userAgent: client.userAgent,
          details: body.amount === null ? {} : { amount: body.amount, thresholds: body.thresholds },
        });
      });
      if (body.amount !== null) await check(organizationId, now);
      return read(db, organizationId, now);
    },
  };
}

export type Budgets = ReturnType<typeof createBudgets>;
