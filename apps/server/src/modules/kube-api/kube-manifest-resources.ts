import type { KubeResource } from './kube-resource.ts';
import type { KubeManifest } from './kube-store.ts';
import { record, type Fields } from './kube-fields.ts';
import { age, ageColumn, column, nameColumn } from './kube-tables.ts';

/**
 * The resources only clients write (nothing of the platform's is one): deployments,
 * config maps, secrets and persistent volume claims, with the columns of Kubernetes' printers.
 */

const count = (value: unknown) => Object.keys(record(value)).length;
const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const namespaced = {
  'metadata.name': (object: KubeManifest) => object.metadata.name,
  'metadata.namespace': (object: KubeManifest) => object.metadata.namespace ?? '',
};

export const deploymentsResource: KubeResource<KubeManifest> = {
  name: 'deployments',
  groupVersion: 'apps/v1',
  singularName: 'deployment',
  kind: 'Deployment',
  namespaced: true,
  shortNames: ['deploy'],
  categories: ['all'],
  objects: (all) => all.deployments,
  fields: namespaced,
  columns: [
    nameColumn,
    column('Ready', 'Number of the pod with ready state'),
    column('Up-to-date', 'Total number of non-terminated pods targeted by this deployment.'),
    column('Available', 'Total number of available pods (ready for at least minReadySeconds).'),
    ageColumn,
    column('Containers', 'Names of each container in the template.', { priority: 1 }),
    column('Images', 'Images referenced by each container in the template.', { priority: 1 }),
    column('Selector', 'Label selector for pods.', { priority: 1 }),
  ],
  cells: (deployment, now) => {
    const status = record(deployment.status);
    const containers = (record(record(record(deployment.spec).template).spec).containers ??
      []) as Fields[];
    const selector = record(record(deployment.spec).selector).matchLabels;
    return [
      deployment.metadata.name,
      `${num(status.readyReplicas)}/${num(record(deployment.spec).replicas)}`,
      num(status.updatedReplicas),
      num(status.availableReplicas),
      age(deployment, now),
      containers.map((container) => String(container.name)).join(','),
      containers.map((container) => String(container.image)).join(','),
      Object.entries(record(selector))
        .map(([key, value]) => `${key}=${String(value)}`)
        .join(','),
    ];
  },
};

export const configMapsResource: KubeResource<KubeManifest> = {
  name: 'configmaps',
  singularName: 'configmap',
  kind: 'ConfigMap',
  namespaced: true,
  shortNames: ['cm'],
  objects: (all) => all.configMaps,
  fields: namespaced,
  columns: [nameColumn, column('Data', 'Number of data entries'), ageColumn],
  cells: (map, now) => [map.metadata.name, count(map.data) + count(map.binaryData), age(map, now)],
};

export const secretsResource: KubeResource<KubeManifest> = {
  name: 'secrets',
  singularName: 'secret',
  kind: 'Secret',
  namespaced: true,
  shortNames: [],
  objects: (all) => all.secrets,
  fields: { ...namespaced, type: (secret) => String(secret.type ?? '') },
  columns: [
    nameColumn,
    column('Type', 'The type of the secret'),
    column('Data', 'Number of data entries'),
    ageColumn,
  ],
  cells: (secret, now) => [
    secret.metadata.name,
    String(secret.type),
    count(secret.data),
    age(secret, now),
  ],
};

export const claimsResource: KubeResource<KubeManifest> = {
  name: 'persistentvolumeclaims',
  singularName: 'persistentvolumeclaim',
  kind: 'PersistentVolumeClaim',
  namespaced: true,
  shortNames: ['pvc'],
  objects: (all) => all.claims,
  fields: namespaced,
  columns: [
    nameColumn,
    column('Status', 'phase represents the current phase of PersistentVolumeClaim.'),
    column('Volume', 'volumeName is the binding reference to the PersistentVolume.'),
    column('Capacity', 'capacity represents the actual resources of the underlying volume.'),
    column('Access Modes', 'accessModes contains all ways the volume can be mounted.'),
    column('StorageClass', 'storageClassName is the name of the StorageClass.'),
    column('VolumeAttributesClass', 'volumeAttributesClassName of the claim.'),
    ageColumn,
    column('VolumeMode', 'volumeMode defines what type of volume is required by the claim.', {
      priority: 1,
    }),
  ],
  cells: (claim, now) => {
    const spec = record(claim.spec);
    const status = record(claim.status);
    return [
      claim.metadata.name,
      String(status.phase ?? 'Pending'),
      String(spec.volumeName ?? ''),
      String(record(status.capacity).storage ?? ''),
      ((status.accessModes ?? []) as string[])
        .map((mode) => (mode === 'ReadWriteOnce' ? 'RWO' : mode === 'ReadOnlyMany' ? 'ROX' : 'RWX'))
        .join(','),
      String(spec.storageClassName ?? ''),
      '<unset>',
      age(claim, now),
      String(spec.volumeMode ?? 'Filesystem'),
    ];
  },
};
