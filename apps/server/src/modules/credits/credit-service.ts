import type { GrantCredit } from '@alpenkube/contract';
import type { Db } from '../../db/client.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { grantCredit } from './credit-grants.ts';
import { readCredits } from './credit-ledger.ts';

/** The organization's credit balance with its history, and the operators' grants. */
export function createCreditService(deps: { db: Db }) {
  const { db } = deps;
  return {
    read: (organizationId: number) => readCredits(db, organizationId),
    grant: (operator: SessionUser, input: GrantCredit, client: ClientInfo) =>
      grantCredit(db, operator, input, client),
  };
}
export type CreditService = ReturnType<typeof createCreditService>;
