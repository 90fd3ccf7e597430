import { eq } from 'drizzle-orm';
import {
  DOMAIN_RECORD_PREFIX,
  DOMAIN_TOKEN_PREFIX,
  residencyPolicyLabels,
  type DomainCheck,
  type OrganizationDomain,
  type OrganizationResidency,
  type ResidencyPolicy,
} from '@alpenkube/contract';
import { organizations } from '../organizations/schema.ts';
import { companyDomain, newDomainToken } from '../organizations/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import type { TxtLookup } from './domain-lookup.ts';
import { auditChange, isSuperAdmin, targetOrganizationOf } from './member-view.ts';

type OrganizationRow = typeof organizations.$inferSelect;

/**
 * The organization an admin's request is about. An admin who names another organization than
 * their own is answered 404, as for any other organization's data; a super admin names any.
 */
function organizationOf(actor: SessionUser, organizationId?: number): number {
  if (
    !isSuperAdmin(actor) &&
    organizationId !== undefined &&
    organizationId !== actor.organizationId
  )
    throw notFound('Organization not found');
  return targetOrganizationOf(actor, organizationId);
}

async function loadOrganization(db: DbOrTx, id: number, lock = false): Promise<OrganizationRow> {
  const query = db.select().from(organizations).where(eq(organizations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Organization not found');
  return row;
}

/**
 * What an organization's admins set about the organization itself, besides its people: where
 * its data may live (the residency policy) and the proof of its e-mail domain.
 */
export function createOrganizationSettings(deps: Pick<Infrastructure, 'db'> & { txt: TxtLookup }) {
  const { db, txt } = deps;

  const residencyOf = (row: OrganizationRow): OrganizationResidency => ({
    organizationId: row.id,
    organizationName: row.name,
    policy: row.residencyPolicy,
  });

  const domainOf = (row: OrganizationRow): OrganizationDomain => ({
    organizationId: row.id,
    domain: row.emailDomain,
    verifiedAt: row.domainVerifiedAt?.toISOString() ?? null,
    record:
      row.emailDomain && row.domainToken
        ? {
            name: `${DOMAIN_RECORD_PREFIX}.${row.emailDomain}`,
            type: 'TXT',
            value: `${DOMAIN_TOKEN_PREFIX}${row.domainToken}`,
          }
        : null,
    lastCheck:
      row.domainCheckedAt && row.domainCheckOutcome
        ? { at: row.domainCheckedAt.toISOString(), outcome: row.domainCheckOutcome }
        : null,
    resolverNote: txt.note,
  });

  return {
    async residency(actor: SessionUser, organizationId?: number) {
      return residencyOf(await loadOrganization(db, organizationOf(actor, organizationId)));
    },

    /** Changes the policy; what runs keeps running (the officers' report flags it). */
    async setResidency(
      actor: SessionUser,
      input: { policy: ResidencyPolicy; organizationId?: number },
      client: ClientInfo,
    ): Promise<OrganizationResidency> {
      const id = organizationOf(actor, input.organizationId);
      return db.transaction(async (tx) => {
        const row = await loadOrganization(tx, id, true);
        if (row.residencyPolicy === input.policy) return residencyOf(row);
        const [updated] = await tx
          .update(organizations)
          .set({ residencyPolicy: input.policy, updatedAt: new Date() })
          .where(eq(organizations.id, id))
          .returning();
        await auditChange(tx, actor, client, {
          action: 'organization.residency_policy',
          organizationId: id,
          targetType: 'organization',
          targetId: id,
          details: {
            from: row.residencyPolicy,
            to: input.policy,
            label: residencyPolicyLabels[input.policy],
          },
        });
        return residencyOf(updated!);
      });
    },

    async domain(actor: SessionUser, organizationId?: number) {
      return domainOf(await loadOrganization(db, organizationOf(actor, organizationId)));
    },

    /**
     * Names the organization's domain: a new token to publish, and no proof until it is
     * checked. Naming the same domain again changes nothing (the published record stays good).
     */
    async setDomain(
      actor: SessionUser,
      input: { domain: string; organizationId?: number },
      client: ClientInfo,
    ): Promise<OrganizationDomain> {
      const id = organizationOf(actor, input.organizationId);
      if (!companyDomain(`someone@${input.domain}`)) {
        throw badRequest(
          `${input.domain} is a public mail provider: it says nothing about who works for your company. Enter your company's own domain.`,
        );
      }
      return db.transaction(async (tx) => {
        const row = await loadOrganization(tx, id, true);
        if (row.emailDomain === input.domain && row.domainToken) return domainOf(row);
        const [updated] = await tx
          .update(organizations)
          .set({
            emailDomain: input.domain,
            domainToken: newDomainToken(),
            domainVerifiedAt: null,
            domainCheckedAt: null,
            domainCheckOutcome: null,
            updatedAt: new Date(),
          })
          .where(eq(organizations.id, id))
          .returning();
        await auditChange(tx, actor, client, {
          action: 'organization.domain_set',
          organizationId: id,
          targetType: 'organization',
          targetId: id,
          details: { from: row.emailDomain, to: input.domain },
        });
        return domainOf(updated!);
      });
    },

    /**
     * Looks the TXT record up now. Found: the domain is proven, and registrations at it join
     * the organization. Not found: not proven (a proof whose record was removed is withdrawn).
     * A resolver error changes nothing but the last check.
     */
    async verifyDomain(
      actor: SessionUser,
      input: { domain: string; organizationId?: number },
      client: ClientInfo,
    ): Promise<DomainCheck> {
      const id = organizationOf(actor, input.organizationId);
      const before = await loadOrganization(db, id);
      if (!before.emailDomain || before.emailDomain !== input.domain || !before.domainToken) {
        throw notFound('Domain not found');
      }
      const record = domainOf(before).record!;
      // Outside the transaction: a slow resolver holds no lock.
      const answer = await txt.lookup(record.name);
      const outcome =
        answer.kind === 'error'
          ? 'resolver_error'
          : answer.kind === 'records' && answer.values.includes(record.value)
            ? 'found'
            : 'not_found';
      const now = new Date();
      try {
        const row = await db.transaction(async (tx) => {
          const current = await loadOrganization(tx, id, true);
          // Renamed meanwhile: this answer is about a record nobody asks for any more.
          if (
            current.emailDomain !== before.emailDomain ||
            current.domainToken !== before.domainToken
          )
            throw conflict('The domain changed while it was checked: verify again.');
          const verifiedAt =
            outcome === 'found'
              ? (current.domainVerifiedAt ?? now)
              : outcome === 'not_found'
                ? null
                : current.domainVerifiedAt;
          const [updated] = await tx
            .update(organizations)
            .set({
              domainCheckedAt: now,
              domainCheckOutcome: outcome,
              domainVerifiedAt: verifiedAt,
            })
            .where(eq(organizations.id, id))
            .returning();
          await auditChange(tx, actor, client, {
            action: 'organization.domain_verify',
            organizationId: id,
            targetType: 'organization',
            targetId: id,
            details: { domain: input.domain, outcome },
          });
          return updated!;
        });
        const message =
          outcome === 'found'
            ? `Verified: ${record.name} has the record. People who register with an address at ${input.domain} now join ${row.name} as pending registrations.`
            : outcome === 'not_found'
              ? answer.kind === 'records'
                ? `Not found: ${record.name} has ${answer.values.length} TXT record${answer.values.length === 1 ? '' : 's'}, none with the value ${record.value}.`
                : `Not found: ${record.name} has no TXT record yet. Publish it at your DNS provider and verify again.`
              : `The DNS lookup failed (${answer.kind === 'error' ? answer.message : 'error'}): nothing was changed. Try again in a moment.`;
        return { outcome, message, domain: domainOf(row) };
      } catch (error) {
        if (uniqueViolation(error)) {
          throw conflict(
            `Another organization has already proven ${input.domain}: registrations at it join that organization.`,
          );
        }
        throw error;
      }
    },
  };
}

export type OrganizationSettings = ReturnType<typeof createOrganizationSettings>;
