import { and, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { AuditAction } from '@alpenkube/contract';
import { auditEvents } from '../audit/schema.ts';
import { clusters } from '../clusters/schema.ts';
import { dataSubjectRequests } from '../officers/schema.ts';
import { users } from '../users/schema.ts';
import type { DemoServices } from './demo-services.ts';

const DAY = 86_400_000;
const MONTHS = 6;
/** Inserted this many at a time: PGlite is slow with many single inserts. */
const BATCH = 1000;

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'kubectl/v1.31.2 (linux/amd64) kubernetes/5864a46',
];
/** Offices and home networks (documentation ranges, never real hosts). */
const HOME_IPS = ['192.0.2.14', '192.0.2.87', '198.51.100.23', '198.51.100.140', '203.0.113.61'];
/** Where a guessing attack comes from: unfamiliar networks at odd hours. */
const ODD_IPS = ['203.0.113.201', '203.0.113.202', '203.0.113.250', '198.51.100.251'];

/** A small deterministic generator: the same demo on every start. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

type Event = typeof auditEvents.$inferInsert;

/**
 * Six months of the demo organizations' audit trail, so the officers' panel has something to
 * filter: sign-ins and sign-outs, failed sign-ins from odd networks, orders and payments,
 * cluster changes and kubeconfig downloads, and one past data-subject export.
 */
export async function seedDemoAudit(services: DemoServices) {
  const { db } = services;
  const people = await db
    .select({ id: users.id, username: users.username, organizationId: users.organizationId })
    .from(users)
    .where(inArray(users.username, ['superadmin', 'admin', 'officer', 'demo', 'newcomer']));
  if (people.length === 0) return;
  const byName = new Map(people.map((person) => [person.username, person]));
  const organizationIds = [...new Set(people.map((person) => person.organizationId))];
  const clusterIds = (
    await db
      .select({ id: clusters.id, organizationId: clusters.organizationId })
      .from(clusters)
      .where(inArray(clusters.organizationId, organizationIds))
  ).map((row) => row.id);

  const next = random(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const now = Date.now();
  const start = now - MONTHS * 30 * DAY;
  const events: Event[] = [];
  const push = (
    person: (typeof people)[number] | null,
    at: number,
    action: AuditAction,
    outcome: 'success' | 'failure',
    extra: Partial<Event> = {},
  ) =>
    events.push({
      at: new Date(at),
      actorUserId: person?.id ?? null,
      organizationId: person?.organizationId ?? extra.organizationId ?? null,
      action,
      outcome,
      targetType: 'user',
      targetId: person ? String(person.id) : null,
      ip: pick(HOME_IPS),
      userAgent: pick(AGENTS),
      details: {},
      ...extra,
    });

  for (let day = start; day < now - DAY; day += DAY) {
    for (const person of people) {
      // Most working days, most people sign in once or twice.
      if (next() < 0.3) continue;
      for (let session = 0; session < 1 + Math.floor(next() * 2); session += 1) {
        const signIn = day + (7 + next() * 11) * 3_600_000;
        push(person, signIn, 'auth.sign_in', 'success', { details: { method: 'password' } });
        const cluster = clusterIds.length ? pick(clusterIds) : null;
        const roll = next();
        if (cluster && roll < 0.25) {
          push(person, signIn + 600_000, 'cluster.kubeconfig', 'success', {
            targetType: 'cluster',
            targetId: String(cluster),
          });
        } else if (cluster && roll < 0.33) {
          const from = 2 + Math.floor(next() * 3);
          push(person, signIn + 900_000, 'cluster.scale', 'success', {
            targetType: 'cluster',
            targetId: String(cluster),
            details: { pool: 'general', from, to: from + 1 },
          });
        } else if (cluster && roll < 0.36) {
          push(person, signIn + 900_000, 'cluster.upgrade', 'success', {
            targetType: 'cluster',
            targetId: String(cluster),
            details: { from: '1.36', to: '1.37' },
          });
        } else if (roll < 0.42) {
          const order = 1000 + Math.floor(next() * 9000);
          push(person, signIn + 1_200_000, 'order.create', 'success', {
            targetType: 'order',
            targetId: String(order),
            details: { kind: 'cluster' },
          });
          const paid = next() < 0.9;
          push(person, signIn + 1_500_000, 'order.pay', paid ? 'success' : 'failure', {
            targetType: 'order',
            targetId: String(order),
            details: paid ? { card: 'visa' } : { reason: 'card_declined' },
          });
        }
        if (next() < 0.5) push(person, signIn + 5 * 3_600_000, 'auth.sign_out', 'success');
      }
    }
    // Now and then a burst of guesses at a known account from an odd network, at night.
    if (next() < 0.08) {
      const target = pick(people);
      const ip = pick(ODD_IPS);
      const at = day + (1 + next() * 4) * 3_600_000;
      for (let attempt = 0; attempt < 3 + Math.floor(next() * 6); attempt += 1) {
        push(target, at + attempt * 20_000, 'auth.sign_in', 'failure', {
          actorUserId: target.id,
          ip,
          userAgent: 'python-requests/2.32.3',
          details: { method: 'password', reason: 'wrong_password' },
        });
      }
    }
  }

  const officer = byName.get('officer');
  const demo = byName.get('demo');
  await db.transaction(async (tx) => {
    for (let index = 0; index < events.length; index += BATCH) {
      await tx.insert(auditEvents).values(events.slice(index, index + BATCH));
    }
    // Each person's last sign-in is the trail's last, so the people pages say when they came.
    const lastSignIns = tx
      .select({ userId: auditEvents.actorUserId, at: max(auditEvents.at).as('at') })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.sign_in'), eq(auditEvents.outcome, 'success')))
      .groupBy(auditEvents.actorUserId)
      .as('last_sign_ins');
    await tx
      .update(users)
      .set({ lastLoginAt: sql`${lastSignIns.at}` })
      .from(lastSignIns)
      .where(and(eq(users.id, lastSignIns.userId), isNull(users.lastLoginAt)));
    if (!officer || !demo) return;
    const exportedAt = new Date(now - 40 * DAY);
    const [request] = await tx
      .insert(dataSubjectRequests)
      .values({
        kind: 'export',
        subjectUserId: demo.id,
        officerUserId: officer.id,
        reason: 'Art. 15 request received by e-mail, answered within the month (ticket T-100007)',
        createdAt: exportedAt,
      })
      .returning({ id: dataSubjectRequests.id });
    await tx.insert(auditEvents).values({
      at: exportedAt,
      actorUserId: officer.id,
      organizationId: demo.organizationId,
      action: 'gdpr.export',
      outcome: 'success',
      targetType: 'user',
      targetId: String(demo.id),
      ip: HOME_IPS[0],
      userAgent: AGENTS[0],
      details: { requestId: request!.id },
    });
  });
  return events.length;
}
