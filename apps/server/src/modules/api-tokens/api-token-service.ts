import { and, count, desc, eq, gt, isNull, lt, ne, type SQL } from 'drizzle-orm';
import {
  API_TOKEN_DISPLAY_LENGTH,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_PAGE_SIZE,
  API_TOKEN_PREFIX,
  normaliseApiTokenScopes,
  type AdminApiToken,
  type ApiToken,
  type ApiTokenScope,
  type OwnApiToken,
} from '@alpenkube/contract';
import { can, roleLabels, roleReaches } from '@alpenkube/contract/permissions';
import { organizations } from '../organizations/schema.ts';
import { users } from '../users/schema.ts';
import { apiTokens } from './schema.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/index.ts';
import { sessionUserFrom, type ActiveSession, type SessionUser } from '../sessions/index.ts';

/** How stale the stored last use may get: writing it on every call would cost a write each. */
const TOUCH_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;
/** The date a person picks is the end of that day: a minute of slack for the clock between. */
const EXPIRY_SLACK_MS = 60_000;
/** Active tokens a person may hold at once: enough for every script, bounded all the same. */
const MAX_ACTIVE_TOKENS = 50;

/** What a request authenticated by a token carries. */
export interface ApiTokenAuth {
  id: number;
  scopes: string[];
  /** The token's user, shaped as a session so that routes read `request.session.user` alike. */
  session: ActiveSession;
}

interface Client {
  ip: string | null;
  userAgent: string;
}

type TokenRow = typeof apiTokens.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toApiToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    lastUsedIp: row.lastUsedIp,
    revokedAt: iso(row.revokedAt),
  };
}

function toAdminApiToken(
  row: TokenRow,
  owner: { id: number; username: string; name: string | null },
): AdminApiToken {
  return { ...toApiToken(row), organizationId: row.organizationId, owner };
}

/** When a token asked for expires, or a 400: at most API_TOKEN_MAX_DAYS ahead, in the future. */
export function expiryOf(
  body: { expiresInDays?: number; expiresAt?: string },
  now = Date.now(),
): Date {
  if (body.expiresInDays !== undefined) return new Date(now + body.expiresInDays * DAY_MS);
  const at = new Date(body.expiresAt!);
  if (at.getTime() <= now) throw badRequest('expiresAt: The expiry must be in the future');
  if (at.getTime() > now + API_TOKEN_MAX_DAYS * DAY_MS + EXPIRY_SLACK_MS) {
    throw badRequest(`expiresAt: A token expires within ${API_TOKEN_MAX_DAYS} days at most`);
  }
  return at;
}

/**
 * Revokes every live token of a person, in the caller's transaction (disabling or removing
 * them): a token acts as its user, and enabling the person again must not bring back tokens
 * that may have leaked meanwhile. `revokedBy` is the admin who did it.
 */
export async function revokeApiTokensOf(tx: DbOrTx, userId: number, revokedBy: number) {
  await tx
    .update(apiTokens)
    .set({ revokedAt: new Date(), revokedBy })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
}

/**
 * Personal API tokens. Only the SHA-256 of a token is stored; every call with one reads its row
 * with its user and organization (by the unique hash index), so a revocation or a disabled user
 * takes effect at once on every instance, with no cache to invalidate.
 */
export function createApiTokenService(deps: { database: Database }) {
  const { db } = deps.database;

  async function listMine(user: SessionUser): Promise<ApiToken[]> {
    const rows = await db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.userId, user.id))
      .orderBy(desc(apiTokens.id))
      .limit(200);
    return rows.map(toApiToken);
  }

  async function ownedRow(where: SQL) {
    const [row] = await db
      .select({ token: apiTokens, owner: users })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(where);
    return row;
  }

  async function revokeRow(
    row: { token: TokenRow; owner: typeof users.$inferSelect },
    actor: SessionUser,
    client: Client,
  ) {
    const alreadyRevoked = () => conflict(`The token “${row.token.name}” is already revoked`);
    if (row.token.revokedAt) throw alreadyRevoked();
    return db.transaction(async (tx) => {
      // Only a live token changes: of two revocations at once, the second is told it is done.
      const [revoked] = await tx
        .update(apiTokens)
        .set({ revokedAt: new Date(), revokedBy: actor.id })
        .where(and(eq(apiTokens.id, row.token.id), isNull(apiTokens.revokedAt)))
        .returning();
      if (!revoked) throw alreadyRevoked();
      await recordAudit(tx, {
        action: 'token.revoke',
        outcome: 'success',
        actorUserId: actor.id,
        organizationId: row.token.organizationId,
        targetType: 'api_token',
        targetId: row.token.id,
        ip: client.ip,
        userAgent: client.userAgent,
        details: { ownerUserId: row.token.userId, prefix: row.token.prefix },
      });
      return { token: revoked, owner: row.owner };
    });
  }

  /** An organization's admin sees no platform operator's tokens; a super admin sees all. */
  const visibleTo = (admin: SessionUser) =>
    admin.role === 'super_admin' ? undefined : ne(users.role, 'super_admin');

  const ownerView = (owner: typeof users.$inferSelect) => ({
    id: owner.id,
    username: owner.username,
    name: owner.name,
  });

  return {
    /**
     * The token's user, if the token exists, is neither revoked nor expired, still belongs to
     * the organization it was made in, and its user may still sign in; null otherwise.
     */
    async resolve(token: string, ip: string | null): Promise<ApiTokenAuth | null> {
      if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
      const [row] = await db
        .select({ token: apiTokens, user: users, organization: organizations })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .where(eq(apiTokens.tokenHash, sha256(token)));
      const now = Date.now();
      if (!row || row.token.revokedAt || row.token.expiresAt.getTime() <= now) return null;
      if (row.user.organizationId !== row.token.organizationId) return null;
      const user = sessionUserFrom(row.user, row.organization);
      if (!can(user, 'signedIn')) return null;
      const lastUsed = row.token.lastUsedAt?.getTime() ?? 0;
      if (now - lastUsed >= TOUCH_EVERY_MS) {
        await db
          .update(apiTokens)
          .set({ lastUsedAt: new Date(now), lastUsedIp: ip })
          .where(eq(apiTokens.id, row.token.id));
      }
      return {
        id: row.token.id,
        scopes: row.token.scopes,
        session: {
          // Not a session row: nothing a token can reach reads these (session-only routes do).
          id: -row.token.id,
          tokenHash: '',
          user,
          createdAt: row.token.createdAt.getTime(),
          lastSeenAt: now,
          expiresAt: row.token.expiresAt.getTime(),
          touchedAt: now,
          loadedAt: now,
        },
      };
    },

    listMine,

    /**
     * The same list as a token may read it (`GET /api/api-tokens/mine`): without the addresses
     * the tokens were used from, which a leaked token must not learn, and with the asking one
     * marked.
     */
    async listMineFor(user: SessionUser, currentTokenId: number | null): Promise<OwnApiToken[]> {
      const tokens = await listMine(user);
      return tokens.map(({ lastUsedIp: _address, ...token }) => ({
        ...token,
        current: token.id === currentTokenId,
      }));
    },

    async create(
      user: SessionUser,
      body: { name: string; scopes: ApiTokenScope[]; expiresInDays?: number; expiresAt?: string },
      client: Client,
    ): Promise<{ token: string; apiToken: ApiToken }> {
      const expiresAt = expiryOf(body);
      const scopes = normaliseApiTokenScopes(body.scopes);
      // A token acts as its person: a scope their role cannot use would promise what it refuses.
      const beyondRole = scopes.filter((scope) => !roleReaches(user.role, scope));
      if (beyondRole.length > 0) {
        throw badRequest(
          `scopes: Your role (${roleLabels[user.role]}) cannot use ${beyondRole.join(', ')}`,
        );
      }
      const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
      return db.transaction(async (tx) => {
        // The person's row, locked: two creations at once count one after the other.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const [{ live } = { live: 0 }] = await tx
          .select({ live: count() })
          .from(apiTokens)
          .where(
            and(
              eq(apiTokens.userId, user.id),
              isNull(apiTokens.revokedAt),
              gt(apiTokens.expiresAt, new Date()),
            ),
          );
        if (live >= MAX_ACTIVE_TOKENS) {
          throw conflict(`You have ${MAX_ACTIVE_TOKENS} active tokens: revoke one first`);
        }
        const [row] = await tx
          .insert(apiTokens)
          .values({
            userId: user.id,
            organizationId: user.organizationId,
            name: body.name,
            prefix: token.slice(0, API_TOKEN_DISPLAY_LENGTH),
            tokenHash: sha256(token),
            scopes,
            expiresAt,
          })
          .returning();
        await recordAudit(tx, {
          action: 'token.create',
          outcome: 'success',
          actorUserId: user.id,
          organizationId: user.organizationId,
          targetType: 'api_token',
          targetId: row!.id,
          ip: client.ip,
          userAgent: client.userAgent,
          details: {
            ownerUserId: user.id,
            prefix: row!.prefix,
            scopes,
            expiresAt: expiresAt.toISOString(),
          },
        });
        return { token, apiToken: toApiToken(row!) };
      });
    },

    /** Revokes one of the person's own tokens; another's is a 404. */
    async revokeMine(user: SessionUser, id: number, client: Client): Promise<ApiToken> {
      const row = await ownedRow(and(eq(apiTokens.id, id), eq(apiTokens.userId, user.id))!);
      if (!row) throw notFound('Token not found');
      return toApiToken((await revokeRow(row, user, client)).token);
    },

    /** The organization's tokens (a super admin's: any organization's, or one named). */
    async listForAdmin(
      admin: SessionUser,
      query: { organizationId?: number; limit?: number; before?: number },
    ): Promise<AdminApiToken[]> {
      const organizationId =
        admin.role === 'super_admin' ? query.organizationId : admin.organizationId;
      const before = and(
        query.before === undefined ? undefined : lt(apiTokens.id, query.before),
        visibleTo(admin),
      );
      const rows = await db
        .select({ token: apiTokens, owner: users })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(
          organizationId === undefined ? before : inOrganization(apiTokens, organizationId, before),
        )
        .orderBy(desc(apiTokens.id))
        .limit(query.limit ?? API_TOKEN_PAGE_SIZE);
      return rows.map((row) => toAdminApiToken(row.token, ownerView(row.owner)));
    },

    /** Revokes a token of the admin's organization (a super admin's: any); else a 404. */
    async revokeForAdmin(admin: SessionUser, id: number, client: Client): Promise<AdminApiToken> {
      const byId = and(eq(apiTokens.id, id), visibleTo(admin))!;
      const row = await ownedRow(
        admin.role === 'super_admin' ? byId : inOrganization(apiTokens, admin.organizationId, byId),
      );
      if (!row) throw notFound('Token not found');
      const revoked = await revokeRow(row, admin, client);
      return toAdminApiToken(revoked.token, ownerView(revoked.owner));
    },
  };
}
export type ApiTokenService = ReturnType<typeof createApiTokenService>;
