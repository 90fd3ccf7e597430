import { eq } from 'drizzle-orm';
import { creditCodes } from '../credits/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { users } from '../users/schema.ts';
import type { DemoServices } from './demo-services.ts';
import { createNotification } from '../notifications/index.ts';
import { createOrganization } from '../organizations/index.ts';

const DAY = 86_400_000;

interface DemoCompany {
  name: string;
  admin: { username: string; name: string };
  status: 'pending_approval' | 'suspended';
  daysAgo: number;
  suspendedReason?: string;
}

const COMPANIES: DemoCompany[] = [
  {
    name: 'Bergblick Analytics GmbH',
    admin: { username: 'bergblick', name: 'Bruno Berg' },
    status: 'pending_approval',
    daysAgo: 4,
  },
  {
    name: 'Lac Léman Robotics SA',
    admin: { username: 'lacleman', name: 'Léa Lac' },
    status: 'pending_approval',
    daysAgo: 1,
  },
  {
    name: 'Fjordline Media AS',
    admin: { username: 'fjordline', name: 'Frida Fjord' },
    status: 'pending_approval',
    daysAgo: 0,
  },
  {
    name: 'Castello Digitale Srl',
    admin: { username: 'castello', name: 'Carla Castello' },
    status: 'suspended',
    daysAgo: 60,
    suspendedReason: 'Three invoices unpaid since September',
  },
];

/**
 * Organizations for the operators' console: a few waiting for approval (one for days) and one
 * suspended, each with its founder as admin (password `demo-password`), so
 * /admin/organizations has something to approve on `npm start`, and a credit code, WELCOME-2026.
 */
export async function seedDemoOperators(services: DemoServices, passwordHash: string) {
  const { db } = services;
  await db.transaction(async (tx) => {
    for (const company of COMPANIES) {
      const email = `${company.admin.username}@demo.alpenkube.eu`;
      const organization = await createOrganization(tx, {
        name: company.name,
        email,
        status: company.status === 'pending_approval' ? 'pending_approval' : 'active',
      });
      const createdAt = new Date(Date.now() - company.daysAgo * DAY - 3_600_000);
      await tx
        .update(organizations)
        .set({
          status: company.status,
          createdAt,
          // Suspended after having been approved once.
          approvedAt: company.status === 'suspended' ? new Date(createdAt.getTime() + DAY) : null,
          suspendedReason: company.suspendedReason ?? null,
        })
        .where(eq(organizations.id, organization.id));
      const [user] = await tx
        .insert(users)
        .values({
          organizationId: organization.id,
          username: company.admin.username,
          email,
          name: company.admin.name,
          passwordHash,
          role: 'admin',
          emailVerified: true,
          createdAt,
        })
        .returning();
      await createNotification(
        tx,
        user!.id,
        'system',
        company.status === 'suspended'
          ? `${company.name} is suspended: ${company.suspendedReason}. Contact support.`
          : `Welcome to Alpenkube, ${company.admin.name}! ${company.name} can order clusters once our team approves it.`,
      );
    }
    // A credit code the operators issued, which a customer can redeem on /billing.
    const [staff] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'superadmin'));
    if (staff) {
      await tx.insert(creditCodes).values({
        code: 'WELCOME-2026',
        amountCents: 2_500,
        description: 'Welcome credit',
        expiresOn: new Date(Date.now() + 60 * DAY).toISOString().slice(0, 10),
        maxRedemptions: 500,
        createdBy: staff.id,
      });
    }
  });
}
