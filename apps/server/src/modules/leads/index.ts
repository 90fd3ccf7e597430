/** The leads module's public surface: other modules and the app import only this file. */
export { createLeadService, type LeadService } from './lead-service.ts';
