import type { PublicTicket } from '@alpenkube/contract';

export type { PublicTicket };

export const ticketStatusLabels: Record<PublicTicket['status'], string> = {
  open: 'Open: with our team',
  awaiting_customer: 'Awaiting your reply',
  resolved: 'Resolved',
  closed: 'Closed',
};
