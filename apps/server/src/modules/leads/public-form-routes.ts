import type { FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '@alpenkube/contract/endpoints';
import {
  contactSalesSchema,
  contactSchema,
  customQuoteSchema,
  demoSlotsQuerySchema,
  demoSlotsSchema,
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
import { routePlugin } from '../../http/route.ts';
import { HttpError } from '../../lib/http-error.ts';
import { ticketLookupRule } from '../rate-limit/index.ts';
import type { LeadKind } from './lead-service.ts';
import { admitPublicForm } from './public-form-guard.ts';

/** What the forms refuse besides a bad request: an unknown ticket or token, a clash, a flood. */
const refuses = [404, 409, 429] as const;
const RECEIVED =
  'Thank you: we received your request and sent a confirmation to your e-mail address.';

/** The public site's forms. No account needed; each is rate-limited and has a honeypot. */
export const publicFormRoutes = routePlugin({ tag: 'public forms' }, async (app, route) => {
  const { rateLimit } = app.services;
  const { leads: leadService, newsletter, publicTickets: tickets } = app.services;

  /** The lead forms answer alike: a bot's submission is dropped, and looks accepted. */
  const submitLead =
    (kind: LeadKind) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<{ message: string }> => {
      const body = request.body as { name: string; email: string; website?: string };
      if ((await admitPublicForm(request, body)) === 'accept') {
        await leadService.submit(kind, body, request.ip);
      }
      reply.code(201);
      return { message: RECEIVED };
    };
  const leadForm = { access: 'anyone', answer: { 201: leadAnswerSchema }, refuses } as const;

  route(
    endpoints.publicForms.contact,
    { ...leadForm, summary: 'Send a message to the team', body: contactSchema },
    submitLead('contact'),
  );
  route(
    endpoints.publicForms.sales,
    { ...leadForm, summary: 'Ask sales to contact you', body: contactSalesSchema },
    submitLead('sales'),
  );
  route(
    endpoints.publicForms.customQuote,
    {
      ...leadForm,
      summary: 'Ask for a quote for a dedicated or custom cluster',
      body: customQuoteSchema,
    },
    submitLead('custom_quote'),
  );
  route(
    endpoints.publicForms.workloadMigration,
    {
      ...leadForm,
      summary: 'Ask for a workload migration assessment',
      body: workloadMigrationSchema,
    },
    submitLead('workload_migration'),
  );
  route(
    endpoints.publicForms.jobApplication,
    { ...leadForm, summary: 'Apply for an open position', body: jobApplicationSchema },
    submitLead('job_application'),
  );

  route(
    endpoints.publicForms.demoSlots,
    {
      access: 'anyone',
      summary: 'Free demo slots of a day',
      query: demoSlotsQuerySchema,
      answer: { 200: demoSlotsSchema },
    },
    async (request) => leadService.demoSlots(request.query.date),
  );

  route(
    endpoints.publicForms.scheduleDemo,
    {
      access: 'anyone',
      summary: 'Book a 30-minute demo',
      body: scheduleDemoSchema,
      answer: { 201: leadAnswerSchema },
      refuses,
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

  route(
    endpoints.publicForms.newsletterSubscribe,
    {
      access: 'anyone',
      summary: 'Subscribe (double opt-in)',
      body: newsletterSchema,
      answer: { 201: leadAnswerSchema },
      refuses,
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

  route(
    endpoints.publicForms.newsletterConfirm,
    {
      access: 'anyone',
      summary: 'Confirm a subscription',
      body: newsletterTokenSchema,
      answer: { 200: leadAnswerSchema },
      refuses,
    },
    async (request) => {
      await newsletter.confirm(request.body.token);
      return {
        message:
          'Your subscription is confirmed. The next newsletter goes out at the start of the month.',
      };
    },
  );

  route(
    endpoints.publicForms.newsletterUnsubscribe,
    {
      access: 'anyone',
      summary: 'Unsubscribe',
      body: newsletterTokenSchema,
      answer: { 200: leadAnswerSchema },
      refuses,
    },
    async (request) => {
      await newsletter.unsubscribe(request.body.token);
      return { message: 'You are unsubscribed and will receive no more newsletters.' };
    },
  );

  route(
    endpoints.support.submitTicket,
    {
      access: 'anyone',
      summary: 'Open a support ticket without an account',
      body: submitTicketSchema,
      answer: { 201: ticketCreatedSchema },
      refuses,
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

  route(
    endpoints.support.lookupTicket,
    {
      access: 'anyone',
      summary: 'A ticket by tracking code and e-mail',
      body: trackTicketSchema,
      answer: { 200: publicTicketSchema },
      refuses,
    },
    async (request) =>
      guardedLookup(request, () => tickets.lookup(request.body.code, request.body.email)),
  );

  route(
    endpoints.support.replyToTicket,
    {
      access: 'anyone',
      summary: 'Reply to a ticket by tracking code and e-mail',
      body: ticketReplySchema,
      answer: { 200: publicTicketSchema },
      refuses,
    },
    async (request) =>
      guardedLookup(request, () =>
        tickets.reply(request.body.code, request.body.email, request.body.message),
      ),
  );
});
