import { and, desc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { apiTokens } from '../api-tokens/schema.ts';
import { auditEvents } from '../audit/schema.ts';
import { authTokens, userDevices } from '../auth/schema.ts';
import { billingDetails } from '../billing/schema.ts';
import { clusterEvents, clusterOperations } from '../clusters/schema.ts';
import { creditTransactions } from '../credits/schema.ts';
import { invoices } from '../invoices/schema.ts';
import { demoBookings, leads } from '../leads/schema.ts';
import { outgoingMail } from '../mail/schema.ts';
import { invitations, promotionRequests } from '../members/schema.ts';
import { newsletterSubscriptions } from '../newsletter/schema.ts';
import { mailPreferences, notifications } from '../notifications/schema.ts';
import { orderEvents, orders } from '../orders/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { paymentMethods } from '../payments/schema.ts';
import { sessions } from '../sessions/schema.ts';
import { supportAttachments, supportTicketMessages, supportTickets } from '../support/schema.ts';
import { users } from '../users/schema.ts';
import { dataSubjectRequests } from './schema.ts';
import { AUDIT_EXPORT_MAX_ROWS } from '@alpenkube/contract';

type UserRow = typeof users.$inferSelect;

/** Every column but the named ones: secrets (hashes, sealed keys, gateway tokens) stay home. */
function columnsWithout<T extends Record<string, unknown>, K extends keyof T>(
  columns: T,
  ...omit: K[]
): Omit<T, K> {
  const copy = { ...columns };
  for (const key of omit) delete copy[key];
  return copy;
}

type AuditRow = typeof auditEvents.$inferSelect;

/**
 * An event someone else did to the person: what was done and when is theirs to know, but who
 * did it, from which address and with which browser is the other person's data.
 */
function doneToThem(row: AuditRow) {
  return columnsWithout(row, 'actorUserId', 'ip', 'userAgent');
}

const sameEmail = (column: Parameters<typeof sql>[1], email: string) =>
  sql`lower(${column}) = ${email.toLowerCase()}`;

/**
 * Everything the platform holds about one person, by resource: the rows that name them by id
 * (user_id, actor_user_id, author_user_id, added_by, requested_by, voided_by, invited_by…) and
 * the rows that name them by e-mail address (public forms, newsletter, mail, invitations).
 * Each key becomes one JSON file of the export.
 */
export async function personData(tx: Tx, user: UserRow): Promise<Record<string, unknown>> {
  const { id, email } = user;
  const [organization] = await tx
    .select({ id: organizations.id, name: organizations.name, billingId: organizations.billingId })
    .from(organizations)
    .where(eq(organizations.id, user.organizationId));

  const ownOrders = await tx.select().from(orders).where(eq(orders.userId, id));
  const orderIds = ownOrders.map((order) => order.id);
  const tickets = await tx
    .select()
    .from(supportTickets)
    .where(or(eq(supportTickets.userId, id), sameEmail(supportTickets.email, email)));
  const ticketIds = tickets.map((ticket) => ticket.id);
  const messages = await tx
    .select()
    .from(supportTicketMessages)
    .where(
      or(
        eq(supportTicketMessages.authorUserId, id),
        // What they wrote without signing in, on their own public tickets.
        ticketIds.length
          ? and(
              inArray(supportTicketMessages.ticketId, ticketIds),
              eq(supportTicketMessages.author, 'customer'),
              isNull(supportTicketMessages.authorUserId),
            )
          : sql`false`,
      ),
    );
  const messageIds = messages.map((message) => message.id);
  const ownLeads = await tx.select().from(leads).where(sameEmail(leads.email, email));

  // Two index reads (as actor, as target) rather than one OR over the whole trail.
  const asActor = await tx
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.actorUserId, id))
    .orderBy(desc(auditEvents.at))
    .limit(AUDIT_EXPORT_MAX_ROWS);
  const asTarget = await tx
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, 'user'), eq(auditEvents.targetId, String(id))))
    .orderBy(desc(auditEvents.at))
    .limit(AUDIT_EXPORT_MAX_ROWS);
  const audit = [...new Map([...asActor, ...asTarget].map((row) => [row.id, row])).values()]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map((row) => (row.actorUserId === id ? row : doneToThem(row)));

  return {
    user: columnsWithout(user, 'passwordHash', 'totpSecret', 'totpLastStep'),
    organization: organization
      ? { ...organization, role: user.role, status: user.status, officerAccess: user.officerAccess }
      : null,
    sessions: await tx
      .select(columnsWithout(getTableColumns(sessions), 'tokenHash'))
      .from(sessions)
      .where(eq(sessions.userId, id)),
    devices: await tx.select().from(userDevices).where(eq(userDevices.userId, id)),
    'auth-tokens': await tx
      .select(columnsWithout(getTableColumns(authTokens), 'tokenHash'))
      .from(authTokens)
      .where(eq(authTokens.userId, id)),
    notifications: await tx.select().from(notifications).where(eq(notifications.userId, id)),
    'mail-preferences': await tx
      .select()
      .from(mailPreferences)
      .where(eq(mailPreferences.userId, id)),
    orders: ownOrders.map((order) => columnsWithout(order, 'idempotencyKey', 'requestDigest')),
    'order-notes': orderIds.length
      ? await tx.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds))
      : [],
    tickets,
    // Tickets they answer for as support staff: who handled what is about them too.
    'tickets-assigned': await tx
      .select({
        id: supportTickets.id,
        number: supportTickets.number,
        status: supportTickets.status,
        organizationId: supportTickets.organizationId,
        createdAt: supportTickets.createdAt,
        updatedAt: supportTickets.updatedAt,
      })
      .from(supportTickets)
      .where(eq(supportTickets.assigneeId, id)),
    'ticket-messages': messages,
    'ticket-attachments': messageIds.length
      ? await tx
          .select(columnsWithout(getTableColumns(supportAttachments), 'data'))
          .from(supportAttachments)
          .where(inArray(supportAttachments.messageId, messageIds))
      : [],
    'api-tokens': await tx
      .select(columnsWithout(getTableColumns(apiTokens), 'tokenHash'))
      .from(apiTokens)
      .where(eq(apiTokens.userId, id)),
    'promotion-requests': (
      await tx
        .select()
        .from(promotionRequests)
        .where(or(eq(promotionRequests.userId, id), eq(promotionRequests.decidedBy, id)))
    ).map((row) => (row.userId === id ? row : columnsWithout(row, 'userId', 'reason'))),
    // Whom they invited is another person's address: the invitation, not who received it.
    invitations: (
      await tx
        .select(columnsWithout(getTableColumns(invitations), 'tokenHash'))
        .from(invitations)
        .where(
          or(
            sameEmail(invitations.email, email),
            eq(invitations.acceptedUserId, id),
            eq(invitations.invitedBy, id),
          ),
        )
    ).map((row) =>
      row.email.toLowerCase() === email.toLowerCase() || row.acceptedUserId === id
        ? row
        : columnsWithout(row, 'email', 'acceptedUserId'),
    ),
    'cluster-operations': await tx
      .select(columnsWithout(getTableColumns(clusterOperations), 'steps'))
      .from(clusterOperations)
      .where(eq(clusterOperations.requestedBy, id)),
    'cluster-events': await tx
      .select()
      .from(clusterEvents)
      .where(eq(clusterEvents.actorUserId, id)),
    'billing-actions': {
      creditTransactions: await tx
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.actorUserId, id)),
      paymentMethodsAdded: await tx
        .select(columnsWithout(getTableColumns(paymentMethods), 'gatewayToken', 'fingerprint'))
        .from(paymentMethods)
        .where(eq(paymentMethods.addedBy, id)),
      invoicesVoided: await tx
        .select({
          id: invoices.id,
          number: invoices.number,
          voidedAt: invoices.voidedAt,
          voidReason: invoices.voidReason,
        })
        .from(invoices)
        .where(eq(invoices.voidedBy, id)),
      billingDetails: await tx
        .select()
        .from(billingDetails)
        .where(sameEmail(billingDetails.email, email)),
    },
    'audit-events': audit,
    leads: ownLeads,
    'demo-bookings': ownLeads.length
      ? await tx
          .select()
          .from(demoBookings)
          .where(
            inArray(
              demoBookings.leadId,
              ownLeads.map((lead) => lead.id),
            ),
          )
      : [],
    newsletter: await tx
      .select({
        id: newsletterSubscriptions.id,
        email: newsletterSubscriptions.email,
        status: newsletterSubscriptions.status,
        createdAt: newsletterSubscriptions.createdAt,
        confirmedAt: newsletterSubscriptions.confirmedAt,
        unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
      })
      .from(newsletterSubscriptions)
      .where(sameEmail(newsletterSubscriptions.email, email)),
    // What was sent, not the bodies: they carry live sign-in, reset and invitation links, which
    // would hand the account to whoever reads the export.
    mail: await tx
      .select({
        id: outgoingMail.id,
        to: outgoingMail.to,
        subject: outgoingMail.subject,
        status: outgoingMail.status,
        createdAt: outgoingMail.createdAt,
        sentAt: outgoingMail.sentAt,
      })
      .from(outgoingMail)
      .where(sameEmail(outgoingMail.to, email)),
    'data-subject-requests': await tx
      .select()
      .from(dataSubjectRequests)
      .where(
        or(
          eq(dataSubjectRequests.subjectUserId, id),
          // Those they handled as an officer.
          eq(dataSubjectRequests.officerUserId, id),
        ),
      ),
  };
}
