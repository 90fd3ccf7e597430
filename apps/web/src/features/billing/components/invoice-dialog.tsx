import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { parseRowId } from '@/lib/row-id';
import { formatPeriod } from '../billing-format';
import { billingQueries } from '../queries';
import { InvoiceDetail } from './invoice-detail';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { QueryGate } from './query-gate';

function InvoiceBody({ id }: { id: number }) {
  const invoice = useQuery(billingQueries.invoice(id));
  const data = invoice.data;
  return (
    <>
      <DialogHeader className="pr-6 text-left">
        <DialogTitle className="flex flex-wrap items-center gap-2">
          Invoice {data?.number ?? ''}
          {data ? <InvoiceStatusBadge status={data.status} /> : null}
        </DialogTitle>
        <DialogDescription>
          {data ? formatPeriod(data.periodStart, data.periodEnd) : 'Its lines, VAT and totals.'}
        </DialogDescription>
      </DialogHeader>
      <QueryGate query={invoice} what="the invoice">
        {(loaded) => <InvoiceDetail invoice={loaded} />}
      </QueryGate>
    </>
  );
}

/** `?invoice=<id>` on /billing: the invoice's detail over the page; closing drops the parameter. */
export function InvoiceDialog() {
  const [search, setSearch] = useSearchParams();
  const id = parseRowId(search.get('invoice'));
  const close = () =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('invoice');
        return next;
      },
      { replace: true },
    );
  return (
    <Dialog open={id !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="max-w-3xl">
        {id !== null ? <InvoiceBody id={id} /> : null}
      </DialogContent>
    </Dialog>
  );
}
