import { useQuery } from '@tanstack/react-query';
import { CardSkeletons, QueryError } from '@/components/page/query-state';
import { billingQueries } from '../queries';
import { BillingAlerts } from './billing-alerts';
import { BillingFigures } from './billing-figures';

/** The top of the page: what must be paid now, then the month's figures. */
export function BillingOverview() {
  const summary = useQuery(billingQueries.summary());
  if (summary.data) {
    return (
      <div className="space-y-4">
        <BillingAlerts summary={summary.data} />
        <BillingFigures summary={summary.data} />
      </div>
    );
  }
  if (summary.error) {
    return (
      <QueryError
        title="The billing summary could not be loaded"
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  return (
    <div
      className="grid grid-cols-2 gap-3 lg:grid-cols-4"
      aria-busy="true"
      aria-label="Loading the billing summary"
    >
      <CardSkeletons count={4} className="h-28" />
    </div>
  );
}
