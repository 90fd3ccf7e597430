/**
 * Support: tickets opened, tracked and answered without an account, and the severity levels.
 * The signed-in support pages will reuse these parts. Pages compose them in src/app.
 */
export { SeverityTable } from './severity-table';
export { TicketForm } from './ticket-form';
export { TicketReplyForm } from './ticket-reply-form';
export { TicketThread } from './ticket-thread';
export { ticketStatusLabels, type PublicTicket } from './public-ticket';
