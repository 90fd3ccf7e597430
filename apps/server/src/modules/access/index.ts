/** The access module's public surface: other modules and the app import only this file. */
export { accessPlugin } from './access-plugin.ts';
