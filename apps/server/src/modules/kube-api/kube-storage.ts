import type {
  KubeClusterView,
  KubePersistentVolume,
  KubeService,
  ObjectMeta,
} from './kube-types.ts';
import { compareKeys, numberOf, resourceVersionOf, timestamp, uidOf } from './kube-names.ts';

function meta(
  cluster: KubeClusterView,
  key: string,
  name: string,
  createdAt: Date,
  labels: Record<string, string>,
  namespace?: string,
): ObjectMeta {
  return {
    name,
    ...(namespace ? { namespace } : {}),
    uid: uidOf(`${cluster.id}/${key}/${namespace ?? ''}/${name}`),
    resourceVersion: resourceVersionOf(createdAt),
    creationTimestamp: timestamp(createdAt),
    labels,
  };
}

/**
 * The customer's persistent volumes, as the provider's CSI driver would have provisioned them:
 * one made on the cluster page ahead of any claim is `Available`, one a claim made is `Bound` to
 * it; released by the class's policy (`-retain` keeps the disk).
 */
export function persistentVolumeObjects(cluster: KubeClusterView): KubePersistentVolume[] {
  return cluster.volumes
    .map((volume): KubePersistentVolume => ({
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: meta(cluster, 'pv', volume.name, volume.createdAt, {
        'app.kubernetes.io/managed-by': 'alpenkube',
      }),
      spec: {
        capacity: { storage: `${volume.sizeGb}Gi` },
        accessModes: ['ReadWriteOnce'],
        persistentVolumeReclaimPolicy: volume.storageClass.endsWith('-retain')
          ? 'Retain'
          : 'Delete',
        storageClassName: volume.storageClass,
        volumeMode: 'Filesystem',
        csi: {
          driver: 'csi.alpenkube.io',
          volumeHandle: uidOf(`${cluster.id}/volume/${volume.name}`),
          fsType: 'ext4',
        },
        ...(volume.claim
          ? {
              claimRef: {
                apiVersion: 'v1' as const,
                kind: 'PersistentVolumeClaim' as const,
                ...volume.claim,
              },
            }
          : {}),
      },
      status: { phase: volume.claim ? 'Bound' : 'Available' },
    }))
    .sort((a, b) => compareKeys(a.metadata.name, b.metadata.name));
}

/** A service's cluster address in 10.96.0.0/16, from a digest of the cluster and its name. */
function serviceIp(cluster: KubeClusterView, name: string): string {
  const n = numberOf(`${cluster.id}/service/${name}`);
  return `10.96.${1 + (n % 254)}.${1 + ((n >>> 8) % 254)}`;
}

const nodePort = (cluster: KubeClusterView, name: string, port: number) =>
  30000 + (numberOf(`${cluster.id}/node-port/${name}/${port}`) % 2768);

/**
 * `kubernetes` and `kube-dns`, which every cluster has, and a `LoadBalancer` service in
 * `default` for each of the customer's load balancers, its public address as ingress.
 */
export function serviceObjects(cluster: KubeClusterView): KubeService[] {
  const system = (
    name: string,
    namespace: string,
    clusterIP: string,
    ports: KubeService['spec']['ports'],
    labels: Record<string, string>,
    selector?: Record<string, string>,
  ): KubeService => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta(cluster, 'service', name, cluster.createdAt, labels, namespace),
    spec: {
      type: 'ClusterIP',
      clusterIP,
      clusterIPs: [clusterIP],
      ports,
      ...(selector ? { selector } : {}),
      sessionAffinity: 'None',
    },
    status: { loadBalancer: {} },
  });
  const services: KubeService[] = [
    system(
      'kubernetes',
      'default',
      '10.96.0.1',
      [{ name: 'https', protocol: 'TCP', port: 443, targetPort: 6443 }],
      { component: 'apiserver', provider: 'kubernetes' },
    ),
    system(
      'kube-dns',
      'kube-system',
      '10.96.0.10',
      [
        { name: 'dns', protocol: 'UDP', port: 53, targetPort: 53 },
        { name: 'dns-tcp', protocol: 'TCP', port: 53, targetPort: 53 },
        { name: 'metrics', protocol: 'TCP', port: 9153, targetPort: 9153 },
      ],
      { 'k8s-app': 'kube-dns' },
      { 'k8s-app': 'kube-dns' },
    ),
  ];
  for (const balancer of cluster.loadBalancers) {
    const clusterIP = serviceIp(cluster, balancer.name);
    services.push({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: meta(
        cluster,
        'service',
        balancer.name,
        balancer.createdAt,
        { 'app.kubernetes.io/managed-by': 'alpenkube' },
        'default',
      ),
      spec: {
        type: 'LoadBalancer',
        clusterIP,
        clusterIPs: [clusterIP],
        ports: [80, 443].map((port) => ({
          name: port === 80 ? 'http' : 'https',
          protocol: 'TCP' as const,
          port,
          targetPort: port,
          nodePort: nodePort(cluster, balancer.name, port),
        })),
        selector: { app: balancer.name },
        sessionAffinity: 'None',
        externalTrafficPolicy: 'Cluster',
      },
      status: { loadBalancer: { ingress: [{ ip: balancer.ip }] } },
    });
  }
  return services.sort(
    (a, b) =>
      compareKeys(a.metadata.namespace!, b.metadata.namespace!) ||
      compareKeys(a.metadata.name, b.metadata.name),
  );
}
