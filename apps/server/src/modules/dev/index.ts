/** The dev module's public surface: other modules and the app import only this file. */
export { seedDemoData } from './demo-data.ts';
