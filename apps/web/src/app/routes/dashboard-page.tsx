import { Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Notification } from '@alpenkube/contract';
import { ArrowRight, Calculator, Plus, Server, ShoppingCart, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { getQueryFn } from '@/lib/http';
import { useAuth } from '@/lib/session/use-auth';
import { useRoleReaches } from '@/lib/session/use-can';
import { DashboardClusters, DashboardSpend, LatestNotifications } from '@/features/dashboard';
import { notificationKeys } from '@/features/notifications';
import { OpenOrders } from '@/features/orders';
import { OpenTickets } from '@/features/support/components/open-tickets';
import { useSidebarCounts } from '../shell/sidebar/use-sidebar-counts';
import { OrganizationAwaitingApproval } from './waiting-for-approval';
import { isWaitingToJoin, WaitingForApproval } from './waiting-to-join';

function StatCard({
  title,
  value,
  icon: Icon,
  link,
}: {
  title: string;
  value: number | undefined;
  icon: LucideIcon;
  link: { to: string; label: string };
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-4 p-4 pb-2 sm:p-6 sm:pb-2">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="space-y-2 p-4 pt-0 sm:p-6 sm:pt-0">
        <p
          className="text-3xl font-semibold tabular-nums"
          data-testid={`stat-${title.toLowerCase()}`}
        >
          {value ?? <span className="text-muted-foreground">–</span>}
          {value === undefined ? <span className="sr-only">Loading</span> : null}
        </p>
        <Link
          to={link.to}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          {link.label}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </CardContent>
    </Card>
  );
}

function QuickAction({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Button asChild variant="outline" className="w-full justify-start">
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </Button>
  );
}

/** The bell's own list (it polls it): the dashboard reads the same cache, at no extra request. */
function useNotifications(signedIn: boolean) {
  return useQuery<Notification[] | null>({
    queryKey: notificationKeys.list,
    queryFn: getQueryFn<Notification[]>({ on401: 'returnNull' }),
    enabled: signedIn,
  }).data;
}

/**
 * /dashboard: the organization at a glance, from real data only: the sidebar's counts (one
 * query, shared with the sidebar), the clusters by status and their latest events, the open
 * orders and tickets, the month's spend (with its budget) and the latest notifications.
 */
export function DashboardPage() {
  const { user } = useAuth();
  if (isWaitingToJoin(user)) {
    return (
      <Suspense fallback={null}>
        <WaitingForApproval user={user} />
      </Suspense>
    );
  }
  return <MemberDashboard />;
}

function MemberDashboard() {
  const { user } = useAuth();
  const counts = useSidebarCounts(Boolean(user));
  const notifications = useNotifications(Boolean(user));
  // A member sees what their role reaches: a billing member no clusters, a read-only one no order.
  const reaches = useRoleReaches();
  const clusters = reaches('clusters:read');
  const orders = reaches('orders:read');
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <header className="space-y-1.5 border-b pb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Dashboard</h1>
        <p className="text-muted-foreground">
          {user?.name ? `Welcome back, ${user.name}. ` : ''}Your spend, clusters and orders at a
          glance.
        </p>
      </header>
      {user?.organizationStatus === 'pending_approval' ? (
        <OrganizationAwaitingApproval name={user.companyName} />
      ) : null}
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        {clusters ? (
          <StatCard
            title="Clusters"
            value={counts.clusters}
            icon={Server}
            link={{ to: paths.myClusters, label: 'All clusters' }}
          />
        ) : null}
        {orders ? (
          <StatCard
            title="Orders"
            value={counts.orders}
            icon={ShoppingCart}
            link={{ to: paths.orders, label: 'All orders' }}
          />
        ) : null}
        <Card className="col-span-2 lg:col-span-1">
          <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-3">
            <h2 className="leading-none font-semibold tracking-tight">Get started</h2>
            <CardDescription>Price a cluster, or order one.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2 p-4 pt-0 sm:p-6 sm:pt-0">
            {reaches('orders:write') ? (
              <QuickAction to={paths.configureCluster} icon={<Plus aria-hidden="true" />}>
                Configure New Cluster
              </QuickAction>
            ) : null}
            <QuickAction to={paths.priceEstimator} icon={<Calculator aria-hidden="true" />}>
              Price Estimator
            </QuickAction>
          </CardContent>
        </Card>
      </div>
      <DashboardSpend />
      {clusters ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <DashboardClusters />
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {orders ? <OpenOrders /> : null}
        <OpenTickets />
      </div>
      <LatestNotifications notifications={notifications} />
    </div>
  );
}
