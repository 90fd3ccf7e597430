/** The operators module's public surface: other modules and the app import only this file. */
export { createOperatorService, type OperatorService } from './operator-service.ts';
