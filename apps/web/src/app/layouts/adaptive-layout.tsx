import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/session/use-auth';
import { DashboardLayout } from './dashboard-layout';
import { PublicLayout } from './public-layout';

/**
 * A page that signed-out visitors may use too (the price estimator): members see it in the
 * dashboard with its sidebar, visitors in the public layout, rather than being sent to sign in.
 */
export function AdaptiveLayout() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner className="min-h-[50vh]" size="lg" label="Loading..." />;
  return user ? <DashboardLayout /> : <PublicLayout />;
}
