import type { MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { InvoiceSummary } from '@alpenkube/contract/billing';
import { useMoney } from '@/components/pricing/use-money';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { formatPeriod } from '../billing-format';
import { billingQueries } from '../queries';
import { BillingSection } from './billing-section';
import { InvoiceDownloads } from './invoice-downloads';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { QueryGate } from './query-gate';
import { UsdNote } from './usd-note';

/** The page's URL with `?invoice=<id>`: the invoice's dialog, which a link can open too. */
export const invoiceSearch = (id: number) => `?invoice=${id}`;

function columns(money: (cents: number) => string): DataTableColumn<InvoiceSummary>[] {
  return [
    {
      id: 'number',
      header: 'Invoice',
      rowHeader: true,
      cell: (invoice) => (
        <>
          <Link
            to={{ search: invoiceSearch(invoice.id) }}
            className="font-mono text-primary underline-offset-4 hover:underline"
          >
            {invoice.number}
          </Link>
          <span className="mt-0.5 block font-normal whitespace-nowrap text-muted-foreground md:hidden">
            {formatPeriod(invoice.periodStart, invoice.periodEnd)}
          </span>
          {invoice.creditNote ? (
            <span
              className="mt-0.5 block font-normal whitespace-nowrap text-muted-foreground"
              data-testid="invoice-credit-note"
            >
              Credit note <span className="font-mono">{invoice.creditNote.number}</span>
            </span>
          ) : null}
        </>
      ),
    },
    {
      id: 'period',
      header: 'Period',
      className: 'hidden md:table-cell',
      cellClassName: 'whitespace-nowrap',
      cell: (invoice) => formatPeriod(invoice.periodStart, invoice.periodEnd),
    },
    {
      id: 'status',
      header: 'Status',
      className: 'hidden sm:table-cell',
      cell: (invoice) => <InvoiceStatusBadge status={invoice.status} />,
    },
    {
      id: 'total',
      header: 'Total',
      align: 'right',
      className: 'hidden sm:table-cell',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (invoice) => money(invoice.total),
    },
    {
      id: 'due',
      header: 'Amount due',
      align: 'right',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (invoice) => (
        <>
          {money(invoice.amountDue)}
          {/* Phones show the status under the amount rather than in a column off the screen. */}
          <span className="mt-1 block sm:hidden">
            <InvoiceStatusBadge status={invoice.status} />
          </span>
        </>
      ),
    },
    {
      id: 'files',
      header: 'Download',
      className: 'hidden sm:table-cell',
      cell: (invoice) => <InvoiceDownloads id={invoice.id} number={invoice.number} />,
    },
  ];
}

/** Every monthly invoice, newest first; a row opens the invoice's lines and totals. */
export function InvoicesSection() {
  const invoices = useQuery(billingQueries.invoices());
  const [, setSearch] = useSearchParams();
  const { money } = useMoney();
  const open = (invoice: InvoiceSummary) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a')) return;
    setSearch(invoiceSearch(invoice.id));
  };
  return (
    <BillingSection
      id="invoices"
      title="Invoices"
      description="One invoice a month: what was prepaid, the metered usage, and VAT. In US dollars."
    >
      <QueryGate query={invoices} what="the invoices">
        {(list) => (
          <div className="space-y-2">
            <DataTable
              columns={columns(money)}
              rows={list}
              caption="Invoices, newest first"
              rowKey={(invoice) => invoice.id}
              rowProps={(invoice) => ({
                onClick: open(invoice),
                className: 'cursor-pointer transition-colors hover:bg-muted/50',
                'data-testid': 'invoice-row',
              })}
              placeholder={
                list.length === 0
                  ? 'No invoice yet: the first one is issued when the month ends.'
                  : undefined
              }
              density="comfortable"
              className="bg-card"
            />
            <UsdNote />
          </div>
        )}
      </QueryGate>
    </BillingSection>
  );
}
