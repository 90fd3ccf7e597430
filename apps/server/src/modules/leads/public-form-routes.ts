import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  contactSalesSchema,
  contactSchema,
  customQuoteSchema,
  demoSlotsQuerySchema,
  demoSlotsSchema,
  errorSchema,
  jobApplicationSchema,
  leadAnswerSchema,
  newsletterSchema,
  newsletterTokenSchema,
  publicTicketSchema,
  scheduleDemoSchema,
  submitTicketSchema,
  ticketCreatedSchema,
  ticketReplySchema,
  trackTicketSchema,
  workloadMigrationSchema,
} from '@alpenkube/contract';
import { HttpError } from '../../lib/http-error.ts';
import { ticketLookupRule } from '../rate-limit/index.ts';
import type { LeadKind } from './lead-service.ts';
import { admitPublicForm } from './public-form-guard.ts';

const errors = { 400: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };
const RECEIVED =
  'Thank you: we received your request and sent a confirmation to your e-mail address.';

/** The public site's forms. No account needed; each is rate-limited and has a honeypot. */
export const publicFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rateLimit } = app.services;
  const { leads: leadService, newsletter, publicTickets: tickets } = app.services;

  const leadForms = [
    [endpoints.publicForms.contact.pattern, 'contact', contactSchema, 'Send a message to the team'],
    [endpoints.publicForms.sales.pattern, 'sales', contactSalesSchema, 'Ask sales to contact you'],
    [
      endpoints.publicForms.customQuote.pattern,
      'custom_quote',
      customQuoteSchema,
      'Ask for a quote for a dedicated or custom cluster',
    ],
    [
      endpoints.publicForms.workloadMigration.pattern,
      'workload_migration',
      workloadMigrationSchema,
      'Ask for a workload migration assessment',
    ],
    [
      endpoints.publicForms.jobApplication.pattern,
      'job_application',
      jobApplicationSchema,
      'Apply for an open position',
    ],
  ] as const;

  for (const [url, kind, schema, summary] of leadForms) {
    app.post(
      url,
      {
        config: { access: 'anyone' },
        schema: {
          tags: ['public forms'],
          summary,
          body: schema,
          response: { 201: leadAnswerSchema, ...errors },
        },
      },
      async (request, reply) => {
        const body = request.body as { name: string; email: string; website?: string };
        if ((await admitPublicForm(request, body)) === 'accept') {
          await leadService.submit(kind as LeadKind, body, request.ip);
        }
        reply.code(201);
        return { message: RECEIVED };
      },
    );
  }

  app.get(
    endpoints.publicForms.demoSlots.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['public forms'],
        summary: 'Free demo slots of a day',
        querystring: demoSlotsQuerySchema,
        response: { 200: demoSlotsSchema, 400: errorSchema },
      },
    },
    async (request) => leadService.demoSlots(request.query.date),
  );

  app.post(
    endpoints.publicForms.scheduleDemo.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['public forms'],
        summary: 'Book a 30-minute demo',
        body: scheduleDemoSchema,
        response: { 201: leadAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      if ((await admitPublicForm(request, request.body)) === 'accept') {
        await leadService.bookDemo(request.body, request.ip);
      }
      reply.code(201);
      return {
        message: `Your demo is booked for ${request.body.date} at ${request.body.time} (CET). A confirmation is on its way to your e-mail.`,
      };
    },
  );

  app.post(
    endpoints.publicForms.newsletterSubscribe.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['public forms'],
        summary: 'Subscribe (double opt-in)',
        body: newsletterSchema,
        response: { 201: leadAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      if ((await admitPublicForm(request, request.body)) === 'accept') {
        await newsletter.subscribe(request.body.email, request.ip);
      }
      reply.code(201);
      return {
        message: 'Almost done: open the link we just sent to your e-mail address to confirm.',
      };
    },
  );

  app.post(
    endpoints.publicForms.newsletterConfirm.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['public forms'],
        summary: 'Confirm a subscription',
        body: newsletterTokenSchema,
        response: { 200: leadAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await newsletter.confirm(request.body.token);
      return {
        message:
          'Your subscription is confirmed. The next newsletter goes out at the start of the month.',
      };
    },
  );

  app.post(
    endpoints.publicForms.newsletterUnsubscribe.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['public forms'],
        summary: 'Unsubscribe',
        body: newsletterTokenSchema,
        response: { 200: leadAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await newsletter.unsubscribe(request.body.token);
      return { message: 'You are unsubscribed and will receive no more newsletters.' };
    },
  );

  app.post(
    endpoints.support.submitTicket.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['public forms'],
        summary: 'Open a support ticket without an account',
        body: submitTicketSchema,
        response: { 201: ticketCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      if ((await admitPublicForm(request, request.body)) === 'drop') {
        // Looks like a success to the bot; no ticket exists.
        return { number: 'T-000000', trackingCode: 'XXXX-XXXX', message: 'Your ticket is open.' };
      }
      const { number, trackingCode } = await tickets.open(request.body, request.ip);
      return {
        number,
        trackingCode,
        message: `Ticket ${number} is open. We sent the tracking code ${trackingCode} to your e-mail address.`,
      };
    },
  );

  /** A wrong code counts against the sender's network, so codes cannot be guessed. */
  async function guardedLookup<T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> {
    const keys = [`ip:${request.ip}`];
    await rateLimit.check(ticketLookupRule, keys);
    try {
      return await run();
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404)
        await rateLimit.record(ticketLookupRule, keys);
      throw error;
    }
  }

  app.post(
    endpoints.support.lookupTicket.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['public forms'],
        summary: 'A ticket by tracking code and e-mail',
        body: trackTicketSchema,
        response: { 200: publicTicketSchema, ...errors },
      },
    },
    async (request) =>
      guardedLookup(request, () => tickets.lookup(request.body.code, request.body.email)),
  );

  app.post(
    endpoints.support.replyToTicket.pattern,
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['public forms'],
        summary: 'Reply to a ticket by tracking code and e-mail',
        body: ticketReplySchema,
        response: { 200: publicTicketSchema, ...errors },
      },
    },
    async (request) =>
      guardedLookup(request, () =>
        tickets.reply(request.body.code, request.body.email, request.body.message),
      ),
  );
};
