import type { CreateCreditCode, GrantCredit } from '@alpenkube/contract';
import type { Db } from '../../db/client.ts';
import type { RateLimiter } from '../rate-limit/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { createCreditCodes } from './credit-codes.ts';
import { grantCredit } from './credit-grants.ts';
import { readCredits } from './credit-ledger.ts';

/** The organization's credit balance with its history, the operators' grants and codes. */
export function createCreditService(deps: { db: Db; rateLimit: RateLimiter }) {
  const { db } = deps;
  const codes = createCreditCodes(deps);
  return {
    read: (organizationId: number) => readCredits(db, organizationId),
    grant: (operator: SessionUser, input: GrantCredit, client: ClientInfo) =>
      grantCredit(db, operator, input, client),
    codes: codes.list,
    createCode: (operator: SessionUser, input: CreateCreditCode, client: ClientInfo) =>
      codes.create(operator, input, client),
    revokeCode: codes.revoke,
    redeemCode: (member: SessionUser, code: string, client: ClientInfo) =>
      codes.redeem(member, code, client),
  };
}
export type CreditService = ReturnType<typeof createCreditService>;
