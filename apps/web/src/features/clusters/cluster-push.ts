import { usePushHandler, type PushHandler } from '@/lib/realtime/socket';
import { clusterPushed } from '@/lib/cluster-cache';

/**
 * A cluster of the organization changed (a status, a step of an operation, a node joining): its
 * event joins the cached log at once, and every view of it and the lists refetch. Whatever page
 * is open (the list, the cluster's page, the dashboard) follows without polling.
 */
export const handleClusterPush: PushHandler<'cluster'> = (message, context) => {
  void clusterPushed(context.queryClient, message);
};

/** Registered once, app-wide, for a signed-in user (the shell's signed-in effects). */
export function useClusterPushes() {
  usePushHandler('cluster', handleClusterPush);
}
