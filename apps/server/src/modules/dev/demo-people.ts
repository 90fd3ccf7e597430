import { eq } from 'drizzle-orm';
import { invitations, promotionRequests } from '../members/schema.ts';
import { users } from '../users/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { DemoServices } from './demo-services.ts';

const DAY = 86_400_000;

/**
 * The demo organization's people pages, alive on `npm start`: a registration waiting for
 * approval, a customer's pending promotion request, a disabled account with its reason, a
 * pending invitation and a request already answered. None of the demo sign-in users changes.
 */
export async function seedDemoPeople(
  services: DemoServices,
  organizationId: number,
  passwordHash: string,
) {
  const { db } = services;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const person = (
    username: string,
    name: string,
    status: 'active' | 'pending_approval' | 'disabled',
    statusReason: string | null = null,
  ) => ({
    organizationId,
    username,
    email: `${username}@demo.alpenkube.eu`,
    name,
    passwordHash,
    role: 'user' as const,
    status,
    statusReason,
    emailVerified: true,
  });
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values([
        person('pat.pending', 'Pat Pending', 'pending_approval'),
        person('casey', 'Casey Customer', 'active'),
        person('dora', 'Dora Disabled', 'disabled', 'Left the company in October'),
        person('eli', 'Eli Engineer', 'active'),
      ])
      .returning({ id: users.id, username: users.username });
    const id = (username: string) => inserted.find((row) => row.username === username)!.id;
    await tx.insert(promotionRequests).values([
      {
        userId: id('casey'),
        organizationId,
        reason: 'I run our platform team and need to invite the new engineers myself.',
      },
      {
        userId: id('eli'),
        organizationId,
        reason: 'I would like to manage billing alerts for my team.',
        status: 'refused',
        decidedBy: admin?.id ?? null,
        decidedAt: new Date(Date.now() - 2 * DAY),
        decisionNote: 'Budget alerts can be set by admins; ask me and I will add yours.',
        createdAt: new Date(Date.now() - 3 * DAY),
      },
    ]);
    await tx.insert(invitations).values({
      organizationId,
      email: 'new.hire@demo.alpenkube.eu',
      role: 'user',
      // Nobody holds this link: the demo shows a pending invitation, not a usable one.
      tokenHash: sha256(randomToken(32)),
      invitedBy: admin?.id ?? null,
      expiresAt: new Date(Date.now() + 5 * DAY),
    });
  });
}
