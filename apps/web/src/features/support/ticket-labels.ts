import type { TicketCategory, TicketSeverity, TicketStatus } from '@alpenkube/contract';
import type { BadgeProps } from '@/components/ui/badge';
import { ticketStatusLabels } from './public-ticket';

/** How a status reads to the customer, and its badge. */
export const statusDisplay: Record<
  TicketStatus,
  { label: string; staffLabel: string; variant: NonNullable<BadgeProps['variant']> }
> = {
  open: { label: ticketStatusLabels.open, staffLabel: 'Open', variant: 'success' },
  awaiting_customer: {
    label: ticketStatusLabels.awaiting_customer,
    staffLabel: 'Awaiting customer',
    variant: 'warning',
  },
  resolved: { label: ticketStatusLabels.resolved, staffLabel: 'Resolved', variant: 'secondary' },
  closed: { label: ticketStatusLabels.closed, staffLabel: 'Closed', variant: 'outline' },
};

export const severityLabels: Record<TicketSeverity, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

export { severityHints } from './severity-hints';

export const categoryLabels: Record<TicketCategory, string> = {
  technical: 'Technical',
  billing: 'Billing',
  sales: 'Sales',
};

/**
 * What a file really is, from the type the server found in its bytes: shown beside the name,
 * which its sender chose and which may claim something else (`invoice.pdf.exe`).
 */
export function attachmentTypeLabel(contentType: string): string {
  const labels: Record<string, string> = {
    'image/png': 'PNG image',
    'image/jpeg': 'JPEG image',
    'image/gif': 'GIF image',
    'image/webp': 'WebP image',
    'application/pdf': 'PDF document',
    'text/plain': 'Text',
  };
  return labels[contentType] ?? contentType;
}

/** What a status action's button says. */
export const statusActionLabels: Record<TicketStatus, string> = {
  open: 'Reopen',
  awaiting_customer: 'Mark awaiting customer',
  resolved: 'Mark resolved',
  closed: 'Close',
};

/** "2 h 5 min left", "overdue by 12 min", or null when no answer is due (waiting on you). */
export function timeLeft(responseDueAt: string | null, now = Date.now()): string | null {
  if (!responseDueAt) return null;
  const ms = Date.parse(responseDueAt) - now;
  if (Number.isNaN(ms)) return null;
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const span =
    days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${rest} min` : `${rest} min`;
  return ms >= 0 ? `${span} left` : `overdue by ${span}`;
}

/** A response target in minutes as people say it: "15 min", "4 h", "1 day". */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return 'Not covered';
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 1440) return `${minutes / 60} h`;
  const days = minutes / 1440;
  return `${days} day${days === 1 ? '' : 's'}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const formatWhen = (iso: string) => new Date(iso).toLocaleString();
