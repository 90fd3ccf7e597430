import type { OperatorOrganizationDetail } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { FormDialog } from '@/components/ui/form-dialog';
import { formatDay, formatUsd } from '../labels';
import { voidInvoice } from '../requests';
import { VoidInvoiceForm, loadForms } from './lazy-forms';
import { Section } from './section';

type Invoice = OperatorOrganizationDetail['invoices'][number];

const statusBadges = {
  open: { label: 'Open', variant: 'warning' },
  paid: { label: 'Paid', variant: 'success' },
  void: { label: 'Void', variant: 'secondary' },
} as const;

function VoidButton({ invoice }: { invoice: Invoice }) {
  return (
    <FormDialog
      preload={loadForms}
      trigger="Void"
      triggerProps={{ 'aria-label': `Void ${invoice.number}` }}
      title={`Void ${invoice.number}`}
      description={`${formatUsd(invoice.total)}. It stays readable as issued, marked void; the organization's admins are told why.`}
    >
      {(close) => (
        <VoidInvoiceForm
          invoice={invoice}
          submit={(body) => voidInvoice(invoice.id, body)}
          close={close}
        />
      )}
    </FormDialog>
  );
}

const columns: DataTableColumn<Invoice>[] = [
  {
    id: 'number',
    header: 'Invoice',
    rowHeader: true,
    cellClassName: 'whitespace-nowrap font-mono text-xs',
    cell: (invoice) => (
      <>
        {invoice.number}
        {invoice.creditNote ? (
          <span className="block text-muted-foreground">
            <span className="sr-only">Credit note </span>
            {invoice.creditNote}
          </span>
        ) : null}
      </>
    ),
  },
  {
    id: 'issued',
    header: 'Issued',
    cellClassName: 'whitespace-nowrap',
    cell: (invoice) => formatDay(invoice.issuedAt),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (invoice) => (
      <Badge variant={statusBadges[invoice.status].variant}>
        {statusBadges[invoice.status].label}
      </Badge>
    ),
  },
  {
    id: 'total',
    header: 'Total',
    align: 'right',
    cell: (invoice) => <span className="tabular-nums">{formatUsd(invoice.total)}</span>,
  },
  {
    id: 'actions',
    header: <span className="sr-only">Actions</span>,
    align: 'right',
    cell: (invoice) => (invoice.status === 'void' ? null : <VoidButton invoice={invoice} />),
  },
];

/** The newest invoices; an operator voids one with a reason. */
export function InvoicesSection({ invoices }: { invoices: Invoice[] }) {
  return (
    <Section title="Invoices" lead="The newest twelve.">
      {invoices.length === 0 ? (
        <p className="text-sm text-muted-foreground">No invoices yet.</p>
      ) : (
        <DataTable
          caption="Invoices"
          columns={columns}
          rows={invoices}
          rowKey={(invoice) => invoice.id}
        />
      )}
    </Section>
  );
}
