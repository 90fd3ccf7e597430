/** The newsletter module's public surface: other modules and the app import only this file. */
export { createNewsletterService, type NewsletterService } from './newsletter-service.ts';
