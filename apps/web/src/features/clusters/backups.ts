import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Backup, ClusterBackups } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf, request } from '@/lib/http';

/*
 * A cluster's backups. The key is under the cluster's path, so a push about the cluster (a
 * backup done, a restore's steps) marks the list stale with every other view of it.
 */
export const backupsKey = (id: number) => queryKeyOf(endpoints.clusters.backups, id);

export function useClusterBackups(id: number) {
  return useQuery<ClusterBackups>({ queryKey: backupsKey(id) });
}

export const restoreBackup = (id: number, backupId: number) =>
  request(endpoints.clusters.restoreBackup, { params: [id, backupId] });

/** A backup besides the schedule; the list shows it at once, running until its job is done. */
export function useTakeBackup(
  id: number,
  callbacks: { onSuccess: (backup: Backup) => void; onError: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(endpoints.clusters.takeBackup, { params: [id] }),
    onSuccess: (backup) => {
      void queryClient.invalidateQueries({ queryKey: backupsKey(id) });
      callbacks.onSuccess(backup);
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: backupsKey(id) });
      callbacks.onError(error);
    },
  });
}

/** A snapshot's size for people: "42.3 MB". */
export function formatBackupSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1024 ? `${(mb / 1024).toFixed(1)} GB` : `${mb.toFixed(1)} MB`;
}
