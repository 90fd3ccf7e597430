import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { TicketSeverity } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { clusters } from '../clusters/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { supportTickets } from '../support/schema.ts';
import { users } from '../users/schema.ts';
import type { DemoServices } from './demo-services.ts';
import { insertMessage, insertTicket, responseDue, storeAttachment } from '../support/index.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const KUBELET_LOG = `2026-11-20T08:59:58Z I1120 kubelet.go:2412] "SyncLoop (PLEG): event for pod" pod="ingress/ingress-nginx-7d9c"
2026-11-20T09:00:02Z E1120 upstream.go:88] upstream connect error or disconnect/reset before headers. reset reason: connection failure
2026-11-20T09:00:02Z E1120 upstream.go:88] 502 Bad Gateway for GET /api/orders (backend orders-svc:8080)
`;

interface Say {
  who: 'customer' | 'staff' | 'note';
  body: string;
  file?: [string, string];
}

/**
 * The demo organization's tickets, one in every status with a conversation (customer and
 * staff messages, an internal note, a file, one assigned to the super admin), a
 * custom-solution request, and anonymous tickets from the public form: the support pages and
 * the staff queue are alive on `npm start`.
 */
export async function seedDemoSupport(services: DemoServices, organizationId: number) {
  const { db } = services;
  const catalog = (await services.catalog.catalog()).value;
  const [organization] = await db
    .select({ plan: organizations.supportPlan })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const plan = organization?.plan ?? 'basic';
  const person = async (username: string) =>
    (await db.select().from(users).where(eq(users.username, username)))[0]!;
  const demo = await person('demo');
  const admin = await person('admin');
  const staff = await person('superadmin');
  const [prod] = await db
    .select({ id: clusters.id })
    .from(clusters)
    .where(and(eq(clusters.organizationId, organizationId), eq(clusters.name, 'prod-eu')));
  const now = Date.now();

  async function ticket(
    tx: Tx,
    t: {
      subject: string;
      category: 'technical' | 'billing' | 'sales';
      severity: TicketSeverity;
      status: 'open' | 'awaiting_customer' | 'resolved' | 'closed';
      ageHours: number;
      by?: typeof demo;
      email?: string;
      name?: string;
      assigned?: boolean;
      kind?: 'ticket' | 'custom_solution';
      details?: (typeof supportTickets.$inferInsert)['details'];
      relatedClusterId?: number;
      settledDaysAgo?: number;
      messages: Say[];
    },
  ) {
    const createdAt = new Date(now - t.ageHours * HOUR);
    const answered = t.messages.some((m) => m.who === 'staff');
    const settledAt =
      t.settledDaysAgo === undefined ? null : new Date(now - t.settledDaysAgo * DAY);
    const { id } = await insertTicket(tx, {
      organizationId: t.by ? organizationId : null,
      userId: t.by?.id ?? null,
      email: t.by?.email ?? t.email!,
      name: t.by?.name ?? t.name ?? null,
      kind: t.kind ?? 'ticket',
      category: t.category,
      severity: t.severity,
      subject: t.subject,
      status: t.status,
      details: t.details ?? null,
      relatedClusterId: t.relatedClusterId ?? null,
      assigneeId: t.assigned ? staff.id : null,
      responseDueAt:
        t.status === 'open'
          ? responseDue(catalog, t.by ? plan : 'basic', t.severity, createdAt)
          : null,
      firstResponseAt: answered ? new Date(createdAt.getTime() + 2 * HOUR) : null,
      resolvedAt: t.status === 'resolved' || t.status === 'closed' ? settledAt : null,
      closedAt: t.status === 'closed' ? settledAt : null,
      createdAt,
      updatedAt: createdAt,
    });
    for (const m of t.messages) {
      // Through the file store, as a customer's upload: the demo's downloads are real files.
      const files = m.file
        ? [
            await storeAttachment(
              services.fileStore,
              m.file[0],
              Readable.from([Buffer.from(m.file[1])]),
            ),
          ]
        : [];
      await insertMessage(
        tx,
        {
          ticketId: id,
          author: m.who === 'customer' ? 'customer' : 'support',
          authorName:
            m.who === 'customer' ? (t.by?.name ?? t.name ?? null) : (staff.name ?? 'Support'),
          authorUserId: m.who === 'customer' ? (t.by?.id ?? null) : staff.id,
          internal: m.who === 'note',
          body: m.body,
        },
        files,
      );
    }
  }

  await db.transaction(async (tx) => {
    await ticket(tx, {
      subject: 'Ingress answers 502 for the orders API',
      category: 'technical',
      severity: 'high',
      status: 'open',
      ageHours: 1,
      by: demo,
      relatedClusterId: prod?.id,
      messages: [
        {
          who: 'customer',
          body: 'Since 09:00 the ingress on prod-eu answers 502 for /api/orders about one request in ten. The kubelet log is attached.',
          file: ['kubelet.log', KUBELET_LOG],
        },
      ],
    });
    await ticket(tx, {
      subject: 'Node pool cannot scale past 6 nodes',
      category: 'technical',
      severity: 'normal',
      status: 'awaiting_customer',
      ageHours: 30,
      by: demo,
      assigned: true,
      relatedClusterId: prod?.id,
      messages: [
        {
          who: 'customer',
          body: 'Scaling the general pool to 8 nodes stops at 6. Is there a quota?',
        },
        {
          who: 'note',
          body: 'Organization quota is 6 nodes per pool on the Blue tier; raise to 12 if they confirm the spend.',
        },
        {
          who: 'staff',
          body: 'Your pool reached the Blue tier quota of 6 nodes. We can raise it to 12: shall we?',
        },
      ],
    });
    await ticket(tx, {
      subject: 'VAT missing on the October invoice',
      category: 'billing',
      severity: 'low',
      status: 'resolved',
      ageHours: 5 * 24,
      by: admin,
      settledDaysAgo: 3,
      messages: [
        { who: 'customer', body: 'Our VAT number is on file but October shows no reverse charge.' },
        {
          who: 'staff',
          body: 'Corrected: the credit note and the new invoice are on the billing page.',
        },
      ],
    });
    await ticket(tx, {
      subject: 'How do I rotate a kubeconfig?',
      category: 'technical',
      severity: 'low',
      status: 'closed',
      ageHours: 40 * 24,
      by: demo,
      settledDaysAgo: 30,
      messages: [
        { who: 'customer', body: 'A laptop with a kubeconfig was lost. How do we revoke it?' },
        {
          who: 'staff',
          body: 'Use "Rotate credentials" on the cluster page: every kubeconfig given so far stops working.',
        },
      ],
    });
    await ticket(tx, {
      subject: 'Custom solution: Hospital imaging archive (PACS)',
      category: 'sales',
      severity: 'normal',
      status: 'open',
      ageHours: 50,
      by: admin,
      kind: 'custom_solution',
      details: {
        workload: 'Hospital imaging archive (PACS)',
        scale: '40 TB of images, 200 radiologists',
        compliance: ['HDS (health data)', 'SecNumCloud'],
        budget: '20,000 USD a month',
        timeline: 'Live by the second quarter',
      },
      messages: [
        {
          who: 'customer',
          body: 'We need an HDS-certified cluster for our PACS with operators in the EU only.\n\nWorkload: Hospital imaging archive (PACS)\nScale: 40 TB of images, 200 radiologists\nCompliance: HDS (health data), SecNumCloud\nBudget: 20,000 USD a month\nTimeline: Live by the second quarter',
        },
      ],
    });
    await ticket(tx, {
      subject: 'Question about data location',
      category: 'sales',
      severity: 'normal',
      status: 'open',
      ageHours: 3,
      email: 'cto@example-startup.eu',
      name: 'Lea',
      messages: [
        { who: 'customer', body: 'Do backups of a Frankfurt cluster ever leave Germany?' },
      ],
    });
    await ticket(tx, {
      subject: 'Cannot sign in after registering',
      category: 'technical',
      severity: 'high',
      status: 'awaiting_customer',
      ageHours: 20,
      email: 'ops@example-shop.eu',
      messages: [
        { who: 'customer', body: 'I registered yesterday but the sign-in says my account waits.' },
        {
          who: 'staff',
          body: 'Your organization waits for approval; we approved it just now. Please try again.',
        },
      ],
    });
  });
}
