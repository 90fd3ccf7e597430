/** The quotes module's public surface: other modules and the app import only this file. */
export { createQuoteService, type QuoteService } from './quote-service.ts';
