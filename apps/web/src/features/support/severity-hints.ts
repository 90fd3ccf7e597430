import type { TicketSeverity } from '@alpenkube/contract/support';

/** What each severity is for: the public form and the signed-in one offer the same words. */
export const severityHints: Record<TicketSeverity, string> = {
  low: 'Low: feedback or a feature request',
  normal: 'Normal: a question, or a problem with a workaround',
  high: 'High: production degraded, no workaround',
  urgent: 'Urgent: production down or data at risk',
};
