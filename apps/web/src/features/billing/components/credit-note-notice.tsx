import { Download } from 'lucide-react';
import type { CreditNote } from '@alpenkube/contract/billing';
import { formatUsd } from '@/components/pricing/format-cents';
import { formatDate } from '../billing-format';
import { creditNotePdfHref } from '../requests';

const refundWords: Record<NonNullable<CreditNote['cardRefundStatus']>, string> = {
  pending: 'being refunded to the card that paid this invoice',
  refunded: 'refunded to the card that paid this invoice',
  credited: 'added to your credit balance (the card refund was refused)',
};

/**
 * A voided paid invoice's credit note: its number and PDF, and where the money went back. The
 * invoice above it stays as it was issued.
 */
export function CreditNoteNotice({ note }: { note: CreditNote }) {
  const parts = [
    note.credit > 0 ? `${formatUsd(note.credit)} added to your credit balance` : null,
    note.cardRefund > 0 && note.cardRefundStatus
      ? `${formatUsd(note.cardRefund)} ${refundWords[note.cardRefundStatus]}`
      : null,
  ].filter(Boolean);
  const prepaid = note.total - note.credit - note.cardRefund;
  return (
    <section
      aria-label={`Credit note ${note.number}`}
      className="space-y-1 rounded-md border border-border bg-muted/40 p-3 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          Credit note <span className="font-mono">{note.number}</span>, issued{' '}
          {formatDate(note.issuedAt)}
        </p>
        <a
          href={creditNotePdfHref(note.id)}
          className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 hover:underline"
          aria-label={`${note.number} as PDF`}
          download
        >
          <Download className="size-3.5" aria-hidden="true" />
          PDF
        </a>
      </div>
      <p className="text-muted-foreground">
        This invoice was voided and what it collected given back:{' '}
        {parts.length > 0 ? parts.join(' and ') : 'nothing'}.
        {prepaid > 0 &&
          ` The ${formatUsd(prepaid)} prepaid with orders and renewals stays paid: those charges stand.`}
      </p>
    </section>
  );
}
