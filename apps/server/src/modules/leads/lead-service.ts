import { eq, sql } from 'drizzle-orm';
import { demoSlotTimes, isBookableDemoDate } from '@alpenkube/contract';
import { demoBookings, leads } from './schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { MailThrottle } from '../mail/index.ts';
import { queueMail } from '../mail/index.ts';

export type LeadKind = (typeof leads.$inferInsert)['kind'];

interface LeadInput {
  name: string;
  email: string;
  company?: string;
  website?: string;
  [field: string]: unknown;
}

const CONFIRMATIONS: Record<
  LeadKind,
  { subject: string; text: string | ((input: LeadInput) => string) }
> = {
  contact: {
    subject: 'We received your message',
    text: 'Thank you for writing to Alpenkube. A member of our team answers within one business day.',
  },
  sales: {
    subject: 'Our sales team will contact you',
    text: 'Thank you for your interest in Alpenkube. A solutions engineer will contact you within one business day to talk through your needs.',
  },
  demo: {
    subject: 'Your Alpenkube demo is booked',
    text: (input) =>
      `Your demo is booked for ${String(input.date)} at ${String(input.time)} (Central European Time). You will receive a calendar invitation with the video link one day before.`,
  },
  custom_quote: {
    subject: 'We are preparing your quote',
    text: 'Thank you for your request. A solutions engineer will send you a quote within three business days, or ask for the details we still need.',
  },
  workload_migration: {
    subject: 'Your migration assessment request',
    text: 'Thank you. A migration engineer will contact you within two business days to plan an assessment of your workloads.',
  },
  job_application: {
    subject: 'We received your application',
    text: 'Thank you for applying to Alpenkube. We read every application and answer within two weeks.',
  },
};

async function storeLead(tx: DbOrTx, kind: LeadKind, input: LeadInput, ip: string | null) {
  const { name, email, company, website: _honeypot, ...details } = input;
  const [row] = await tx
    .insert(leads)
    .values({ kind, name, email, company: company || null, details, ip })
    .returning({ id: leads.id });
  const confirmation = CONFIRMATIONS[kind];
  // The address is not proven: the confirmation holds no text the sender chose, not even a name.
  await queueMail(tx, {
    to: email,
    subject: confirmation.subject,
    text: `Hello,\n\n${typeof confirmation.text === 'function' ? confirmation.text(input) : confirmation.text}\n\nReference: L-${row!.id}\n\nThe Alpenkube team`,
  });
  return row!.id;
}

/** A booking announces its date here, so every instance drops that date's taken slots. */
const DEMO_BOOKINGS_CHANNEL = 'demo_bookings_changed';

export function createLeadService(
  deps: Pick<Infrastructure, 'db' | 'database'> & { mailThrottle: MailThrottle },
) {
  const { db, database, mailThrottle } = deps;
  // The taken times of each bookable date (a few dozen at most), until a booking announces it.
  const takenByDate = new Map<string, Promise<Set<string>>>();

  function takenTimes(date: string): Promise<Set<string>> {
    let taken = takenByDate.get(date);
    if (!taken) {
      const reading = db
        .select({ time: demoBookings.time })
        .from(demoBookings)
        .where(eq(demoBookings.date, date))
        .then((rows) => new Set(rows.map((row) => row.time)));
      taken = reading;
      takenByDate.set(date, reading);
      reading.catch(() => {
        if (takenByDate.get(date) === reading) takenByDate.delete(date);
      });
    }
    return taken;
  }

  return {
    /** Listens for bookings made on any instance; answers the unsubscribe. */
    async start() {
      const unlisten = await database.listen(DEMO_BOOKINGS_CHANNEL, (date) =>
        takenByDate.delete(date),
      );
      const unwatch = database.onReconnect(() => takenByDate.clear());
      return async () => {
        unwatch();
        await unlisten();
      };
    },

    /** Stores a lead and mails its confirmation, in one transaction. */
    async submit(kind: LeadKind, input: LeadInput, ip: string | null) {
      await mailThrottle.admit([input.email], ip);
      return db.transaction((tx) => storeLead(tx, kind, input, ip));
    },

    async demoSlots(date: string) {
      if (!isBookableDemoDate(date)) {
        return { date, slots: demoSlotTimes.map((time) => ({ time, available: false })) };
      }
      const taken = await takenTimes(date);
      return { date, slots: demoSlotTimes.map((time) => ({ time, available: !taken.has(time) })) };
    },

    /** Books the slot and stores the lead; a slot taken meanwhile is a 409, and nothing is kept. */
    async bookDemo(input: LeadInput & { date: string; time: string }, ip: string | null) {
      if (!isBookableDemoDate(input.date))
        throw badRequest('Choose a weekday between tomorrow and 60 days from now');
      await mailThrottle.admit([input.email], ip);
      try {
        return await db.transaction(async (tx) => {
          const leadId = await storeLead(tx, 'demo', input, ip);
          await tx.insert(demoBookings).values({ leadId, date: input.date, time: input.time });
          await tx.execute(sql`select pg_notify(${DEMO_BOOKINGS_CHANNEL}, ${input.date})`);
          return leadId;
        });
      } catch (error) {
        if (uniqueViolation(error)) {
          throw conflict('That time slot was just booked. Pick another one.');
        }
        throw error;
      } finally {
        // This instance answers the next ask fresh, before its own NOTIFY comes back.
        takenByDate.delete(input.date);
      }
    },
  };
}
export type LeadService = ReturnType<typeof createLeadService>;
