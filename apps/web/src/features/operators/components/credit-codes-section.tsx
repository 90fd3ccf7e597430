import type { CreditCode } from '@alpenkube/contract';
import { QueryError } from '@/components/page/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { FormDialog } from '@/components/ui/form-dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDay, formatUsd } from '../labels';
import { useCreditCodes, useOperatorChange } from '../queries';
import { revokeCreditCode } from '../requests';
import { CreditCodeForm, loadForms } from './lazy-forms';
import { Section } from './section';

const today = () => new Date().toISOString().slice(0, 10);

function stateOf(code: CreditCode) {
  if (code.revokedAt) return { label: 'Revoked', variant: 'secondary' } as const;
  if (code.expiresOn < today()) return { label: 'Expired', variant: 'secondary' } as const;
  if (code.redemptions >= code.maxRedemptions)
    return { label: 'Used up', variant: 'secondary' } as const;
  return { label: 'Open', variant: 'success' } as const;
}

function StateBadge({ code, className }: { code: CreditCode; className?: string }) {
  const state = stateOf(code);
  return (
    <Badge variant={state.variant} className={className}>
      {state.label}
    </Badge>
  );
}

function RevokeButton({ code }: { code: CreditCode }) {
  const revoke = useOperatorChange(() => revokeCreditCode(code.id), {
    success: () => `Code ${code.code} revoked`,
    failure: 'The code was not revoked',
  });
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`Revoke ${code.code}`}
      disabled={revoke.isPending}
      onClick={() => revoke.mutate(undefined)}
    >
      Revoke
    </Button>
  );
}

const columns: DataTableColumn<CreditCode>[] = [
  {
    id: 'code',
    header: 'Code',
    cell: (code) => (
      <>
        <span className="font-mono font-medium whitespace-nowrap">{code.code}</span>
        <span className="block text-xs text-muted-foreground">{code.description}</span>
        {/* Phones have no room for the state column: it goes under the code. */}
        <StateBadge code={code} className="mt-1 sm:hidden" />
      </>
    ),
  },
  {
    id: 'amount',
    header: 'Credit',
    align: 'right',
    cellClassName: 'whitespace-nowrap tabular-nums',
    cell: (code) => formatUsd(code.amount),
  },
  {
    id: 'used',
    header: 'Redeemed',
    align: 'right',
    className: 'hidden sm:table-cell',
    cellClassName: 'whitespace-nowrap tabular-nums',
    cell: (code) => `${code.redemptions} of ${code.maxRedemptions}`,
  },
  {
    id: 'until',
    header: 'Last day',
    className: 'hidden md:table-cell',
    cellClassName: 'whitespace-nowrap',
    cell: (code) => formatDay(`${code.expiresOn}T00:00:00Z`),
  },
  {
    id: 'state',
    header: 'State',
    className: 'hidden sm:table-cell',
    cell: (code) => <StateBadge code={code} />,
  },
  {
    id: 'actions',
    header: <span className="sr-only">Actions</span>,
    align: 'right',
    cell: (code) => (stateOf(code).label === 'Open' ? <RevokeButton code={code} /> : null),
  },
];

/** Codes any organization redeems once on its billing page, until the last day or last use. */
export function CreditCodesSection() {
  const codes = useCreditCodes();
  return (
    <Section
      title="Credit codes"
      lead="Each organization redeems a code once, on its billing page, for the credit shown."
      action={
        <FormDialog
          preload={loadForms}
          trigger="New code"
          title="New credit code"
          description="Customers type it under Credits on their billing page."
        >
          {(close) => <CreditCodeForm close={close} />}
        </FormDialog>
      }
    >
      {codes.error ? (
        <QueryError
          title="The credit codes could not be loaded"
          error={codes.error}
          onRetry={() => void codes.refetch()}
        />
      ) : !codes.data ? (
        <Spinner label="Loading the credit codes…" />
      ) : (
        <DataTable
          columns={columns}
          rows={codes.data}
          caption="Credit codes, newest first"
          rowKey={(code) => code.id}
          placeholder={codes.data.length === 0 ? 'No code has been issued yet.' : undefined}
        />
      )}
    </Section>
  );
}
