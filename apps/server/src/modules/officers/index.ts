/** The officers module's public surface: other modules and the app import only this file. */
export { createOfficerService, type OfficerService } from './officer-service.ts';
