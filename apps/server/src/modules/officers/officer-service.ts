import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, count, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { strToU8, zipSync } from 'fflate';
import {
  AUDIT_EXPORT_MAX_ROWS,
  type DataExportInput,
  type DataSubjectRequest,
  type DeleteAccountInput,
  type ErasureInput,
  type Person,
} from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { organizations } from '../organizations/schema.ts';
import { users } from '../users/schema.ts';
import { dataSubjectRequests } from './schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { CatalogService } from '../platform/index.ts';
import type { RateLimiter } from '../rate-limit/index.ts';
import type { SessionStore } from '../sessions/index.ts';
import {
  auditEventsFor,
  listAuditEvents,
  recordAudit,
  type AuditFilterValues,
} from '../audit/index.ts';
import { passwordMatches } from '../auth/index.ts';
import { lockAdminRules } from '../members/index.ts';
import type { RateLimitRule } from '../rate-limit/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { csvStream } from '../../lib/csv.ts';
import { AUDIT_CSV_HEADER, auditCsvLine } from './audit-csv.ts';
import { erasePerson, newPseudonym, scrubText } from './erasure.ts';
import { personData } from './person-data.ts';
import { residencyCsv, residencyReport } from './residency.ts';

const PEOPLE_MAX = 20;
const REQUESTS_MAX = 200;

const officerUsers = alias(users, 'officer_users');

const toJson = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

const README = `Personal data export (GDPR art. 15)

One JSON file per resource the platform keeps about this person. Secrets are left out
(password hash, two-factor secret, token hashes, payment gateway tokens); attachments are
listed with their metadata, not their bytes. Times are UTC (ISO 8601).
`;

/** Exports and erasures one officer may carry out in an hour: a hijacked desk empties nothing. */
export const dataSubjectRequestRule: RateLimitRule = {
  bucket: 'data-subject-request',
  limit: 20,
  windowMs: 60 * 60_000,
  message: 'Too many exports and erasures in a short time. Try again in {minutes} minutes.',
};

export function createOfficerService(
  deps: Pick<Infrastructure, 'db' | 'passwords'> & {
    sessions: SessionStore;
    catalog: CatalogService;
    rateLimit: RateLimiter;
    /** Whether the organization has clusters or subscriptions that renew (billing's answer). */
    stillBilled: (db: Tx, organizationId: number) => Promise<boolean>;
  },
) {
  const { db, sessions, catalog, passwords, rateLimit } = deps;

  /**
   * Before a person's data leaves or goes: the officer's password again (wrong guesses wait as
   * at sign-in), and a ceiling on how many such requests one officer makes in an hour.
   */
  async function confirmPassword(officer: SessionUser, password: string, client: ClientInfo) {
    const key = [`user:${officer.id}`];
    await rateLimit.check(dataSubjectRequestRule, key);
    const [row] = await db
      .select({ username: users.username, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, officer.id));
    if (!row || !(await passwordMatches(deps, row, password, client.ip))) {
      throw forbidden('The password is not correct.');
    }
    await rateLimit.record(dataSubjectRequestRule, key);
  }

  async function subject(tx: Tx, userId: number) {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('No such person');
    return user;
  }

  async function recordRequest(
    tx: Tx,
    officer: SessionUser,
    client: ClientInfo,
    entry: {
      kind: 'export' | 'erasure';
      subject: { id: number; organizationId: number };
      reason: string;
      pseudonym?: string;
    },
  ) {
    const [request] = await tx
      .insert(dataSubjectRequests)
      .values({
        kind: entry.kind,
        subjectUserId: entry.subject.id,
        officerUserId: officer.id,
        reason: entry.reason,
        pseudonym: entry.pseudonym ?? null,
      })
      .returning();
    // The reason may name the person: the trail, which can never change, keeps only ids.
    await recordAudit(tx, {
      action: entry.kind === 'export' ? 'gdpr.export' : 'gdpr.erasure',
      outcome: 'success',
      actorUserId: officer.id,
      organizationId: entry.subject.organizationId,
      targetType: 'user',
      targetId: entry.subject.id,
      ip: client.ip,
      userAgent: client.userAgent,
      details: { requestId: request!.id },
    });
    return request!;
  }

  /**
   * Replaces the person by a pseudonym (see erasure.ts), ends their sessions on every instance,
   * and records the request, all in one transaction; answers the request's id.
   */
  async function erase(
    actor: SessionUser,
    client: ClientInfo,
    userId: number,
    input: { confirmation: string; reason: string; ownAccount?: boolean },
  ) {
    // A real hash of a password nobody knows: sign-in checks it like any other, and fails.
    const passwordHash = await passwords.hash(randomBytes(32).toString('base64'));
    return db.transaction(async (tx) => {
      // The admin rules' rows are locked before anything is counted, as for any change of a
      // person: two erasures of the last two super admins queue, and the second sees one left.
      const { target: user, organizationAdmins, superAdmins } = await lockAdminRules(tx, userId);
      if (user.erasedAt) throw conflict('This person was already erased');
      if (input.confirmation.trim() !== user.username) {
        throw badRequest(
          input.ownAccount
            ? 'The confirmation does not match your username'
            : "The confirmation does not match the person's username",
        );
      }
      if (superAdmins.length === 1 && superAdmins[0]!.id === user.id) {
        throw conflict('This is the last active super admin: appoint another first');
      }
      const [others] = await tx
        .select({ n: count() })
        .from(users)
        .where(
          and(
            eq(users.organizationId, user.organizationId),
            eq(users.status, 'active'),
            isNull(users.erasedAt),
            ne(users.id, user.id),
          ),
        );
      // An organization left without anyone is fine; one whose people lose their only admin
      // is not.
      if (others?.n && organizationAdmins.length === 1 && organizationAdmins[0]!.id === user.id) {
        throw conflict(
          input.ownAccount
            ? "You are your organization's last active admin: have another member made admin first"
            : "This is the organization's last active admin: have another member made admin first",
        );
      }
      if (input.ownAccount && !others?.n && (await deps.stillBilled(tx, user.organizationId))) {
        throw conflict(
          'You are the last person of your organization and it still has clusters or subscriptions that renew: delete or cancel them first',
        );
      }
      const pseudonym = newPseudonym();
      await erasePerson(tx, user, pseudonym, passwordHash);
      await sessions.destroyAllForUser(tx, user.id);
      await sessions.userChanged(tx, user.id);
      const request = await recordRequest(tx, actor, client, {
        kind: 'erasure',
        subject: user,
        reason: scrubText(input.reason, user, pseudonym),
        pseudonym: pseudonym.username,
      });
      return request.id;
    });
  }

  async function requestView(id: number): Promise<DataSubjectRequest> {
    const [found] = await requestRows().where(eq(dataSubjectRequests.id, id));
    return found!;
  }

  function requestRows() {
    return db
      .select({
        id: dataSubjectRequests.id,
        kind: dataSubjectRequests.kind,
        subject: { id: users.id, username: users.username },
        officer: { id: officerUsers.id, username: officerUsers.username },
        reason: dataSubjectRequests.reason,
        pseudonym: dataSubjectRequests.pseudonym,
        createdAt: sql<string>`to_char(${dataSubjectRequests.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(dataSubjectRequests)
      .innerJoin(users, eq(users.id, dataSubjectRequests.subjectUserId))
      .innerJoin(officerUsers, eq(officerUsers.id, dataSubjectRequests.officerUserId))
      .$dynamic();
  }

  return {
    auditPage: (filter: AuditFilterValues & { before?: number; limit?: number }) =>
      listAuditEvents(db, filter),

    /** The filter's events as CSV lines, streamed a page at a time (header first). */
    auditCsv: (filter: AuditFilterValues): Readable =>
      csvStream(AUDIT_CSV_HEADER, auditEventsFor(db, filter, AUDIT_EXPORT_MAX_ROWS), auditCsvLine),

    async searchPeople(q: string): Promise<Person[]> {
      const text = q.toLowerCase();
      const pattern = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
      const rows = await db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          name: users.name,
          role: users.role,
          status: users.status,
          organization: { id: organizations.id, name: organizations.name },
          erasedAt: users.erasedAt,
        })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .where(
          or(
            eq(users.id, /^[0-9]{1,9}$/.test(text) ? Number(text) : -1),
            sql`lower(${users.username}) like ${pattern}`,
            sql`lower(${users.email}) like ${pattern}`,
            sql`lower(coalesce(${users.name}, '')) like ${pattern}`,
          ),
        )
        .orderBy(users.username)
        .limit(PEOPLE_MAX);
      return rows.map((row) => ({ ...row, erasedAt: row.erasedAt?.toISOString() ?? null }));
    },

    requests: (): Promise<DataSubjectRequest[]> =>
      requestRows().orderBy(desc(dataSubjectRequests.id)).limit(REQUESTS_MAX),

    /** The person's data as a .zip of JSON files, the request recorded in the same transaction. */
    async exportPerson(officer: SessionUser, client: ClientInfo, input: DataExportInput) {
      await confirmPassword(officer, input.password, client);
      return db.transaction(async (tx) => {
        const user = await subject(tx, input.userId);
        const data = await personData(tx, user);
        const request = await recordRequest(tx, officer, client, {
          kind: 'export',
          subject: user,
          reason: input.reason,
        });
        const files: Record<string, Uint8Array> = { 'README.txt': strToU8(README) };
        for (const [name, value] of Object.entries(data)) files[`${name}.json`] = toJson(value);
        const day = request.createdAt.toISOString().slice(0, 10);
        return {
          filename: `personal-data-user-${user.id}-${day}.zip`,
          data: Buffer.from(zipSync(files, { level: 6 })),
        };
      });
    },

    /**
     * Replaces the person by a pseudonym (see erasure.ts), ends their sessions on every instance,
     * and records the request, all in one transaction.
     */
    async erasePerson(officer: SessionUser, client: ClientInfo, input: ErasureInput) {
      if (input.userId === officer.id) throw badRequest('You cannot erase your own account');
      await confirmPassword(officer, input.password, client);
      const id = await erase(officer, client, input.userId, {
        confirmation: input.confirmation,
        reason: input.reason,
      });
      return requestView(id);
    },

    /**
     * A person erases their own account from their settings, as an officer would: the same
     * pseudonym, the same admin rules, and their password again. The last person of an
     * organization whose clusters or subscriptions still renew must end those first, or nobody
     * would be left to see what is charged.
     */
    async eraseOwnAccount(user: SessionUser, client: ClientInfo, input: DeleteAccountInput) {
      await confirmPassword(user, input.password, client);
      await erase(user, client, user.id, {
        confirmation: input.confirmation,
        reason: 'Deleted their own account from their settings',
        ownAccount: true,
      });
    },
    async residency() {
      return residencyReport(db, (await catalog.catalog()).value);
    },

    async residencyCsv() {
      return residencyCsv(await residencyReport(db, (await catalog.catalog()).value));
    },
  };
}

export type OfficerService = ReturnType<typeof createOfficerService>;
