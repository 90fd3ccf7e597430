import crypto from 'node:crypto';
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  apiTokens,
  authTokens,
  billingDetails,
  clusterEvents,
  dataSubjectRequests,
  invitations,
  invoices,
  leads,
  organizations,
  newsletterSubscriptions,
  notifications,
  orderEvents,
  outgoingMail,
  promotionRequests,
  rateLimitEvents,
  supportTicketMessages,
  supportTickets,
  userDevices,
  users,
} from '../../db/schema.ts';
import { nameKeyOf } from '../organizations/index.ts';

type UserRow = typeof users.$inferSelect;

export interface Pseudonym {
  username: string;
  name: string;
  email: string;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function newPseudonym(): Pseudonym {
  const bytes = crypto.randomBytes(6);
  const suffix = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  const username = `erased-${suffix}`;
  return {
    username,
    name: `Erased user ${crypto.randomBytes(2).toString('hex').toUpperCase()}`,
    email: `${username}@erased.invalid`,
  };
}

const regexQuote = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What identifies the person in free text, each with what replaces it: the e-mail first (it
 * holds the username), then the username, then the name when it is long enough not to be a
 * common word inside other text.
 */
function identifiers(user: UserRow, pseudonym: Pseudonym) {
  const list: [string, string][] = [
    [user.email, pseudonym.email],
    [user.username, pseudonym.username],
  ];
  if (user.name && user.name.trim().length >= 3) list.push([user.name.trim(), pseudonym.name]);
  return list;
}

/** The same rewriting in JavaScript, for text written in the erasure itself (its reason). */
export function scrubText(text: string, user: UserRow, pseudonym: Pseudonym) {
  let result = text;
  for (const [from, to] of identifiers(user, pseudonym)) {
    result = result.replace(new RegExp(regexQuote(from), 'gi'), to);
  }
  return result;
}

/** Rewrites every mention of the person in a text column (case-insensitive), where there is one. */
async function scrubColumn(
  tx: Tx,
  table: Parameters<Tx['update']>[0],
  column: PgColumn,
  mentions: [string, string][],
  asJson = false,
) {
  let value: SQL = asJson ? sql`${column}::text` : sql`${column}`;
  for (const [from, to] of mentions) {
    value = sql`regexp_replace(${value}, ${regexQuote(from)}, ${to}, 'gi')`;
  }
  const pattern = mentions.map(([from]) => regexQuote(from)).join('|');
  const matches = asJson ? sql`${column}::text ~* ${pattern}` : sql`${column} ~* ${pattern}`;
  // `set` is keyed by the column's property name, not its name in SQL.
  const [key] = Object.entries(getTableColumns(table)).find(([, one]) => one === column)!;
  await tx
    .update(table)
    .set({ [key]: asJson ? sql`(${value})::jsonb` : value } as never)
    .where(matches);
}

/**
 * Replaces the person by a pseudonym in every table that holds them, in the caller's
 * transaction. What the organization must keep (invoices, orders, ticket conversations, the
 * audit trail) stays, pointing at the same user id, which now reads as the pseudonym; what
 * served only the person (sessions, devices, tokens, their notifications, their newsletter
 * subscription) goes.
 */
export async function erasePerson(
  tx: Tx,
  user: UserRow,
  pseudonym: Pseudonym,
  passwordHash: string,
) {
  const { id } = user;
  const email = user.email.toLowerCase();
  const mentions = identifiers(user, pseudonym);
  const sameEmail = (column: PgColumn) => sql`lower(${column}) = ${email}`;

  await tx
    .update(users)
    .set({
      username: pseudonym.username,
      name: pseudonym.name,
      email: pseudonym.email,
      passwordHash,
      status: 'disabled',
      statusReason: null,
      officerAccess: false,
      emailVerified: false,
      totpSecret: null,
      totpEnabled: false,
      totpLastStep: null,
      erasedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));

  await tx.delete(userDevices).where(eq(userDevices.userId, id));
  await tx.delete(authTokens).where(eq(authTokens.userId, id));
  await tx.delete(apiTokens).where(eq(apiTokens.userId, id));
  await tx.delete(notifications).where(eq(notifications.userId, id));
  await tx.delete(newsletterSubscriptions).where(sameEmail(newsletterSubscriptions.email));
  // Counters keyed by the typed username or address: they would name the person for an hour.
  await tx
    .delete(rateLimitEvents)
    .where(sql`${rateLimitEvents.key} ~* ${mentions.map(([from]) => regexQuote(from)).join('|')}`);

  await tx
    .update(promotionRequests)
    .set({ reason: '[erased]', decisionNote: null })
    .where(eq(promotionRequests.userId, id));
  await tx.update(invitations).set({ email: pseudonym.email }).where(sameEmail(invitations.email));

  await tx
    .update(leads)
    .set({ name: pseudonym.name, email: pseudonym.email, company: null, details: {}, ip: null })
    .where(sameEmail(leads.email));
  await tx
    .update(outgoingMail)
    .set({ to: pseudonym.email, subject: '[erased]', text: '[erased]' })
    .where(sameEmail(outgoingMail.to));

  await tx
    .update(supportTickets)
    .set({ email: pseudonym.email, name: pseudonym.name })
    .where(sql`${supportTickets.userId} = ${id} or lower(${supportTickets.email}) = ${email}`);
  await tx
    .update(supportTicketMessages)
    .set({ authorName: pseudonym.name })
    .where(eq(supportTicketMessages.authorUserId, id));
  await tx
    .update(clusterEvents)
    .set({ actorName: pseudonym.name })
    .where(eq(clusterEvents.actorUserId, id));

  // The organization's billing contact and its invoices' copy of it, when it was this person:
  // the invoice's number, amounts and legal entity stay as issued.
  await tx
    .update(billingDetails)
    .set({ email: pseudonym.email })
    .where(sameEmail(billingDetails.email));
  await tx
    .update(invoices)
    .set({
      billedTo: sql`jsonb_set(${invoices.billedTo}, '{email}', to_jsonb(${pseudonym.email}::text))`,
    })
    .where(sql`lower(${invoices.billedTo}->>'email') = ${email}`);

  // An organization named after its founder ("Zelda's organization"): renamed after the
  // pseudonym, so its name no longer names them.
  const [organization] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, user.organizationId));
  const renamed = organization && scrubText(organization.name, user, pseudonym);
  if (organization && renamed !== organization.name) {
    await tx
      .update(organizations)
      .set({ name: renamed, nameKey: nameKeyOf(renamed!), updatedAt: new Date() })
      .where(eq(organizations.id, user.organizationId));
  }
  await scrubColumn(tx, billingDetails, billingDetails.legalName, mentions);
  await scrubColumn(tx, billingDetails, billingDetails.address, mentions);

  // Mentions in other people's text: admins' notifications ("X asked to join"), mails to
  // others, ticket conversations (their content stays the organization's record), officers'
  // reasons, order notes.
  await scrubColumn(tx, notifications, notifications.message, mentions);
  await scrubColumn(tx, outgoingMail, outgoingMail.subject, mentions);
  await scrubColumn(tx, outgoingMail, outgoingMail.text, mentions);
  await scrubColumn(tx, supportTickets, supportTickets.subject, mentions);
  await scrubColumn(tx, supportTickets, supportTickets.name, mentions);
  await scrubColumn(tx, supportTicketMessages, supportTicketMessages.body, mentions);
  await scrubColumn(tx, supportTicketMessages, supportTicketMessages.authorName, mentions);
  await scrubColumn(tx, clusterEvents, clusterEvents.message, mentions);
  await scrubColumn(tx, orderEvents, orderEvents.note, mentions);
  await scrubColumn(tx, promotionRequests, promotionRequests.decisionNote, mentions);
  await scrubColumn(tx, dataSubjectRequests, dataSubjectRequests.reason, mentions);
  await scrubColumn(tx, leads, leads.details, mentions, true);
  await scrubColumn(tx, invoices, invoices.billedTo, mentions, true);
}
