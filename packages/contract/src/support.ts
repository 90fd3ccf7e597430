/**
 * Support for signed-in customers and the platform's staff: tickets, their conversations and
 * attachments, custom-solution requests, and the staff queue. The anonymous flows (tracking
 * code and e-mail) are in public-forms.ts; both land in the same tickets.
 */
import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { ticketCategories, ticketSeverities, ticketStatuses } from './public-form-options.ts';

export type TicketStatus = (typeof ticketStatuses)[number];
export type TicketSeverity = (typeof ticketSeverities)[number];
export type TicketCategory = (typeof ticketCategories)[number];

/** A message may carry this many files, each at most this large (the server checks the bytes). */
export const ATTACHMENT_MAX_FILES = 5;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** A ticket's conversation may hold this many files in all, its customer's and staff's. */
export const ATTACHMENT_MAX_FILES_PER_TICKET = 30;
/** What the server accepts, found in the bytes: images, PDF, and text or logs (UTF-8). */
export const attachmentTypes = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
] as const;
/** For the file picker only: the server does not trust names nor the browser's types. */
export const ATTACHMENT_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.pdf,.txt,.log,.json,.yaml,.yml,.csv';

/** A resolved or closed ticket can be reopened by its customer for this long. */
export const REOPEN_WINDOW_DAYS = 14;
export const TICKET_PAGE_SIZE = 50;
export const TICKET_PAGE_MAX = 200;

const text = (min: number, max: number, what: string) =>
  z
    .string()
    .trim()
    .min(min, `Write at least ${min} characters${what}`)
    .max(max, `At most ${max} characters`);

/** Multipart fields are strings: an empty one is "none". */
const optionalId = z
  .union([z.literal(''), z.coerce.number().int().positive().max(2_147_483_647)])
  .optional()
  .transform((value) => (value === '' ? undefined : value));

export const createTicketSchema = z.strictObject({
  subject: text(5, 150, ''),
  category: z.enum(ticketCategories, 'Choose a category'),
  severity: z.enum(ticketSeverities, 'Choose a severity'),
  relatedClusterId: optionalId,
  relatedProductId: optionalId,
  body: text(10, 10000, ' describing the problem'),
});
export type CreateTicketInput = z.input<typeof createTicketSchema>;

export const ticketMessageInputSchema = z.strictObject({
  body: text(2, 10000, ''),
});

/** A staff member's message: a reply the customer reads, or an internal note they never see. */
export const staffMessageSchema = z.strictObject({
  body: text(2, 10000, ''),
  internal: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((value) => value === true || value === 'true'),
});

/** What a custom solution may have to comply with (the public quote form asks a shorter list). */
export const solutionComplianceNeeds = [
  'gdpr',
  'hds',
  'cispe',
  'secnumcloud',
  'iso27001',
  'pci_dss',
  'c5',
  'sovereignty',
] as const;
export const solutionComplianceLabels: Record<(typeof solutionComplianceNeeds)[number], string> = {
  gdpr: 'GDPR',
  hds: 'HDS (health data)',
  cispe: 'CISPE code of conduct',
  secnumcloud: 'SecNumCloud',
  iso27001: 'ISO 27001',
  pci_dss: 'PCI DSS',
  c5: 'BSI C5',
  sovereignty: 'EU sovereignty (no non-EU access)',
};

export const customSolutionSchema = z.strictObject({
  workload: text(3, 200, ' about the workload'),
  scale: text(2, 200, ' about the scale'),
  compliance: z
    .union([
      z.enum(solutionComplianceNeeds),
      z.array(z.enum(solutionComplianceNeeds)).max(solutionComplianceNeeds.length),
    ])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  budget: text(2, 100, ' about the budget'),
  timeline: text(2, 100, ' about the timeline'),
  description: text(20, 10000, ' describing what you need'),
});
export type CustomSolutionInput = z.input<typeof customSolutionSchema>;

/** What a customer or staff member may set; the state machine says from where. */
export const ticketStatusChangeSchema = z.strictObject({
  status: z.enum(ticketStatuses, 'Choose a status'),
});

const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,10}$/, 'Must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

export const ticketListQuerySchema = z.strictObject({
  status: z.enum(ticketStatuses).optional(),
  kind: z.enum(['ticket', 'custom_solution']).optional(),
  limit: wholeNumber(TICKET_PAGE_MAX).optional(),
  before: wholeNumber(2_147_483_647).optional(),
});
export interface TicketListQuery {
  status?: TicketStatus;
  kind?: 'ticket' | 'custom_solution';
  limit?: number;
  before?: number;
}

export const queueQuerySchema = z.strictObject({
  status: z.enum(ticketStatuses).optional(),
  /** `me`, `none` (unassigned), or a staff member's id. */
  assignee: z
    .union([z.enum(['me', 'none']), z.string().regex(/^[0-9]{1,10}$/, 'A user id, me or none')])
    .optional(),
  limit: wholeNumber(TICKET_PAGE_MAX).optional(),
  offset: z
    .string()
    .regex(/^[0-9]{1,7}$/, 'Must be a whole number')
    .transform(Number)
    .optional(),
});
export interface QueueQuery {
  status?: TicketStatus;
  assignee?: string;
  limit?: number;
  offset?: number;
}

export const ticketAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});

export const ticketMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(['customer', 'support']),
  authorName: z.string().nullable(),
  internal: z.boolean(),
  body: z.string(),
  createdAt: timestampSchema,
  attachments: z.array(ticketAttachmentSchema),
});

export const ticketSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(['ticket', 'custom_solution']),
  subject: z.string(),
  category: z.enum(ticketCategories),
  severity: z.enum(ticketSeverities),
  status: z.enum(ticketStatuses),
  /** When the team's next answer is due; null while the ticket waits on the customer. */
  responseDueAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  assigneeName: z.string().nullable(),
});

export const customSolutionDetailsSchema = z.object({
  workload: z.string(),
  scale: z.string(),
  compliance: z.array(z.string()),
  budget: z.string(),
  timeline: z.string(),
});

export const ticketSchema = ticketSummarySchema.extend({
  email: z.string(),
  name: z.string().nullable(),
  details: customSolutionDetailsSchema.nullable(),
  relatedCluster: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  relatedProduct: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  firstResponseAt: timestampSchema.nullable(),
  resolvedAt: timestampSchema.nullable(),
  closedAt: timestampSchema.nullable(),
  /** Until when a customer may reopen it (resolved or closed only). */
  reopenUntil: timestampSchema.nullable(),
  /** The statuses the caller may move it to now. */
  nextStatuses: z.array(z.enum(ticketStatuses)),
  messages: z.array(ticketMessageSchema),
});

/** A ticket as the staff queue lists it: whose it is, and who works on it. */
export const queueTicketSchema = ticketSummarySchema.extend({
  email: z.string(),
  organizationName: z.string().nullable(),
  assigneeId: z.number().int().nullable(),
  anonymous: z.boolean(),
});
export const queuePageSchema = z.object({
  tickets: z.array(queueTicketSchema),
  total: z.number().int(),
});

export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;
export type TicketMessage = z.infer<typeof ticketMessageSchema>;
export type TicketSummary = z.infer<typeof ticketSummarySchema>;
export type Ticket = z.infer<typeof ticketSchema>;
export type QueueTicket = z.infer<typeof queueTicketSchema>;
export type QueuePage = z.infer<typeof queuePageSchema>;
