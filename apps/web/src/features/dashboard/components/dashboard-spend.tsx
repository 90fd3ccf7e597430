import { useCan } from '@/lib/session/use-can';
import { useBillingSummary } from '../queries';
import { MonthSpend } from './month-spend';

/** The month's spend for the organization's members; nothing for someone not yet in it. */
export function DashboardSpend() {
  const member = useCan('member');
  const summary = useBillingSummary(member);
  if (!member) return null;
  return (
    <MonthSpend
      summary={summary.data}
      error={summary.error}
      onRetry={() => void summary.refetch()}
    />
  );
}
