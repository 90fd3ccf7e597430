import type { Invoice } from '@alpenkube/contract/billing';
import { useMoney } from '@/components/pricing/use-money';
import { DataTable } from '@/components/ui/data-table';
import { formatDate } from '../billing-format';
import { CreditNoteNotice } from './credit-note-notice';
import { InvoiceDownloads } from './invoice-downloads';
import { InvoicePayment } from './invoice-payment';
import { InvoiceTotals } from './invoice-totals';
import { UsdNote } from './usd-note';

type Line = Invoice['lines'][number];

const quantityText = (line: Line) =>
  `${line.quantity.toLocaleString('en-US', { maximumFractionDigits: 3 })} ${line.unit}`;

function Party({ title, party }: { title: string; party: Invoice['seller'] }) {
  return (
    <div className="min-w-0 text-sm">
      <p className="text-xs font-medium text-muted-foreground uppercase">{title}</p>
      <p className="font-medium">{party.name}</p>
      <p className="whitespace-pre-line text-muted-foreground">{party.address}</p>
      {party.vatNumber ? <p className="text-muted-foreground">VAT {party.vatNumber}</p> : null}
    </div>
  );
}

/** One invoice as issued: who to whom, its lines, VAT and totals, and how it was paid. */
export function InvoiceDetail({ invoice }: { invoice: Invoice }) {
  const { money } = useMoney();
  return (
    <div className="min-w-0 space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>Issued {formatDate(invoice.issuedAt)}</span>
        <InvoiceDownloads id={invoice.id} number={invoice.number} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Party title="From" party={invoice.seller} />
        <Party title="Billed to" party={invoice.billedTo} />
      </div>
      <DataTable
        columns={[
          {
            id: 'description',
            header: 'Description',
            cell: (line) => (
              <>
                {line.description}
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {quantityText(line)}
                </span>
              </>
            ),
          },
          {
            id: 'quantity',
            header: 'Quantity',
            align: 'right',
            className: 'hidden sm:table-cell',
            cellClassName: 'whitespace-nowrap tabular-nums',
            cell: quantityText,
          },
          {
            id: 'amount',
            header: 'Amount',
            align: 'right',
            cellClassName: 'whitespace-nowrap tabular-nums',
            cell: (line) => money(line.amount),
          },
        ]}
        rows={invoice.lines}
        caption={`Lines of ${invoice.number}`}
        rowProps={() => ({ 'data-testid': 'invoice-line' })}
        placeholder={invoice.lines.length === 0 ? 'Nothing was billed this period.' : undefined}
      />
      <InvoiceTotals invoice={invoice} />
      <InvoicePayment invoice={invoice} />
      {invoice.creditNote ? <CreditNoteNotice note={invoice.creditNote} /> : null}
      <UsdNote usd={invoice.total} />
    </div>
  );
}
