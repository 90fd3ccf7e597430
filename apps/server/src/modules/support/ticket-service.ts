import { and, asc, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  includedSupportPlan,
  solutionComplianceLabels,
  createTicketSchema,
  customSolutionSchema,
  staffMessageSchema,
  ticketMessageInputSchema,
  unstorableTextPath,
  TICKET_PAGE_SIZE,
  type QueuePage,
  type QueueQuery,
  type Ticket,
  type TicketListQuery,
  type TicketStatus,
  type TicketSummary,
} from '@alpenkube/contract';
import { can, type Actor } from '@alpenkube/contract/permissions';
import type { Tx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { clusterBriefOf } from '../clusters/index.ts';
import { organizationNamesOf, supportPlanOf } from '../organizations/index.ts';
import { productBriefOf } from '../products/index.ts';
import { supportAttachments, supportTicketMessages, supportTickets } from './schema.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { CatalogService } from '../platform/index.ts';
import type { RateLimiter } from '../rate-limit/index.ts';
import { badRequest, invalidFields, notFound } from '../../lib/http-error.ts';
import { queueMail } from '../mail/index.ts';
import { createNotification, wantsMail } from '../notifications/index.ts';
import type { SessionUser } from '../sessions/index.ts';
import { createAttachmentLimits, type Sender, type TicketRef } from './attachment-limits.ts';
import { discardFiles, type FileAllowance, type ReceivedFile } from './attachments.ts';
import {
  ANONYMOUS_PLAN,
  announceTicket,
  assertSeverityAllowed,
  betterPlan,
  customerReplied,
  insertMessage,
  insertTicket,
  responseDue,
} from './ticket-flow.ts';
import {
  assertCustomerCanReply,
  assertStaffCanReply,
  assertTicketTransition,
  type TicketActor,
} from './ticket-states.ts';
import {
  loadTicket,
  queueColumns,
  summaryColumns,
  withAssignees,
  toQueueTicket,
  toSummary,
  type TicketRow,
} from './ticket-view.ts';

export interface Upload {
  fields: Record<string, string | string[]>;
  files: ReceivedFile[];
}

/** Multipart fields against a contract schema: the same 400 a JSON body would get. */
function parseFields<S extends z.ZodType>(schema: S, fields: Upload['fields']): z.output<S> {
  const unstorable = unstorableTextPath(fields);
  if (unstorable) {
    throw badRequest(
      `${unstorable.join('.')}: Text must not contain NUL or unpaired surrogate characters`,
    );
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    throw invalidFields(
      parsed.error.issues.map((issue) => ({
        path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
        message: issue.message,
      })),
    );
  }
  return parsed.data;
}

const displayName = (user: SessionUser) => user.name || user.username;

/** Who reads a ticket as its customer: a member sees the organization's, anyone else their own. */
export type TicketViewer = Pick<SessionUser, 'id' | 'organizationId'> & Actor;

/**
 * Someone whose request to join is pending (or who must set up two-factor first) may open
 * tickets and follow their own, and sees nothing else of the organization.
 */
const onlyOwn = (viewer: TicketViewer) =>
  can(viewer, 'member') ? undefined : eq(supportTickets.userId, viewer.id);

/** No organization has this id: what a non-member's cluster or product lookup is scoped to. */
const NO_ORGANIZATION = 0;

type Deps = Pick<Infrastructure, 'db' | 'config' | 'fileStore'> & {
  catalog: CatalogService;
  rateLimit: RateLimiter;
};

/** Signed-in customers' tickets and the staff queue over every ticket. */
export function createTicketService(deps: Deps) {
  const { db, fileStore } = deps;
  const { publicUrl } = deps.config;
  const catalogNow = async () => (await deps.catalog.catalog()).value;
  const limits = createAttachmentLimits(deps);
  const customer = (user: SessionUser): Sender => ({ user, staff: false });
  const staffSender = (user: SessionUser): Sender => ({ user, staff: true });

  /**
   * Runs what names an upload's files, up to its commit; when it refuses or fails, the files go
   * from the store too, so a refused message leaves neither rows nor files. Reading the ticket
   * back comes after, outside: once committed, rows name the files, and a failure then must not
   * take them away. Saved files count against the sender's hourly limit.
   */
  async function savingFiles<T>(sender: Sender, upload: Upload, work: () => Promise<T>) {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await discardFiles(fileStore, upload.files);
      throw error;
    }
    await limits.counted(sender, upload.files);
    return result;
  }

  /**
   * The plan a ticket is answered under: the organization's, or the plan bought with the cluster
   * it is about when that one is better (a cluster's order prices its own support plan), so a
   * Business cluster's urgent incident is urgent even on an organization with the free plan;
   * or the plan the cluster's tier includes (a Red cluster's tickets get Enterprise targets).
   */
  async function planOf(
    organizationId: number | null,
    relatedClusterId: number | null = null,
  ): Promise<string> {
    if (organizationId === null) return ANONYMOUS_PLAN;
    const [plan, cluster, catalog] = await Promise.all([
      supportPlanOf(db, organizationId),
      relatedClusterId === null
        ? Promise.resolve(null)
        : clusterBriefOf(db, organizationId, relatedClusterId),
      catalogNow(),
    ]);
    const bought = betterPlan(catalog, plan ?? ANONYMOUS_PLAN, cluster?.supportPlan ?? null);
    const tier = cluster && catalog.tiers.find((candidate) => candidate.id === cluster.tierId);
    const included = tier ? includedSupportPlan(tier.slug, bought, catalog) : null;
    return included?.slug ?? bought;
  }

  async function ownTicket(viewer: TicketViewer, id: number): Promise<TicketRow> {
    const [ticket] = await db
      .select()
      .from(supportTickets)
      .where(
        inOrganization(
          supportTickets,
          viewer.organizationId,
          eq(supportTickets.id, id),
          onlyOwn(viewer),
        ),
      );
    if (!ticket) throw notFound('No such ticket');
    return ticket;
  }

  /**
   * The ticket again, locked, in the transaction that changes it: a status read before it may
   * be stale (staff closing while a reply is on its way), so each change is checked on this.
   */
  async function lockedTicket(tx: Tx, id: number): Promise<TicketRow> {
    const [ticket] = await tx
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, id))
      .for('update');
    if (!ticket) throw notFound('No such ticket');
    return ticket;
  }

  async function anyTicket(id: number): Promise<TicketRow> {
    const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
    if (!ticket) throw notFound('No such ticket');
    return ticket;
  }

  /** The related cluster or product must be the organization's: another's is "not found". */
  async function assertRelated(organizationId: number, clusterId?: number, productId?: number) {
    if (clusterId !== undefined) {
      if (!(await clusterBriefOf(db, organizationId, clusterId)))
        throw notFound('relatedClusterId: no such cluster in your organization');
    }
    if (productId !== undefined) {
      if (!(await productBriefOf(db, organizationId, productId)))
        throw notFound('relatedProductId: no such product in your organization');
    }
  }

  /** A file of the ticket; a customer never gets one sent with a staff note. */
  async function attachment(ticketId: number, attachmentId: number, reader: 'customer' | 'staff') {
    const [file] = await db
      .select({
        fileName: supportAttachments.fileName,
        contentType: supportAttachments.contentType,
        storageKey: supportAttachments.storageKey,
      })
      .from(supportAttachments)
      .innerJoin(supportTicketMessages, eq(supportTicketMessages.id, supportAttachments.messageId))
      .where(
        and(
          eq(supportAttachments.ticketId, ticketId),
          eq(supportAttachments.id, attachmentId),
          reader === 'customer' ? eq(supportTicketMessages.internal, false) : undefined,
        ),
      );
    const stored = file?.storageKey ? await fileStore.get(file.storageKey) : null;
    if (!file || !stored) throw notFound('No such attachment');
    return { fileName: file.fileName, contentType: file.contentType, ...stored };
  }

  /** Staff answered: the customer hears of it in the app, by mail, and by push. */
  async function tellCustomer(tx: Tx, ticket: TicketRow) {
    if (ticket.organizationId === null) {
      // As the public flow: the mail holds no text anyone typed, only where to read it.
      await queueMail(tx, {
        to: ticket.email,
        subject: `Alpenkube ticket ${ticket.number}: we answered`,
        text:
          `Hello,\n\nOur support team answered your ticket ${ticket.number}.\n\n` +
          `Read the answer and reply here, with your tracking code ${ticket.trackingCode} and this e-mail address:\n` +
          `${publicUrl}/track-ticket?code=${ticket.trackingCode}\n\nThe Alpenkube support team`,
      });
      return;
    }
    if (ticket.userId !== null) {
      await createNotification(
        tx,
        ticket.userId,
        'info',
        `Support answered ticket ${ticket.number}: ${ticket.subject}`,
      );
    }
    // The person may have chosen to read replies in the app only.
    if (ticket.userId !== null && !(await wantsMail(tx, ticket.userId, 'ticket'))) return;
    await queueMail(tx, {
      to: ticket.email,
      subject: `Alpenkube ticket ${ticket.number}: we answered`,
      text:
        `Hello,\n\nOur support team answered your ticket ${ticket.number} (${ticket.subject}).\n\n` +
        `Read the answer and reply:\n${publicUrl}/orders/support/${ticket.id}\n\nThe Alpenkube support team`,
    });
  }

  async function open(
    user: SessionUser,
    values: Omit<typeof supportTickets.$inferInsert, 'number' | 'trackingCode' | 'email'>,
    body: string,
    files: ReceivedFile[],
  ): Promise<number> {
    const catalog = await catalogNow();
    // Someone not yet in the organization knows nothing of it: neither its plan nor its clusters.
    const member = can(user, 'member');
    const plan = member
      ? await planOf(user.organizationId, values.relatedClusterId ?? null)
      : ANONYMOUS_PLAN;
    assertSeverityAllowed(catalog, plan, values.severity);
    await assertRelated(
      member ? user.organizationId : NO_ORGANIZATION,
      values.relatedClusterId ?? undefined,
      values.relatedProductId ?? undefined,
    );
    const now = new Date();
    const id = await db.transaction(async (tx) => {
      await limits.assertRoom(tx, customer(user), null, files);
      const created = await insertTicket(tx, {
        ...values,
        organizationId: user.organizationId,
        userId: user.id,
        email: user.email,
        name: user.name ?? null,
        responseDueAt: responseDue(catalog, plan, values.severity, now),
      });
      await insertMessage(
        tx,
        {
          ticketId: created.id,
          author: 'customer',
          authorName: displayName(user),
          authorUserId: user.id,
          body,
        },
        files,
      );
      await announceTicket(tx, { id: created.id, organizationId: user.organizationId }, 'open');
      return created.id;
    });
    return id;
  }

  const customerView = async (user: SessionUser, id: number) =>
    loadTicket(db, await ownTicket(user, id), 'customer');
  const staffView = async (id: number) => loadTicket(db, await anyTicket(id), 'staff');

  async function setStatus(ticket: TicketRow, to: TicketStatus, actor: TicketActor) {
    assertTicketTransition(ticket, to, actor);
    const now = new Date();
    const catalog = to === 'open' ? await catalogNow() : null;
    const plan =
      to === 'open' ? await planOf(ticket.organizationId, ticket.relatedClusterId) : ANONYMOUS_PLAN;
    await db.transaction(async (tx) => {
      assertTicketTransition(await lockedTicket(tx, ticket.id), to, actor);
      await tx
        .update(supportTickets)
        .set({
          status: to,
          updatedAt: now,
          // Waiting on the team again only when open; settled or waiting on the customer, no clock.
          responseDueAt: catalog ? responseDue(catalog, plan, ticket.severity, now) : null,
          ...(to === 'resolved' ? { resolvedAt: now } : {}),
          ...(to === 'closed' ? { closedAt: now } : {}),
          ...(to === 'open' ? { resolvedAt: null, closedAt: null } : {}),
        })
        .where(eq(supportTickets.id, ticket.id));
      await announceTicket(tx, ticket, to);
    });
  }

  return {
    /**
     * Before an upload's first file is read: refuses a sender who may not attach files (403,
     * 429, 413) or a ticket that is not theirs (404), and says how much the message may carry.
     */
    async fileAllowance(
      user: SessionUser,
      ticketId: number | null,
      as: 'customer' | 'staff',
    ): Promise<FileAllowance> {
      let ticket: TicketRef = null;
      if (ticketId !== null) {
        ticket = as === 'staff' ? await anyTicket(ticketId) : await ownTicket(user, ticketId);
      }
      return limits.allowance(db, as === 'staff' ? staffSender(user) : customer(user), ticket);
    },

    create: async (user: SessionUser, upload: Upload): Promise<Ticket> =>
      customerView(
        user,
        await savingFiles(customer(user), upload, () => {
          const input = parseFields(createTicketSchema, upload.fields);
          return open(
            user,
            {
              kind: 'ticket',
              category: input.category,
              severity: input.severity,
              subject: input.subject,
              relatedClusterId: input.relatedClusterId ?? null,
              relatedProductId: input.relatedProductId ?? null,
            },
            input.body,
            upload.files,
          );
        }),
      ),

    requestCustomSolution: async (user: SessionUser, upload: Upload): Promise<Ticket> =>
      customerView(
        user,
        await savingFiles(customer(user), upload, () => {
          const input = parseFields(customSolutionSchema, upload.fields);
          const compliance = input.compliance.map((c) => solutionComplianceLabels[c]);
          // The request's fields are kept as details; the first message repeats them for the thread.
          const body = [
            input.description,
            '',
            `Workload: ${input.workload}`,
            `Scale: ${input.scale}`,
            `Compliance: ${compliance.length ? compliance.join(', ') : 'none named'}`,
            `Budget: ${input.budget}`,
            `Timeline: ${input.timeline}`,
          ].join('\n');
          return open(
            user,
            {
              kind: 'custom_solution',
              category: 'sales',
              severity: 'normal',
              subject: `Custom solution: ${input.workload}`.slice(0, 150),
              details: {
                workload: input.workload,
                scale: input.scale,
                compliance,
                budget: input.budget,
                timeline: input.timeline,
              },
            },
            body,
            upload.files,
          );
        }),
      ),

    async list(viewer: TicketViewer, query: TicketListQuery): Promise<TicketSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(supportTickets)
        .where(
          inOrganization(
            supportTickets,
            viewer.organizationId,
            onlyOwn(viewer),
            query.status ? eq(supportTickets.status, query.status) : undefined,
            query.kind ? eq(supportTickets.kind, query.kind) : undefined,
            query.before ? lt(supportTickets.id, query.before) : undefined,
          ),
        )
        .orderBy(desc(supportTickets.id))
        .limit(query.limit ?? TICKET_PAGE_SIZE);
      return (await withAssignees(db, rows)).map(toSummary);
    },

    get: async (viewer: TicketViewer, id: number) =>
      loadTicket(db, await ownTicket(viewer, id), 'customer'),

    reply: async (user: SessionUser, id: number, upload: Upload): Promise<Ticket> => {
      await savingFiles(customer(user), upload, async () => {
        const input = parseFields(ticketMessageInputSchema, upload.fields);
        const ticket = await ownTicket(user, id);
        assertCustomerCanReply(ticket);
        const catalog = await catalogNow();
        const plan = can(user, 'member')
          ? await planOf(user.organizationId, ticket.relatedClusterId)
          : ANONYMOUS_PLAN;
        await db.transaction(async (tx) => {
          assertCustomerCanReply(await lockedTicket(tx, ticket.id));
          await limits.assertRoom(tx, customer(user), ticket, upload.files);
          await insertMessage(
            tx,
            {
              ticketId: ticket.id,
              author: 'customer',
              authorName: displayName(user),
              authorUserId: user.id,
              body: input.body,
            },
            upload.files,
          );
          await customerReplied(tx, ticket, catalog, plan);
        });
      });
      return customerView(user, id);
    },

    async changeStatus(user: SessionUser, id: number, to: TicketStatus): Promise<Ticket> {
      await setStatus(await ownTicket(user, id), to, 'customer');
      return customerView(user, id);
    },

    async attachment(viewer: TicketViewer, id: number, attachmentId: number) {
      await ownTicket(viewer, id);
      return attachment(id, attachmentId, 'customer');
    },

    /**
     * Every ticket, soonest-missed response target first; those with no running target
     * (waiting on the customer, settled) after them, newest change first.
     */
    async queue(staff: SessionUser, query: QueueQuery): Promise<QueuePage> {
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(supportTickets.status, query.status));
      if (query.assignee === 'me') conditions.push(eq(supportTickets.assigneeId, staff.id));
      else if (query.assignee === 'none') conditions.push(isNull(supportTickets.assigneeId));
      else if (query.assignee)
        conditions.push(eq(supportTickets.assigneeId, Number(query.assignee)));
      const where = conditions.length ? and(...conditions) : undefined;
      const limit = query.limit ?? TICKET_PAGE_SIZE;
      const [rows, [count]] = await Promise.all([
        db
          .select(queueColumns)
          .from(supportTickets)
          .where(where)
          .orderBy(sql`${supportTickets.responseDueAt} asc nulls last`, asc(supportTickets.id))
          .limit(limit)
          .offset(query.offset ?? 0),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(supportTickets)
          .where(where),
      ]);
      const names = await organizationNamesOf(
        db,
        rows.flatMap((row) =>
          row.ticket.organizationId === null ? [] : [row.ticket.organizationId],
        ),
      );
      const named = (await withAssignees(db, rows)).map((row) => ({
        ...row,
        organizationName:
          row.ticket.organizationId === null
            ? null
            : (names.get(row.ticket.organizationId) ?? null),
      }));
      return { tickets: named.map(toQueueTicket), total: count?.total ?? 0 };
    },

    staffGet: staffView,

    async assignToMe(staff: SessionUser, id: number): Promise<Ticket> {
      const ticket = await anyTicket(id);
      await db.transaction(async (tx) => {
        await tx
          .update(supportTickets)
          .set({ assigneeId: staff.id, updatedAt: new Date() })
          .where(eq(supportTickets.id, id));
        await announceTicket(tx, ticket, ticket.status, { internal: true });
      });
      return staffView(id);
    },

    staffMessage: async (staff: SessionUser, id: number, upload: Upload): Promise<Ticket> => {
      await savingFiles(staffSender(staff), upload, async () => {
        const input = parseFields(staffMessageSchema, upload.fields);
        const ticket = await anyTicket(id);
        assertStaffCanReply(ticket, input.internal);
        const now = new Date();
        await db.transaction(async (tx) => {
          assertStaffCanReply(await lockedTicket(tx, ticket.id), input.internal);
          await limits.assertRoom(tx, staffSender(staff), ticket, upload.files);
          await insertMessage(
            tx,
            {
              ticketId: ticket.id,
              author: 'support',
              authorName: displayName(staff),
              authorUserId: staff.id,
              internal: input.internal,
              body: input.body,
            },
            upload.files,
          );
          if (input.internal) {
            await tx
              .update(supportTickets)
              .set({ updatedAt: now })
              .where(eq(supportTickets.id, ticket.id));
            await announceTicket(tx, ticket, ticket.status, { internal: true });
            return;
          }
          // Answered: the clock stops until the customer writes again.
          await tx
            .update(supportTickets)
            .set({
              status: 'awaiting_customer',
              responseDueAt: null,
              firstResponseAt: ticket.firstResponseAt ?? now,
              assigneeId: ticket.assigneeId ?? staff.id,
              resolvedAt: null,
              updatedAt: now,
            })
            .where(eq(supportTickets.id, ticket.id));
          await tellCustomer(tx, ticket);
          await announceTicket(tx, ticket, 'awaiting_customer');
        });
      });
      return staffView(id);
    },

    async staffChangeStatus(id: number, to: TicketStatus): Promise<Ticket> {
      await setStatus(await anyTicket(id), to, 'staff');
      return staffView(id);
    },

    async staffAttachment(id: number, attachmentId: number) {
      await anyTicket(id);
      return attachment(id, attachmentId, 'staff');
    },
  };
}
export type TicketService = ReturnType<typeof createTicketService>;
