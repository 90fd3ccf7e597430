/** The support module's public surface: other modules and the app import only this file. */
export { createPublicTicketService, type PublicTicketService } from './public-ticket-service.ts';
export { createTicketService, type TicketService } from './ticket-service.ts';
export { storeAttachment } from './attachments.ts';
export { moveAttachmentsToFileStore } from './attachment-move.ts';
export { insertMessage, insertTicket, responseDue } from './ticket-flow.ts';
