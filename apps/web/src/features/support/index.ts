/**
 * Support: tickets opened, tracked and answered without an account, and the severity levels.
 * The signed-in support pages will reuse these parts. Pages compose them in src/app.
 *
 * The lazily loaded public pages import the parts by file instead: a page chunk that imports
 * this index shares one chunk with every other page that does, which would put the whole
 * feature into the home page's JavaScript budget (docs/decisions/0003-public-page-weight.md).
 */
export { SeverityTable } from './severity-table';
export { TicketForm } from './ticket-form';
export { TicketReplyForm } from './ticket-reply-form';
export { TicketThread } from './ticket-thread';
export { ticketStatusLabels, type PublicTicket } from './public-ticket';
