import crypto from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { organizations } from './schema.ts';
import type { DbOrTx } from '../../db/client.ts';

/** Addresses at these domains say nothing about the company a person works for. */
const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.fr',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'mail.com',
  'yandex.com',
  'zoho.com',
  'example.com',
  'example.org',
  'example.net',
]);

export function companyDomain(email: string): string | null {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  return domain && !PUBLIC_MAIL_DOMAINS.has(domain) ? domain : null;
}

export const nameKeyOf = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

// No 0/O or 1/I: a Billing ID is read out over the phone.
const BILLING_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newBillingId(): string {
  const bytes = crypto.randomBytes(6);
  return `BID-${[...bytes].map((b) => BILLING_ALPHABET[b % BILLING_ALPHABET.length]).join('')}`;
}

/** The random part of the TXT record that proves an organization's domain. */
export const newDomainToken = () => crypto.randomBytes(16).toString('hex');

/**
 * The organization a registration joins: the one that verified the domain of the address. A
 * company name joins nothing, nor does an unverified domain: anyone can type either.
 */
export async function findOrganizationByVerifiedDomain(tx: DbOrTx, email: string) {
  const domain = companyDomain(email);
  if (!domain) return null;
  const [row] = await tx
    .select()
    .from(organizations)
    .where(and(eq(organizations.emailDomain, domain), isNotNull(organizations.domainVerifiedAt)));
  return row ?? null;
}

export async function createOrganization(
  tx: DbOrTx,
  input: {
    name: string;
    email: string;
    status: 'pending_approval' | 'active';
    /** Only for seeded data: a real organization proves its domain first. */
    domainVerified?: boolean;
    /** Only for seeded data: a new organization starts EU only, and its admins change it. */
    residencyPolicy?: 'eu_only' | 'any';
  },
) {
  let name = input.name;
  // A personal organization may share a name with another; make its key unique.
  const [taken] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.nameKey, nameKeyOf(name)));
  if (taken) name = `${name} (${crypto.randomBytes(2).toString('hex')})`;
  const [row] = await tx
    .insert(organizations)
    .values({
      name,
      nameKey: nameKeyOf(name),
      emailDomain: companyDomain(input.email),
      domainToken: newDomainToken(),
      domainVerifiedAt: input.domainVerified ? new Date() : null,
      residencyPolicy: input.residencyPolicy ?? 'eu_only',
      billingId: newBillingId(),
      status: input.status,
    })
    .returning();
  return row!;
}
