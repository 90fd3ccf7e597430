import type { Actor } from '@alpenkube/contract/permissions';
import type { Db } from '../../src/db/client.ts';
import { organizations, users } from '../../src/db/schema.ts';

/** An actor of the access rules: an active, verified user of an active organization, unless told. */
export function actorWith(overrides: Partial<Actor>): Actor {
  return {
    role: 'user',
    status: 'active',
    emailVerified: true,
    organizationStatus: 'active',
    officerAccess: false,
    ...overrides,
  };
}

/**
 * Writes one person as an access-rule actor describes them (role, standing, officer access),
 * each in an organization of their own with the actor's organization status: the callers the
 * authorization matrix and the fuzzer send every route.
 */
export async function insertActor(
  db: Db,
  options: {
    /** Names the test's organizations ("Matrix", "Fuzz"). */
    label: string;
    index: number;
    name: string;
    username: string;
    actor: Actor;
    passwordHash: string;
  },
) {
  const { label, index, name, username, actor, passwordHash } = options;
  const key = label.toLowerCase();
  const [organization] = await db
    .insert(organizations)
    .values({
      name: `${label} ${name}`,
      nameKey: `${key} ${name.toLowerCase()}`,
      billingId: `BID-${label[0]!.toUpperCase()}${index}`,
      status: actor.organizationStatus,
    })
    .returning();
  const [user] = await db
    .insert(users)
    .values({
      organizationId: organization!.id,
      username,
      email: `${username}@${key}.test`,
      passwordHash,
      role: actor.role,
      status: actor.status,
      emailVerified: actor.emailVerified,
      officerAccess: actor.officerAccess,
      totpEnabled: actor.mfaEnabled ?? false,
    })
    .returning();
  return { organizationId: organization!.id, userId: user!.id };
}
