/** The support module's public surface: other modules and the app import only this file. */
export { createPublicTicketService, type PublicTicketService } from './public-ticket-service.ts';
