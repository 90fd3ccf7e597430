import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  openOrderStatuses,
  type OperatorOrganization,
  type OperatorOrganizationDetail,
  type OperatorOrganizationPage,
  type OperatorOrganizationQuery,
  type OperatorUser,
} from '@alpenkube/contract';
import { recentInvoicesOf } from '../invoices/index.ts';
import { organizations } from '../organizations/schema.ts';
import { users } from '../users/schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { notFound } from '../../lib/http-error.ts';

const DEFAULT_PAGE = 50;
const RECENT_INVOICES = 12;

// Correlated counts: one round trip for a page, whatever its length. Written out in full, since
// drizzle leaves the columns of a one-table select unqualified, and inside a subquery an
// unqualified `id` would be the subquery's own.
const openStatuses = openOrderStatuses.map((status) => `'${status}'`).join(', ');
const memberCount = sql<number>`(${sql.raw(
  `select count(*)::int from users u where u.organization_id = organizations.id and u.status = 'active'`,
)})`;
const activeAdminCount = sql<number>`(${sql.raw(
  `select count(*)::int from users u where u.organization_id = organizations.id and u.status = 'active' and u.role in ('admin', 'super_admin')`,
)})`;
const clusterCount = sql<number>`(${sql.raw(
  `select count(*)::int from clusters c where c.organization_id = organizations.id and c.status <> 'deleted'`,
)})`;
const openOrderCount = sql<number>`(${sql.raw(
  `select count(*)::int from orders o where o.organization_id = organizations.id and o.status in (${openStatuses})`,
)})`;

const summaryColumns = {
  organization: organizations,
  memberCount,
  activeAdminCount,
  clusterCount,
  openOrderCount,
};

type SummaryRow = {
  organization: typeof organizations.$inferSelect;
  memberCount: number;
  activeAdminCount: number;
  clusterCount: number;
  openOrderCount: number;
};

function toSummary(row: SummaryRow): OperatorOrganization {
  const { organization } = row;
  return {
    id: organization.id,
    name: organization.name,
    billingId: organization.billingId,
    status: organization.status,
    createdAt: organization.createdAt.toISOString(),
    approvedAt: organization.approvedAt?.toISOString() ?? null,
    suspendedReason: organization.suspendedReason,
    memberCount: row.memberCount,
    activeAdminCount: row.activeAdminCount,
    creditBalance: organization.creditBalanceCents,
    supportPlan: organization.supportPlan,
    clusterCount: row.clusterCount,
    openOrderCount: row.openOrderCount,
  };
}

/** `%` and `_` typed in a search are the characters themselves, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listOrganizations(
  db: DbOrTx,
  query: OperatorOrganizationQuery,
): Promise<OperatorOrganizationPage> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(organizations.status, query.status));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(ilike(organizations.name, pattern), ilike(organizations.billingId, pattern))!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const pending = sql`${organizations.status} = 'pending_approval'`;
  const rows = await db
    .select(summaryColumns)
    .from(organizations)
    .where(where)
    // Pending ones first, the longest waiting at the top; the others newest first.
    .orderBy(
      sql`case when ${pending} then 0 else 1 end`,
      sql`case when ${pending} then ${organizations.createdAt} end asc`,
      desc(organizations.createdAt),
      desc(organizations.id),
    )
    .limit(query.limit ?? DEFAULT_PAGE)
    .offset(query.offset ?? 0);
  const [matching] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(organizations)
    .where(where);
  const byStatus = await db
    .select({ status: organizations.status, count: sql<number>`count(*)::int` })
    .from(organizations)
    .groupBy(organizations.status);
  const counts = { pending_approval: 0, active: 0, suspended: 0 };
  for (const { status, count } of byStatus) counts[status] = count;
  return { organizations: rows.map(toSummary), total: matching?.count ?? 0, counts };
}

export async function organizationDetail(
  db: DbOrTx,
  organizationId: number,
): Promise<OperatorOrganizationDetail> {
  const [row] = await db
    .select(summaryColumns)
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw notFound('Organization not found');
  const admins = await db
    .select({ id: users.id, username: users.username, name: users.name, email: users.email })
    .from(users)
    .where(
      inOrganization(
        users,
        organizationId,
        inArray(users.role, ['admin', 'super_admin']),
        eq(users.status, 'active'),
      ),
    )
    .orderBy(asc(users.id));
  const recent = await recentInvoicesOf(db, organizationId, RECENT_INVOICES);
  return {
    ...toSummary(row),
    admins,
    invoices: recent.map((invoice) => ({ ...invoice, issuedAt: invoice.issuedAt.toISOString() })),
  };
}

const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  role: users.role,
  status: users.status,
  officerAccess: users.officerAccess,
};

/** The organization's people (erased ones left out: they are no one to grant anything to). */
export async function organizationUsers(
  db: DbOrTx,
  organizationId: number,
): Promise<OperatorUser[]> {
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) throw notFound('Organization not found');
  return db
    .select(userColumns)
    .from(users)
    .where(inOrganization(users, organizationId, sql`${users.erasedAt} is null`))
    .orderBy(asc(users.id));
}

export async function operatorUser(db: DbOrTx, userId: number): Promise<OperatorUser> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User not found');
  return row;
}

/** Every user of the organization, whose sessions must learn its new standing. */
export const memberIds = async (db: DbOrTx, organizationId: number) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(inOrganization(users, organizationId, ne(users.status, 'rejected')))
  ).map((row) => row.id);
