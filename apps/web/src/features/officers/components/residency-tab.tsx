import { Download } from 'lucide-react';
import type { ResidencyRow } from '@alpenkube/contract';
import { residencyPolicyLabels } from '@alpenkube/contract/organization-settings';
import { QueryError } from '@/components/page/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { residencyCsvUrl, useResidency } from '../queries';
import { ResidencyPolicies } from './residency-policies';

function Jurisdiction({ row }: { row: ResidencyRow }) {
  const badge =
    row.jurisdiction === 'eu' ? (
      <Badge variant="success">EU</Badge>
    ) : (
      <Badge variant="destructive">
        {row.jurisdiction === 'non_eu' ? 'Outside EU' : 'Unknown'}
      </Badge>
    );
  if (!row.outsidePolicy) return badge;
  return (
    <span className="flex flex-wrap items-center gap-1">
      {badge}
      <Badge variant="destructive">Outside its policy</Badge>
    </span>
  );
}

/** Where every cluster and product keeps its data, with what is outside the EU flagged. */
export function ResidencyTab() {
  const report = useResidency();
  if (report.error) {
    return (
      <QueryError
        title="The report could not be loaded"
        error={report.error}
        onRetry={() => void report.refetch()}
      />
    );
  }
  if (!report.data) return <Spinner label="Loading the report…" className="min-h-[20dvh]" />;
  const { rows, counts, policies } = report.data;
  return (
    <section className="space-y-4" aria-label="Data residency">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <dl className="flex flex-wrap gap-3 text-sm" aria-label="Counts by jurisdiction">
          <Count label="In the EU" value={counts.eu} />
          <Count label="Outside the EU" value={counts.nonEu} warn={counts.nonEu > 0} />
          {counts.unknown ? <Count label="Unknown region" value={counts.unknown} warn /> : null}
        </dl>
        <Button asChild variant="outline" size="sm">
          <a href={residencyCsvUrl()} download data-testid="residency-csv">
            <Download className="size-4" aria-hidden="true" /> Download CSV
          </a>
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No cluster or product exists yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border">
          <table
            className="w-full min-w-[40rem] text-left text-sm"
            aria-label="Workloads by region"
          >
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                {['Workload', 'Organization', 'Provider', 'Region', 'Country', 'Jurisdiction'].map(
                  (title) => (
                    <th key={title} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                      {title}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={`${row.kind}-${row.id}`}
                  className={row.outsideEu ? 'border-t bg-destructive/5' : 'border-t'}
                >
                  <td className="px-3 py-2">
                    <span className="font-medium">{row.name}</span>{' '}
                    <span className="text-muted-foreground">({row.kind})</span>
                  </td>
                  <td className="px-3 py-2">
                    {row.organization.name}
                    <span className="block text-xs text-muted-foreground">
                      {residencyPolicyLabels[row.organization.residencyPolicy]}
                    </span>
                  </td>
                  <td className="px-3 py-2">{row.provider}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {row.region}
                    {row.city ? ` · ${row.city}` : ''}
                  </td>
                  <td className="px-3 py-2">{row.country ?? '—'}</td>
                  <td className="px-3 py-2">
                    <Jurisdiction row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ResidencyPolicies policies={policies} />
    </section>
  );
}

function Count({ label, value, warn = false }: { label: string; value: number; warn?: boolean }) {
  return (
    <div className="rounded-lg border px-3 py-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={warn ? 'text-lg font-semibold text-destructive' : 'text-lg font-semibold'}>
        {value}
      </dd>
    </div>
  );
}
