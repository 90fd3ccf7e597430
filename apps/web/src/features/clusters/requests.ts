import type { SleepSchedule, UpdateNodePool } from '@alpenkube/contract';
import { endpoints, type BodyOf } from '@alpenkube/contract/endpoints';
import { HttpError, request, requestErrorMessage } from '@/lib/http';

const { clusters } = endpoints;

export const renameCluster = (id: number, name: string) =>
  request(clusters.rename, { params: [id], body: { name } });

export const updateNodePool = (id: number, poolId: number, body: UpdateNodePool) =>
  request(clusters.updateNodePool, { params: [id, poolId], body });

export const addNodePool = (id: number, body: BodyOf<typeof clusters.addNodePool>) =>
  request(clusters.addNodePool, { params: [id], body });

export const removeNodePool = (id: number, poolId: number) =>
  request(clusters.removeNodePool, { params: [id, poolId] });

export const upgradeCluster = (id: number, version: string) =>
  request(clusters.upgrade, { params: [id], body: { version } });

export const recycleNode = (id: number, nodeName: string) =>
  request(clusters.recycleNode, { params: [id, nodeName] });

/** The body repeats the name: the server deletes nothing on a slip of the finger. */
export const deleteCluster = (id: number, name: string) =>
  request(clusters.delete, { params: [id], body: { name } });

export const rotateCredentials = (id: number) =>
  request(clusters.rotateCredentials, { params: [id] });

/**
 * The cluster's kubeconfig as the YAML the server writes. Not through `request`, which reads
 * every answer as JSON (and caches GETs): this one is a file, asked for fresh each time, since
 * rotating the credentials makes an earlier one useless.
 */
export async function fetchKubeconfig(id: number): Promise<string> {
  const response = await fetch(clusters.kubeconfig.path(id), { credentials: 'include' });
  const text = await response.text();
  if (!response.ok) {
    throw new HttpError(
      requestErrorMessage(text, response.status, response.statusText),
      response.status,
    );
  }
  return text;
}

/** Uninstalls an add-on: a change of the cluster; the unused prepaid part is credited after. */
export const removeAddon = (id: number, slug: string) =>
  request(endpoints.addons.remove, { params: [id, slug] });

/** A preview cluster's expiry from now (hours), or null to keep it. */
export const updateClusterExpiry = (id: number, expiresInHours: number | null) =>
  request(clusters.updateExpiry, { params: [id], body: { expiresInHours } });

export const updateSleepSchedule = (id: number, schedule: SleepSchedule | null) =>
  request(clusters.updateSleepSchedule, { params: [id], body: { schedule } });

export const wakeCluster = (id: number) => request(clusters.wake, { params: [id] });

/** The order for a highly available control plane, priced by the server; the key makes a retried click safe. */
export const orderHighAvailability = (
  id: number,
  body: { promoCode?: string },
  idempotencyKey: string,
) =>
  request(endpoints.highAvailability.order, {
    params: [id],
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
