import { useQuery } from '@tanstack/react-query';
import type { CreditEntry } from '@alpenkube/contract/billing';
import { useMoney } from '@/components/pricing/use-money';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { useCan } from '@/lib/session/use-can';
import { creditKindLabels, formatDate, signedMoney } from '../billing-format';
import { billingQueries } from '../queries';
import { BillingSection } from './billing-section';
import { QueryGate } from './query-gate';
import { RedeemCodeForm } from './redeem-code-form';
import { UsdNote } from './usd-note';

function columns(money: (cents: number) => string): DataTableColumn<CreditEntry>[] {
  return [
    {
      id: 'date',
      header: 'Date',
      className: 'hidden sm:table-cell',
      cellClassName: 'whitespace-nowrap text-muted-foreground',
      cell: (entry) => <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>,
    },
    {
      id: 'kind',
      header: 'Kind',
      cell: (entry) => (
        <>
          <span className="font-medium">{creditKindLabels[entry.kind]}</span>
          {/* Phones have no room for the date and description columns: they go under the kind. */}
          <span className="mt-0.5 block text-muted-foreground sm:hidden">
            {entry.description}
            <time dateTime={entry.createdAt} className="block text-xs">
              {formatDate(entry.createdAt)}
            </time>
          </span>
        </>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      className: 'hidden sm:table-cell',
      cell: (entry) => entry.description,
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (entry) => (
        <span className={cn(entry.amount > 0 && 'text-success')}>
          {signedMoney(money, entry.amount)}
        </span>
      ),
    },
    {
      id: 'balance',
      header: 'Balance after',
      align: 'right',
      className: 'hidden md:table-cell',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (entry) => money(entry.balanceAfter),
    },
  ];
}

/** The credit balance and its newest movements: refunds, unused time, grants, payments. */
export function CreditsSection() {
  const credits = useQuery(billingQueries.credits());
  const { money } = useMoney();
  const canRedeem = useCan('orderer', 'billing:write');
  return (
    <BillingSection
      id="credits"
      title="Credits"
      description="Refunds, unused prepaid time, grants and credit codes add to the balance; every payment takes from it first."
    >
      <QueryGate query={credits} what="the credits">
        {(data) => (
          <div className="space-y-3">
            <p className="text-sm">
              Balance:{' '}
              <strong className="text-lg tabular-nums" data-testid="credit-balance">
                {money(data.balance)}
              </strong>
            </p>
            {canRedeem ? <RedeemCodeForm /> : null}
            <DataTable
              columns={columns(money)}
              rows={data.history}
              caption="Credit history, newest first"
              rowKey={(entry) => entry.id}
              rowProps={() => ({ 'data-testid': 'credit-row' })}
              placeholder={data.history.length === 0 ? 'No credit has moved yet.' : undefined}
              className="bg-card"
            />
            <UsdNote />
          </div>
        )}
      </QueryGate>
    </BillingSection>
  );
}
