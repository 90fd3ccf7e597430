import { desc, eq, sql } from 'drizzle-orm';
import type { CreateCreditCode, CreditCode, CreditEntry } from '@alpenkube/contract';
import { createCreditCodeSchema } from '@alpenkube/contract';
import type { Db } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { dollars } from '../../lib/money.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/index.ts';
import { notifyOrganizationAdmins } from '../notifications/index.ts';
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { moveCredit } from './credit-ledger.ts';
import { creditCodeRedemptions, creditCodes } from './schema.ts';

/** Wrong codes an organization may type in an hour, across instances: codes are not guessed. */
export const creditCodeGuessRule: RateLimitRule = {
  bucket: 'credit-code-guess',
  limit: 10,
  windowMs: 60 * 60_000,
  message: 'Too many codes that do not exist: try again in {minutes} minutes.',
};

type CodeRow = typeof creditCodes.$inferSelect;

const toCreditCode = (row: CodeRow): CreditCode => ({
  id: row.id,
  code: row.code,
  amount: row.amountCents,
  description: row.description,
  expiresOn: row.expiresOn,
  maxRedemptions: row.maxRedemptions,
  redemptions: row.redemptions,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

/** Codes platform operators issue, and organizations redeem once each for credit. */
export function createCreditCodes(deps: { db: Db; rateLimit: RateLimiter }) {
  const { db, rateLimit } = deps;

  return {
    async list(): Promise<CreditCode[]> {
      const rows = await db
        .select()
        .from(creditCodes)
        .orderBy(desc(creditCodes.createdAt), desc(creditCodes.id))
        .limit(200);
      return rows.map(toCreditCode);
    },

    async create(
      operator: SessionUser,
      input: CreateCreditCode,
      client: ClientInfo,
      now = new Date(),
    ): Promise<CreditCode> {
      const code = createCreditCodeSchema.parse(input);
      if (code.expiresOn < todayUtc(now)) throw badRequest('The last day has already passed');
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(creditCodes)
            .values({
              code: code.code,
              amountCents: code.amount,
              description: code.description,
              expiresOn: code.expiresOn,
              maxRedemptions: code.maxRedemptions,
              createdBy: operator.id,
            })
            .returning();
          await recordAudit(tx, {
            action: 'billing.credit_code_create',
            outcome: 'success',
            actorUserId: operator.id,
            organizationId: operator.organizationId,
            targetType: 'credit_code',
            targetId: row!.id,
            ip: client.ip,
            userAgent: client.userAgent,
            details: { amountCents: code.amount, maxRedemptions: code.maxRedemptions },
          });
          return toCreditCode(row!);
        });
      } catch (error) {
        if (uniqueViolation(error)) throw conflict('A code with these characters exists already');
        throw error;
      }
    },

    async revoke(operator: SessionUser, id: number, client: ClientInfo): Promise<CreditCode> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(creditCodes)
          .set({ revokedAt: sql`coalesce(${creditCodes.revokedAt}, now())` })
          .where(eq(creditCodes.id, id))
          .returning();
        if (!row) throw notFound('No such credit code');
        await recordAudit(tx, {
          action: 'billing.credit_code_revoke',
          outcome: 'success',
          actorUserId: operator.id,
          organizationId: operator.organizationId,
          targetType: 'credit_code',
          targetId: id,
          ip: client.ip,
          userAgent: client.userAgent,
        });
        return toCreditCode(row);
      });
    },

    /**
     * Redeems the code for the member's organization: the code's row locked, so its last use
     * goes to one organization only, and the redemption's primary key, so an organization
     * redeems it once whoever asks and however often.
     */
    async redeem(
      member: SessionUser,
      typed: string,
      client: ClientInfo,
      now = new Date(),
    ): Promise<CreditEntry> {
      const key = [`organization:${member.organizationId}`];
      await rateLimit.check(creditCodeGuessRule, key);
      const code = typed.trim().toUpperCase();
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(creditCodes)
          .where(eq(creditCodes.code, code))
          .for('update');
        if (!row) return null;
        if (row.revokedAt || row.expiresOn < todayUtc(now)) {
          throw conflict('This code has expired');
        }
        const [already] = await tx
          .select({ at: creditCodeRedemptions.createdAt })
          .from(creditCodeRedemptions)
          .where(
            sql`${creditCodeRedemptions.codeId} = ${row.id} and ${creditCodeRedemptions.organizationId} = ${member.organizationId}`,
          );
        if (already) throw conflict('Your organization has already redeemed this code');
        if (row.redemptions >= row.maxRedemptions) {
          throw conflict('This code has been used as many times as it may be');
        }
        const entry = await moveCredit(tx, {
          organizationId: member.organizationId,
          kind: 'code',
          amountCents: row.amountCents,
          description: `${row.description} (code ${row.code})`,
          actorUserId: member.id,
        });
        await tx.insert(creditCodeRedemptions).values({
          codeId: row.id,
          organizationId: member.organizationId,
          userId: member.id,
          creditTransactionId: entry!.id,
        });
        await tx
          .update(creditCodes)
          .set({ redemptions: sql`${creditCodes.redemptions} + 1` })
          .where(eq(creditCodes.id, row.id));
        await recordAudit(tx, {
          action: 'billing.credit_code_redeem',
          outcome: 'success',
          actorUserId: member.id,
          organizationId: member.organizationId,
          targetType: 'credit_code',
          targetId: row.id,
          ip: client.ip,
          userAgent: client.userAgent,
          details: { amountCents: row.amountCents, creditTransactionId: entry!.id },
        });
        await notifyOrganizationAdmins(
          tx,
          member.organizationId,
          'success',
          `${dollars(row.amountCents)} of credit was added to your balance with the code ${row.code}`,
        );
        return entry!;
      });
      if (outcome) return outcome;
      // Only a code that does not exist counts as a guess.
      await rateLimit.record(creditCodeGuessRule, key);
      throw notFound('This code does not exist');
    },
  };
}
