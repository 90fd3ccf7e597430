import { Download } from 'lucide-react';
import { invoiceCsvHref, invoicePdfHref } from '../requests';

/** The invoice as a PDF, and its period's usage hour by hour as CSV: plain downloads. */
export function InvoiceDownloads({ id, number }: { id: number; number: string }) {
  const link =
    'inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 hover:underline';
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1">
      <a href={invoicePdfHref(id)} className={link} aria-label={`${number} as PDF`} download>
        <Download className="size-3.5" aria-hidden="true" />
        PDF
      </a>
      <a href={invoiceCsvHref(id)} className={link} aria-label={`${number} usage as CSV`} download>
        <Download className="size-3.5" aria-hidden="true" />
        CSV
      </a>
    </span>
  );
}
