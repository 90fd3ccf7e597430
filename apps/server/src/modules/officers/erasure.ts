import crypto from 'node:crypto';
import { eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { apiTokens } from '../api-tokens/schema.ts';
import { authTokens, userDevices } from '../auth/schema.ts';
import { billingDetails } from '../billing/schema.ts';
import { clusterEvents, clusters } from '../clusters/schema.ts';
import { invoices } from '../invoices/schema.ts';
import { leads } from '../leads/schema.ts';
import { outgoingMail } from '../mail/schema.ts';
import { invitations, promotionRequests } from '../members/schema.ts';
import { newsletterSubscriptions } from '../newsletter/schema.ts';
import { notifications } from '../notifications/schema.ts';
import { orderEvents, orders } from '../orders/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { rateLimitEvents } from '../rate-limit/schema.ts';
import { supportTicketMessages, supportTickets } from '../support/schema.ts';
import { users } from '../users/schema.ts';
import { dataSubjectRequests } from './schema.ts';
import { revokeKubeCredentialsOf } from '../clusters/index.ts';
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

const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

/**
 * The value as a whole word, for PostgreSQL (`\m`, `\M`): erasing `ops` must not touch
 * "stops" or `devops`. A bound is left out where the value itself begins or ends with a
 * character that is not part of a word, since it would then never match.
 */
function wordPattern(text: string) {
  const start = WORD_CHARACTER.test(text[0] ?? '') ? '\\m' : '';
  const end = WORD_CHARACTER.test(text.at(-1) ?? '') ? '\\M' : '';
  return `${start}${regexQuote(text)}${end}`;
}

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

/**
 * The values that name the person when they are a whole field, however short (a name of two
 * letters is too common a word to replace inside text, but an organization called just that
 * is theirs): lower case, trimmed.
 */
function wholeValues(user: UserRow) {
  return [user.name, user.username, user.email]
    .map((value) => value?.trim().toLowerCase())
    .filter((value): value is string => Boolean(value));
}

/** The same rewriting in JavaScript, for text written in the erasure itself (its reason). */
export function scrubText(text: string, user: UserRow, pseudonym: Pseudonym) {
  let result = text;
  for (const [from, to] of identifiers(user, pseudonym)) {
    const start = WORD_CHARACTER.test(from[0] ?? '') ? '(?<![\\p{L}\\p{N}_])' : '';
    const end = WORD_CHARACTER.test(from.at(-1) ?? '') ? '(?![\\p{L}\\p{N}_])' : '';
    result = result.replace(new RegExp(`${start}${regexQuote(from)}${end}`, 'giu'), () => to);
  }
  return result;
}

/** The text with every whole-word mention of the person replaced, case-insensitively. */
function scrubbed(value: SQL, mentions: [string, string][]) {
  let result = value;
  for (const [from, to] of mentions) {
    result = sql`regexp_replace(${result}, ${wordPattern(from)}, ${to}, 'gi')`;
  }
  return result;
}

const mentionPattern = (mentions: [string, string][]) =>
  mentions.map(([from]) => wordPattern(from)).join('|');

/**
 * Rewrites the mentions of the person in a text column, in the rows `scope` picks only: the
 * rows tied to the person or their organization, never the whole platform's.
 */
async function scrubColumn(
  tx: Tx,
  table: Parameters<Tx['update']>[0],
  column: PgColumn,
  mentions: [string, string][],
  scope: SQL,
) {
  // `set` is keyed by the column's property name, not its name in SQL.
  const [key] = Object.entries(getTableColumns(table)).find(([, one]) => one === column)!;
  await tx
    .update(table)
    .set({ [key]: scrubbed(sql`${column}`, mentions) } as never)
    .where(sql`(${scope}) and ${column} ~* ${mentionPattern(mentions)}`);
}

/**
 * Replaces the person by a pseudonym in every table that holds them, in the caller's
 * transaction. What the organization must keep (invoices, orders, ticket conversations, the
 * audit trail) stays, pointing at the same user id, which now reads as the pseudonym; what
 * served only the person (sessions, devices, tokens, their notifications, their newsletter
 * subscription) goes, and their Kubernetes API credentials are revoked.
 */
export async function erasePerson(
  tx: Tx,
  user: UserRow,
  pseudonym: Pseudonym,
  passwordHash: string,
) {
  const { id, organizationId } = user;
  const email = user.email.toLowerCase();
  const mentions = identifiers(user, pseudonym);
  const sameEmail = (column: PgColumn) => sql`lower(${column}) = ${email}`;

  // Read before anything changes: the tickets that are the person's by id, address or
  // organization, whose conversations may name them.
  const ticketIds = (
    await tx
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(
        sql`${supportTickets.organizationId} = ${organizationId} or ${supportTickets.userId} = ${id} or ${sameEmail(supportTickets.email)}`,
      )
  ).map((ticket) => ticket.id);
  const theirTickets = (column: PgColumn) =>
    ticketIds.length ? inArray(column, ticketIds) : sql`false`;
  const organizationUsers = sql`select ${users.id} from ${users} where ${users.organizationId} = ${organizationId}`;
  const organizationAddresses = sql`select lower(${users.email}) from ${users} where ${users.organizationId} = ${organizationId}`;

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
  // Revoked, not deleted: the row's sealed token is no personal data, and what a cluster let in
  // stays traceable; revoked, no re-enabling gives it back.
  await revokeKubeCredentialsOf(tx, id);
  await tx.delete(notifications).where(eq(notifications.userId, id));
  await tx.delete(newsletterSubscriptions).where(sameEmail(newsletterSubscriptions.email));
  // Counters keyed by the person (sign-in delays `user:<username>|ip:…`, or the address they
  // typed as the username, `user:<address>|ip:…`; mails `to:<address>`): they would name them
  // for an hour. Exact keys only: `user:devops` is someone else's.
  const accountKeys = [`user:${user.username}`, `user:${email}`];
  await tx
    .delete(rateLimitEvents)
    .where(
      or(
        ...accountKeys.flatMap((key) => [
          eq(rateLimitEvents.key, key),
          sql`left(${rateLimitEvents.key}, ${key.length + 1}) = ${`${key}|`}`,
        ]),
        eq(rateLimitEvents.key, `to:${email}`),
      ),
    );

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
    .where(sql`${supportTickets.userId} = ${id} or ${sameEmail(supportTickets.email)}`);
  await tx
    .update(supportTicketMessages)
    .set({ authorName: pseudonym.name })
    .where(eq(supportTicketMessages.authorUserId, id));
  await tx
    .update(clusterEvents)
    .set({ actorName: pseudonym.name })
    .where(eq(clusterEvents.actorUserId, id));

  // The organization's billing contact and the invoices' copy of it, when it was this person:
  // the invoice's number, amounts and legal entity stay as issued. Only the fields that hold
  // them change, never the JSON document as text (its keys are words too).
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
  for (const field of ['name', 'address']) {
    const value = sql`${invoices.billedTo}->>${field}`;
    await tx
      .update(invoices)
      .set({
        billedTo: sql`jsonb_set(${invoices.billedTo}, ${`{${field}}`}::text[], to_jsonb(${scrubbed(value, mentions)}))`,
      })
      .where(
        sql`${invoices.organizationId} = ${organizationId} and ${value} ~* ${mentionPattern(mentions)}`,
      );
  }

  // An organization named after its founder ("Zelda's organization"): renamed after the
  // pseudonym, so its name no longer names them.
  const [organization] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const isThem = (text: string) => wholeValues(user).includes(text.trim().toLowerCase());
  const renamed =
    organization &&
    (isThem(organization.name) ? pseudonym.name : scrubText(organization.name, user, pseudonym));
  if (organization && renamed !== organization.name) {
    await tx
      .update(organizations)
      .set({ name: renamed, nameKey: nameKeyOf(renamed!), updatedAt: new Date() })
      .where(eq(organizations.id, organizationId));
  }
  const ownOrganization = (column: PgColumn) => sql`${column} = ${organizationId}`;
  // The invoices' legal name that is just their name, however short, likewise.
  const theirWholeName = (value: SQL) =>
    sql`lower(btrim(${value})) in (${sql.join(
      wholeValues(user).map((one) => sql`${one}`),
      sql`, `,
    )})`;
  await tx
    .update(billingDetails)
    .set({ legalName: pseudonym.name })
    .where(
      sql`${ownOrganization(billingDetails.organizationId)} and ${theirWholeName(sql`${billingDetails.legalName}`)}`,
    );
  await tx
    .update(invoices)
    .set({
      billedTo: sql`jsonb_set(${invoices.billedTo}, '{name}', to_jsonb(${pseudonym.name}::text))`,
    })
    .where(
      sql`${ownOrganization(invoices.organizationId)} and ${theirWholeName(sql`${invoices.billedTo}->>'name'`)}`,
    );
  await scrubColumn(
    tx,
    billingDetails,
    billingDetails.legalName,
    mentions,
    ownOrganization(billingDetails.organizationId),
  );
  await scrubColumn(
    tx,
    billingDetails,
    billingDetails.address,
    mentions,
    ownOrganization(billingDetails.organizationId),
  );

  // Mentions in other people's text, within the person's organization and tickets: its admins'
  // notifications ("X asked to join"), mails to its members, ticket conversations (their content
  // stays the organization's record), officers' reasons, order notes.
  const toOrganization = sql`${notifications.userId} in (${organizationUsers})`;
  await scrubColumn(tx, notifications, notifications.message, mentions, toOrganization);
  const mailToOrganization = sql`lower(${outgoingMail.to}) in (${organizationAddresses})`;
  await scrubColumn(tx, outgoingMail, outgoingMail.subject, mentions, mailToOrganization);
  await scrubColumn(tx, outgoingMail, outgoingMail.text, mentions, mailToOrganization);
  for (const column of [supportTickets.subject, supportTickets.name]) {
    await scrubColumn(tx, supportTickets, column, mentions, theirTickets(supportTickets.id));
  }
  for (const column of [supportTicketMessages.body, supportTicketMessages.authorName]) {
    const scope = theirTickets(supportTicketMessages.ticketId);
    await scrubColumn(tx, supportTicketMessages, column, mentions, scope);
  }
  await scrubColumn(
    tx,
    clusterEvents,
    clusterEvents.message,
    mentions,
    sql`${clusterEvents.clusterId} in (select ${clusters.id} from ${clusters} where ${clusters.organizationId} = ${organizationId})`,
  );
  await scrubColumn(
    tx,
    orderEvents,
    orderEvents.note,
    mentions,
    sql`${orderEvents.orderId} in (select ${orders.id} from ${orders} where ${orders.organizationId} = ${organizationId})`,
  );
  await scrubColumn(
    tx,
    promotionRequests,
    promotionRequests.decisionNote,
    mentions,
    ownOrganization(promotionRequests.organizationId),
  );
  await scrubColumn(
    tx,
    dataSubjectRequests,
    dataSubjectRequests.reason,
    mentions,
    sql`${dataSubjectRequests.subjectUserId} = ${id}`,
  );
}
