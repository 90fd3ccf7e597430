import type { KubeClusterView, KubeNamespace, KubeService } from './kube-types.ts';
import type { KubeManifest } from './kube-store.ts';
import { record } from './kube-fields.ts';
import type { Workload } from './kube-pods.ts';
import { hexOf } from './kube-names.ts';

/** What clients wrote, by kind, with what a controller would have observed in its status. */
export interface WrittenObjects {
  namespaces: KubeNamespace[];
  services: KubeService[];
  deployments: KubeManifest[];
  configMaps: KubeManifest[];
  secrets: KubeManifest[];
  claims: KubeManifest[];
  /** The written deployments' pods to place on the nodes. */
  workloads: Workload[];
}

const byKind = (objects: KubeManifest[], kind: string) =>
  objects.filter((object) => object.kind === kind);

/**
 * A deployment's status as its controller would report it: every replica up to date, and ready
 * while a node is ready to run it (its pods are placed as the add-ons' are).
 */
function observed(deployment: KubeManifest, readyNodes: number): KubeManifest {
  const replicas = Number(record(deployment.spec).replicas ?? 1);
  const ready = readyNodes > 0 ? replicas : 0;
  const since = deployment.metadata.creationTimestamp;
  return {
    ...deployment,
    status: {
      observedGeneration: deployment.metadata.generation ?? 1,
      replicas,
      updatedReplicas: replicas,
      ...(ready ? { readyReplicas: ready, availableReplicas: ready } : {}),
      ...(replicas - ready ? { unavailableReplicas: replicas - ready } : {}),
      conditions: [
        {
          type: 'Available',
          status: ready === replicas ? 'True' : 'False',
          reason: ready === replicas ? 'MinimumReplicasAvailable' : 'MinimumReplicasUnavailable',
          lastUpdateTime: since,
          lastTransitionTime: since,
        },
        {
          type: 'Progressing',
          status: 'True',
          reason: 'NewReplicaSetAvailable',
          lastUpdateTime: since,
          lastTransitionTime: since,
        },
      ],
    },
  };
}

/** The pods a written deployment runs: its first container's image, named after its template. */
function workloadOf(deployment: KubeManifest): Workload {
  const template = record(record(deployment.spec).template);
  const container = record((record(template.spec).containers as unknown[] | undefined)?.[0]);
  const requests = record(record(container.resources).requests);
  return {
    namespace: deployment.metadata.namespace!,
    name: deployment.metadata.name,
    kind: { deployment: Number(record(deployment.spec).replicas ?? 1) },
    labels: record(record(template.metadata).labels) as Record<string, string>,
    image: String(container.image ?? ''),
    containerName: String(container.name ?? deployment.metadata.name),
    requests: Object.fromEntries(
      Object.entries(requests).map(([key, value]) => [key, String(value)]),
    ),
    serviceAccountName: String(record(template.spec).serviceAccountName ?? 'default'),
    hostNetwork: false,
    createdAt: new Date(deployment.metadata.creationTimestamp),
    ready: true,
    template: hexOf(JSON.stringify(template), 16),
  };
}

export function writtenObjects(cluster: KubeClusterView): WrittenObjects {
  const objects = cluster.store?.objects ?? [];
  const readyNodes = cluster.nodes.filter((node) => node.ready).length;
  const deployments = byKind(objects, 'Deployment');
  return {
    // Their fields were checked and defaulted when written (`kube-validation.ts`).
    namespaces: byKind(objects, 'Namespace') as unknown as KubeNamespace[],
    services: byKind(objects, 'Service') as unknown as KubeService[],
    deployments: deployments.map((deployment) => observed(deployment, readyNodes)),
    configMaps: byKind(objects, 'ConfigMap'),
    secrets: byKind(objects, 'Secret'),
    claims: byKind(objects, 'PersistentVolumeClaim'),
    workloads: deployments.map(workloadOf),
  };
}
