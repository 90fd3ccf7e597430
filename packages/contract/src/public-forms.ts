/**
 * The public site's forms: leads, demo bookings, the newsletter, careers and tickets opened
 * without an account. The browser validates each form with these schemas and the server the
 * request, so both give the same messages.
 *
 * Every form carries `website`, a honeypot field hidden from people: bots fill it, the server
 * accepts the request and silently drops it.
 */
import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { emailSchema } from './users.ts';
import {
  companySizes,
  complianceNeeds,
  demoSlotTimes,
  isBookableDemoDate,
  sourcePlatforms,
  ticketCategories,
  ticketSeverities,
  ticketStatuses,
} from './public-form-options.ts';

export * from './public-form-options.ts';

const name = z.string().trim().min(2, 'Enter your name').max(100, 'At most 100 characters');
const email = emailSchema;
const company = z
  .string()
  .trim()
  .min(2, 'Enter your company or organization')
  .max(120, 'At most 120 characters');
const optionalText = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).optional().or(z.literal(''));
const message = (min: number, max = 5000) =>
  z
    .string()
    .trim()
    .min(min, `Write at least ${min} characters`)
    .max(max, `At most ${max} characters`);
const honeypot = { website: z.string().optional() };

export const contactSchema = z.strictObject({
  name,
  email,
  company: optionalText(120),
  topic: z.enum(['general', 'partnership', 'press', 'other'], 'Choose a topic'),
  message: message(10),
  ...honeypot,
});

export const scheduleDemoSchema = z.strictObject({
  name,
  email,
  company,
  companySize: z.enum(companySizes, 'Choose your company size'),
  date: z.iso
    .date('Pick a date')
    .refine((d) => isBookableDemoDate(d), 'Choose a weekday between tomorrow and 60 days from now'),
  time: z.enum(demoSlotTimes, 'Pick a free time slot'),
  topics: optionalText(1000),
  ...honeypot,
});

export const contactSalesSchema = z.strictObject({
  name,
  email,
  company,
  phone: z
    .string()
    .trim()
    .regex(/^[+\d][\d\s().-]{5,24}$/, 'Enter a phone number with its country code')
    .optional()
    .or(z.literal('')),
  companySize: z.enum(companySizes, 'Choose your company size'),
  interest: z.enum(
    ['tiers', 'yearly-contract', 'hds', 'dedicated', 'partnership'],
    'Choose what you are interested in',
  ),
  message: message(20),
  ...honeypot,
});

export const customQuoteSchema = z.strictObject({
  name,
  email,
  company,
  offering: z.enum(['dedicated', 'custom', 'on-premises'], 'Choose an offering'),
  location: z.string().trim().min(2, 'Where should the cluster run?').max(120),
  nodeCount: z.coerce
    .number('Enter a number')
    .int('Whole nodes only')
    .min(1, 'At least 1 node')
    .max(5000, 'At most 5,000 nodes'),
  gpu: z.boolean(),
  compliance: z.array(z.enum(complianceNeeds)),
  contractLength: z.enum(['1-year', '3-years', 'flexible'], 'Choose a contract length'),
  details: message(30),
  ...honeypot,
});

export const workloadMigrationSchema = z.strictObject({
  name,
  email,
  company,
  sourcePlatform: z.enum(sourcePlatforms, 'Choose where the workloads run today'),
  clusterCount: z.coerce
    .number('Enter a number')
    .int()
    .min(1, 'At least 1')
    .max(500, 'At most 500'),
  statefulData: z.boolean(),
  targetDate: z.iso.date('Enter a date').optional().or(z.literal('')),
  details: message(30),
  ...honeypot,
});

export const newsletterSchema = z.strictObject({
  email,
  consent: z.literal(true, 'Tick the box to agree to receive the newsletter'),
  ...honeypot,
});

/** The token of a confirmation or unsubscribe link (/newsletter?confirm=… or ?unsubscribe=…). */
export const newsletterTokenSchema = z.strictObject({ token: z.string().min(16).max(200) });

export const submitTicketSchema = z.strictObject({
  email,
  name: optionalText(100),
  category: z.enum(ticketCategories, 'Choose a category'),
  severity: z.enum(ticketSeverities, 'Choose a severity'),
  subject: z
    .string()
    .trim()
    .min(5, 'Write at least 5 characters')
    .max(150, 'At most 150 characters'),
  message: message(20, 10000),
  ...honeypot,
});

export const trackTicketSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{6,20}$/, 'Enter the tracking code from your e-mail'),
  email,
});

export const ticketReplySchema = trackTicketSchema.extend({ message: message(2, 10000) });

export const jobApplicationSchema = z.strictObject({
  name,
  email,
  position: z.string().min(1, 'Choose a position'),
  profileUrl: z.url('Enter a full link, starting with https://').optional().or(z.literal('')),
  message: message(50),
  ...honeypot,
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ScheduleDemoInput = z.infer<typeof scheduleDemoSchema>;
export type ContactSalesInput = z.infer<typeof contactSalesSchema>;
export type CustomQuoteInput = z.infer<typeof customQuoteSchema>;
export type WorkloadMigrationInput = z.infer<typeof workloadMigrationSchema>;
export type NewsletterInput = z.infer<typeof newsletterSchema>;
export type SubmitTicketInput = z.infer<typeof submitTicketSchema>;
export type TrackTicketInput = z.infer<typeof trackTicketSchema>;
export type TicketReplyInput = z.infer<typeof ticketReplySchema>;
export type JobApplicationInput = z.infer<typeof jobApplicationSchema>;

export const leadAnswerSchema = z.object({ message: z.string() });

export const demoSlotsQuerySchema = z.strictObject({ date: z.iso.date('Pick a date') });
export const demoSlotsSchema = z.object({
  date: z.string(),
  slots: z.array(z.object({ time: z.string(), available: z.boolean() })),
});

/** A ticket as its tracking page shows it to whoever holds its code and e-mail. */
export const publicTicketSchema = z.object({
  number: z.string(),
  subject: z.string(),
  category: z.enum(ticketCategories),
  severity: z.enum(ticketSeverities),
  status: z.enum(ticketStatuses),
  createdAt: timestampSchema,
  messages: z.array(
    z.object({
      id: z.number().int(),
      author: z.enum(['customer', 'support']),
      authorName: z.string().optional(),
      body: z.string(),
      createdAt: timestampSchema,
    }),
  ),
});
export type PublicTicket = z.infer<typeof publicTicketSchema>;

export const ticketCreatedSchema = z.object({
  number: z.string(),
  trackingCode: z.string(),
  message: z.string(),
});
