import { desc, eq, isNull, ne, type SQL } from 'drizzle-orm';
import {
  hasExpired,
  type AddPaymentMethod,
  type PaymentGatewayInfo,
  type PaymentMethod,
} from '@alpenkube/contract';
import { paymentMethods } from './schema.ts';
import type { Tx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { recordUserAudit } from '../audit/index.ts';
import { lockOrganization } from '../organizations/index.ts';
import type { ClientInfo } from '../sessions/index.ts';

type Row = typeof paymentMethods.$inferSelect;

/** Who changes an organization's cards: a member acting for it. */
export interface PaymentActor {
  id: number;
  organizationId: number;
}

/** What the orders module needs to charge a saved card. */
export interface CardForPayment {
  id: number;
  gatewayToken: string;
  brand: string;
  last4: string;
}

export const INVALID_TOKEN_MESSAGE = 'This card token is not valid: add the card again.';
export const EXPIRED_CARD_MESSAGE = 'Your card has expired.';
export const TOKEN_USED_MESSAGE = 'This card is already saved: add it again to get a new token.';
export const NOT_FOUND_MESSAGE = 'Payment method not found';

export function toPaymentMethod(row: Row): PaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    gateway: row.gateway,
    createdAt: row.createdAt.toISOString(),
  };
}

const live = (organizationId: number, ...conditions: (SQL | undefined)[]) =>
  inOrganization(paymentMethods, organizationId, isNull(paymentMethods.removedAt), ...conditions);

/**
 * An organization's saved cards: tokens of the payment gateway with what identifies the card,
 * never a number. Every change runs in one transaction that first locks the organization's
 * row, so two changes of one organization's cards (two first cards, a removal racing a new
 * default) happen one after the other and leave exactly one default while any card remains.
 */
export function createPaymentMethodService(
  deps: Pick<Infrastructure, 'db'> & {
    paymentGateway: PaymentGateway;
    /**
     * Whether the organization has clusters that renew (neither failed nor deleted): the
     * clusters module's, given by the composition root (clusters depend on this module).
     */
    hasClusters: (tx: Tx, organizationId: number) => Promise<boolean>;
  },
) {
  const { db, paymentGateway: gateway } = deps;

  /** The newest card left becomes the default when there is none. */
  async function ensureDefault(tx: Tx, organizationId: number) {
    const [current] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(live(organizationId, eq(paymentMethods.isDefault, true)));
    if (current) return;
    const [newest] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(live(organizationId))
      .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
      .limit(1);
    if (newest) {
      await tx
        .update(paymentMethods)
        .set({ isDefault: true })
        .where(eq(paymentMethods.id, newest.id));
    }
  }

  async function clearDefault(tx: Tx, organizationId: number, except?: number) {
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(
        inOrganization(
          paymentMethods,
          organizationId,
          eq(paymentMethods.isDefault, true),
          except === undefined ? undefined : ne(paymentMethods.id, except),
        ),
      );
  }

  return {
    gatewayInfo(): PaymentGatewayInfo {
      return {
        gateway: gateway.name,
        testMode: gateway.testMode,
        tokenizeUrl: gateway.tokenizeUrl,
        testCards: gateway.testCards.map(({ number, brand, behaviour }) => ({
          number,
          brand,
          behaviour,
        })),
      };
    },

    /** Cards not removed: the default first, then the newest. */
    async list(organizationId: number): Promise<PaymentMethod[]> {
      const rows = await db
        .select()
        .from(paymentMethods)
        .where(live(organizationId))
        .orderBy(
          desc(paymentMethods.isDefault),
          desc(paymentMethods.createdAt),
          desc(paymentMethods.id),
        );
      return rows.map(toPaymentMethod);
    },

    /**
     * Saves the card a gateway token stands for. The organization's first card becomes its
     * default, as does one added with `makeDefault`. A token saves one card, once.
     */
    async add(
      actor: PaymentActor,
      input: AddPaymentMethod,
      client: ClientInfo,
    ): Promise<{ method: PaymentMethod; created: boolean }> {
      const card = await gateway.describeToken(input.token);
      if (!card) throw badRequest(INVALID_TOKEN_MESSAGE);
      if (hasExpired(card.expMonth, card.expYear)) throw badRequest(EXPIRED_CARD_MESSAGE);
      try {
        return await db.transaction(async (tx) => {
          await lockOrganization(tx, actor.organizationId);
          // The same card typed in again (after a decline, say) is the card already saved.
          const [saved] = await tx
            .select()
            .from(paymentMethods)
            .where(
              live(
                actor.organizationId,
                eq(paymentMethods.gateway, gateway.name),
                eq(paymentMethods.fingerprint, card.fingerprint),
              ),
            );
          if (saved) {
            if (!input.makeDefault || saved.isDefault) {
              return { method: toPaymentMethod(saved), created: false };
            }
            await clearDefault(tx, actor.organizationId);
            const [made] = await tx
              .update(paymentMethods)
              .set({ isDefault: true })
              .where(eq(paymentMethods.id, saved.id))
              .returning();
            return { method: toPaymentMethod(made!), created: false };
          }
          const [existingDefault] = await tx
            .select({ id: paymentMethods.id })
            .from(paymentMethods)
            .where(live(actor.organizationId, eq(paymentMethods.isDefault, true)));
          const isDefault = Boolean(input.makeDefault) || !existingDefault;
          if (isDefault) await clearDefault(tx, actor.organizationId);
          const [row] = await tx
            .insert(paymentMethods)
            .values({
              organizationId: actor.organizationId,
              gateway: gateway.name,
              gatewayToken: input.token,
              brand: card.brand,
              last4: card.last4,
              expMonth: card.expMonth,
              expYear: card.expYear,
              fingerprint: card.fingerprint,
              isDefault,
              addedBy: actor.id,
            })
            .returning();
          await recordUserAudit(tx, {
            user: actor,
            client,
            action: 'payment_method.add',
            outcome: 'success',
            details: { paymentMethodId: row!.id, brand: card.brand, last4: card.last4, isDefault },
          });
          return { method: toPaymentMethod(row!), created: true };
        });
      } catch (error) {
        if (uniqueViolation(error)?.constraint === 'payment_methods_gateway_token_key') {
          throw conflict(TOKEN_USED_MESSAGE);
        }
        throw error;
      }
    },

    /**
     * Hides a card (payments keep pointing at it); when it was the default, the newest card
     * left takes its place.
     */
    async remove(actor: PaymentActor, id: number, client: ClientInfo): Promise<void> {
      await db.transaction(async (tx) => {
        await lockOrganization(tx, actor.organizationId);
        const [row] = await tx
          .update(paymentMethods)
          .set({ removedAt: new Date(), isDefault: false })
          .where(live(actor.organizationId, eq(paymentMethods.id, id)))
          .returning();
        if (!row) throw notFound(NOT_FOUND_MESSAGE);
        // Renewals charge the card: an organization with clusters keeps at least one.
        const [left] = await tx
          .select({ id: paymentMethods.id })
          .from(paymentMethods)
          .where(live(actor.organizationId))
          .limit(1);
        if (!left) {
          if (await deps.hasClusters(tx, actor.organizationId)) {
            throw conflict(
              'This is the last card of an organization with clusters: their renewals are charged to it. Add another card first.',
            );
          }
        }
        await ensureDefault(tx, actor.organizationId);
        await recordUserAudit(tx, {
          user: actor,
          client,
          action: 'payment_method.remove',
          outcome: 'success',
          details: { paymentMethodId: id, brand: row.brand, last4: row.last4 },
        });
      });
    },

    /** Makes a card the default; the old default stops being one in the same transaction. */
    async setDefault(actor: PaymentActor, id: number, client: ClientInfo): Promise<PaymentMethod> {
      return db.transaction(async (tx) => {
        await lockOrganization(tx, actor.organizationId);
        const [target] = await tx
          .select({ id: paymentMethods.id })
          .from(paymentMethods)
          .where(live(actor.organizationId, eq(paymentMethods.id, id)));
        if (!target) throw notFound(NOT_FOUND_MESSAGE);
        await clearDefault(tx, actor.organizationId, id);
        const [row] = await tx
          .update(paymentMethods)
          .set({ isDefault: true })
          .where(live(actor.organizationId, eq(paymentMethods.id, id)))
          .returning();
        await recordUserAudit(tx, {
          user: actor,
          client,
          action: 'payment_method.set_default',
          outcome: 'success',
          details: { paymentMethodId: id },
        });
        return toPaymentMethod(row!);
      });
    },

    /**
     * The card to charge: the one named (404 when it is removed or another organization's),
     * else the organization's default, else null (no card saved).
     */
    async forPayment(
      organizationId: number,
      paymentMethodId?: number,
    ): Promise<CardForPayment | null> {
      const columns = {
        id: paymentMethods.id,
        gatewayToken: paymentMethods.gatewayToken,
        brand: paymentMethods.brand,
        last4: paymentMethods.last4,
      };
      if (paymentMethodId !== undefined) {
        const [row] = await db
          .select(columns)
          .from(paymentMethods)
          .where(live(organizationId, eq(paymentMethods.id, paymentMethodId)));
        if (!row) throw notFound(NOT_FOUND_MESSAGE);
        return row;
      }
      const [row] = await db
        .select(columns)
        .from(paymentMethods)
        .where(live(organizationId, eq(paymentMethods.isDefault, true)));
      return row ?? null;
    },
  };
}
export type PaymentMethodService = ReturnType<typeof createPaymentMethodService>;
