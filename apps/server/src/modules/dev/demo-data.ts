import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { DOMAIN_RECORD_PREFIX, DOMAIN_TOKEN_PREFIX } from '@alpenkube/contract';
import type { NotificationType } from '@alpenkube/contract';
import { organizations } from '../organizations/schema.ts';
import { users } from '../users/schema.ts';
import type { DemoServices } from './demo-services.ts';
import { createNotification } from '../notifications/index.ts';
import { createOrganization } from '../organizations/index.ts';
import { seedDemoClusters } from './demo-clusters.ts';
import { seedDemoVolumes } from './demo-volumes.ts';
import { seedDemoAddons } from './demo-addons.ts';
import { seedDemoAudit } from './demo-audit.ts';
import { seedDemoBilling } from './demo-billing.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoProducts } from './demo-products.ts';
import { seedDemoSupport } from './demo-support.ts';
import { seedDemoOperators } from './demo-operators.ts';
import { seedDemoTokens } from './demo-tokens.ts';
import { seedDemoPeople } from './demo-people.ts';

export const DEMO_PASSWORD = 'demo-password';

/**
 * Development only, published in the README: the two-factor key of the demo's platform staff
 * (`superadmin`, `officer`), who need a second factor for their platform pages. Add it to an
 * authenticator app to sign in with their password; the dev login needs no code.
 */
export const DEMO_STAFF_TOTP_SECRET = 'ALPENKUBEDEMOSTAFFSECRETKEY23456';

export const DEMO_USERS = [
  {
    username: 'superadmin',
    role: 'super_admin',
    officerAccess: true,
    name: 'Sofia Super',
    description: 'Platform operator: approves organizations, manages every user',
  },
  {
    username: 'admin',
    role: 'admin',
    officerAccess: false,
    name: 'Adam Admin',
    description: 'Organization admin: manages the demo organization',
  },
  {
    username: 'officer',
    role: 'user',
    officerAccess: true,
    name: 'Olivia Officer',
    description: 'Compliance officer: sees the Officers Panel',
  },
  {
    username: 'demo',
    role: 'user',
    officerAccess: false,
    name: 'Dana Demo',
    description: 'Customer: orders and runs clusters',
  },
  {
    username: 'biller',
    role: 'billing',
    officerAccess: false,
    name: 'Bianca Biller',
    description: 'Billing member: invoices, payment methods and usage; no clusters',
  },
  {
    username: 'viewer',
    role: 'viewer',
    officerAccess: false,
    name: 'Victor Viewer',
    description: 'Read-only member: sees the whole organization, changes nothing',
  },
  {
    username: 'newcomer',
    role: 'admin',
    officerAccess: false,
    name: 'Nora Newcomer',
    description: 'Admin of a second, approved organization with no orders yet: the promo applies',
    organization: 'second',
  },
] as const;

/**
 * Notices in the words the platform's own events use (a verified
 * address, an invitation accepted, a sign-in from a new device), so the demo shows nothing the
 * product would not say.
 */
const DEMO_NOTIFICATIONS: [NotificationType, string][] = [
  ['system', 'Welcome to the Alpenkube demo organization.'],
  ['info', 'eli (eli@demo.alpenkube.eu) accepted the invitation and joined Alpenkube Demo GmbH.'],
  ['success', 'Your e-mail address is verified. Thank you!'],
  [
    'warning',
    "New sign-in from Firefox on Linux (192.0.2.10). If this wasn't you, change your password in Settings.",
  ],
];

const SEED_LOCK_KEY = 7_114_2026;

/** Seeds the demo organization and users once; later starts leave them as they are. */
export async function seedDemoData(services: DemoServices) {
  const { db, passwords } = services;
  const isSeeded = async (tx: typeof db | Parameters<Parameters<typeof db.transaction>[0]>[0]) =>
    (await tx.select({ id: users.id }).from(users).where(eq(users.username, 'demo'))).length > 0;
  if (await isSeeded(db)) return;
  const passwordHash = await passwords.hash(DEMO_PASSWORD);
  const seededHere = await db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL: one seeds, the others find it done.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await isSeeded(tx)) return false;
    const organization = await createOrganization(tx, {
      name: 'Alpenkube Demo GmbH',
      email: 'demo@demo.alpenkube.eu',
      status: 'active',
      // So that registering with an address at demo.alpenkube.eu shows how joining works.
      domainVerified: true,
      // Its clusters show hyperscaler regions outside the EU too (a Johannesburg failure):
      // its admins allowed any jurisdiction. Nordwind keeps the default, EU only.
      residencyPolicy: 'any',
    });
    const second = await createOrganization(tx, {
      name: 'Nordwind Logistik AG',
      email: 'newcomer@demo.alpenkube.eu',
      status: 'active',
    });
    for (const demo of DEMO_USERS) {
      const [user] = await tx
        .insert(users)
        .values({
          organizationId: 'organization' in demo ? second.id : organization.id,
          username: demo.username,
          email: `${demo.username}@demo.alpenkube.eu`,
          name: demo.name,
          passwordHash,
          role: demo.role,
          officerAccess: demo.officerAccess,
          emailVerified: true,
          ...(demo.role === 'super_admin' || demo.officerAccess
            ? { totpEnabled: true, totpSecret: services.sealer.seal(DEMO_STAFF_TOTP_SECRET) }
            : {}),
        })
        .returning();
      for (const [type, message] of DEMO_NOTIFICATIONS) {
        await createNotification(tx, user!.id, type, message);
      }
    }
    return organization.id;
  });
  if (seededHere === false) return;
  await publishDemoDomainRecord(services, seededHere);
  await seedDemoClusters(services, seededHere);
  await seedDemoVolumes(services, seededHere);
  // Orders go through the same services as a customer's, each in its own transactions.
  await seedDemoOrders(services);
  await seedDemoProducts(services);
  await seedDemoBilling(services, seededHere);
  // Add-ons join the clusters' prepaid periods, so they come after the billing past.
  await seedDemoAddons(services);
  await seedDemoSupport(services, seededHere);
  await seedDemoOperators(services, passwordHash);
  await seedDemoTokens(services);
  await seedDemoPeople(services, seededHere, passwordHash);
  // Last: the trail names the clusters the steps above made.
  await seedDemoAudit(services);
}

/**
 * The demo organization's domain is seeded as proven: with the development DNS server
 * (DNS_RESOLVER=embedded) its record is published too, so "Check again" finds it rather than
 * withdrawing the proof.
 */
async function publishDemoDomainRecord(services: DemoServices, organizationId: number) {
  const resolver = services.config.dnsResolver;
  if (resolver.kind !== 'embedded') return;
  const [row] = await services.db
    .select({ domain: organizations.emailDomain, token: organizations.domainToken })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row?.domain || !row.token) return;
  const line = `${DOMAIN_RECORD_PREFIX}.${row.domain} ${DOMAIN_TOKEN_PREFIX}${row.token}`;
  const existing = await readFile(resolver.recordsFile, 'utf8').catch(() => '');
  if (existing.includes(line)) return;
  await mkdir(path.dirname(resolver.recordsFile), { recursive: true });
  await appendFile(
    resolver.recordsFile,
    `${existing ? '' : '# TXT records the development DNS server answers: name, a space, value.\n'}${line}\n`,
  );
}
