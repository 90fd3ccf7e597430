/** The realtime module's public surface: other modules and the app import only this file. */
export { publishPush, type PushAudience } from './push.ts';
export { createRealtimeHub, type RealtimeHub } from './realtime-hub.ts';
