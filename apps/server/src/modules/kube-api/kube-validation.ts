import type { KubeManifest } from './kube-store.ts';
import { numberOf } from './kube-names.ts';
import { isRecord, mapOfStrings, record, type Fields, type Issues } from './kube-fields.ts';
import { claim, configMap, namespace, secret } from './kube-validation-data.ts';

export type { Issues } from './kube-fields.ts';
export { storageGiB } from './kube-validation-data.ts';

/**
 * The API server's checks and defaults for the objects clients write, kind by kind: what is
 * wrong is a list of `field: message` issues (a 422 Invalid naming the first ones), what is
 * missing gets the default Kubernetes gives it.
 */

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_NAME = /^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?$/;
/** Most replicas a written deployment may ask for: each is a simulated pod on every read. */
export const MAX_REPLICAS = 100;

const subdomainIssue = (value: string) =>
  value.length > 253 || !DNS_SUBDOMAIN.test(value)
    ? `Invalid value: "${value}": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character`
    : null;
const labelIssue = (value: string) =>
  value.length > 63 || !DNS_LABEL.test(value)
    ? `Invalid value: "${value}": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (at most 63)`
    : null;
const dns1035Issue = (value: string) =>
  value.length > 63 || !DNS_1035_LABEL.test(value)
    ? `Invalid value: "${value}": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (at most 63)`
    : null;

/** Which names each kind takes, as the API server checks them. */
const nameRules: Record<string, (name: string) => string | null> = {
  Namespace: labelIssue,
  Service: dns1035Issue,
};

export function checkMetadata(object: KubeManifest, issues: Issues) {
  const { name, labels, annotations } = object.metadata;
  const nameIssue =
    typeof name !== 'string' || !name
      ? 'Required value: name or generateName is required'
      : (nameRules[object.kind] ?? subdomainIssue)(name);
  if (nameIssue) issues.push(`metadata.name: ${nameIssue}`);
  mapOfStrings(labels, 'metadata.labels', issues);
  for (const [key, value] of Object.entries(record(labels))) {
    const keyName = key.split('/').at(-1) ?? '';
    if (!keyName || keyName.length > 63 || !LABEL_NAME.test(keyName) || key.split('/').length > 2) {
      issues.push(`metadata.labels: Invalid value: "${key}": name part must be a valid label key`);
    }
    if (typeof value === 'string' && (value.length > 63 || !LABEL_NAME.test(value))) {
      issues.push(
        `metadata.labels: Invalid value: "${value}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.' (at most 63)`,
      );
    }
  }
  mapOfStrings(annotations, 'metadata.annotations', issues);
}

function checkContainers(spec: Fields, issues: Issues) {
  const containers = spec.containers;
  if (!Array.isArray(containers) || !containers.length) {
    issues.push('spec.template.spec.containers: Required value');
    return;
  }
  containers.forEach((container: unknown, index) => {
    const entry = record(container);
    const where = `spec.template.spec.containers[${index}]`;
    if (typeof entry.name !== 'string' || labelIssue(entry.name)) {
      issues.push(
        `${where}.name: Invalid value: ${JSON.stringify(entry.name ?? '')}: a lowercase RFC 1123 label is required`,
      );
    }
    if (typeof entry.image !== 'string' || !entry.image.trim())
      issues.push(`${where}.image: Required value`);
  });
}

function deployment(object: KubeManifest, issues: Issues) {
  const spec = record(object.spec);
  const replicas = spec.replicas ?? 1;
  if (!Number.isInteger(replicas) || (replicas as number) < 0) {
    issues.push(
      `spec.replicas: Invalid value: ${JSON.stringify(replicas)}: must be greater than or equal to 0`,
    );
  } else if ((replicas as number) > MAX_REPLICAS) {
    issues.push(
      `spec.replicas: Invalid value: ${replicas as number}: must be at most ${MAX_REPLICAS} on this cluster's simulated API`,
    );
  }
  const matchLabels = record(record(spec.selector).matchLabels);
  const template = record(spec.template);
  const templateLabels = record(record(template.metadata).labels);
  if (!Object.keys(matchLabels).length) issues.push('spec.selector: Required value');
  else if (Object.entries(matchLabels).some(([key, value]) => templateLabels[key] !== value)) {
    issues.push(
      'spec.template.metadata.labels: Invalid value: `selector` does not match template `labels`',
    );
  }
  checkContainers(record(template.spec), issues);
  object.spec = {
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
    revisionHistoryLimit: 10,
    progressDeadlineSeconds: 600,
    ...spec,
    replicas,
  };
}

function service(object: KubeManifest, issues: Issues, clusterId: number) {
  const spec = record(object.spec);
  const type = spec.type ?? 'ClusterIP';
  if (!['ClusterIP', 'NodePort', 'LoadBalancer'].includes(type as string)) {
    issues.push(
      `spec.type: Unsupported value: ${JSON.stringify(type)}: supported values: "ClusterIP", "LoadBalancer", "NodePort"`,
    );
  }
  const ports = Array.isArray(spec.ports) ? (spec.ports as unknown[]) : [];
  if (!ports.length) issues.push('spec.ports: Required value');
  const key = `${clusterId}/service/${object.metadata.namespace}/${object.metadata.name}`;
  const n = numberOf(key);
  const clusterIP =
    (spec.clusterIP as string | undefined) ?? `10.96.${1 + (n % 254)}.${1 + ((n >>> 8) % 254)}`;
  object.spec = {
    sessionAffinity: 'None',
    ...spec,
    type,
    clusterIP,
    clusterIPs: [clusterIP],
    ports: ports.map((raw, index) => {
      const port = record(raw);
      if (
        !Number.isInteger(port.port) ||
        (port.port as number) < 1 ||
        (port.port as number) > 65535
      ) {
        issues.push(
          `spec.ports[${index}].port: Invalid value: ${JSON.stringify(port.port)}: must be between 1 and 65535, inclusive`,
        );
      }
      if (ports.length > 1 && typeof port.name !== 'string')
        issues.push(`spec.ports[${index}].name: Required value`);
      const withNodePort = type === 'NodePort' || type === 'LoadBalancer';
      return {
        protocol: 'TCP',
        targetPort: port.port,
        ...port,
        ...(withNodePort && port.nodePort === undefined
          ? { nodePort: 30000 + (numberOf(`${key}/${String(port.port)}`) % 2768) }
          : {}),
      };
    }),
    ...(type === 'LoadBalancer' || type === 'NodePort'
      ? { externalTrafficPolicy: spec.externalTrafficPolicy ?? 'Cluster' }
      : {}),
  };
  object.status = { loadBalancer: {} };
}

/** Checks the object and gives it Kubernetes' defaults; the issues found, empty when none. */
export function checkObject(object: KubeManifest, clusterId: number): Issues {
  const issues: Issues = [];
  checkMetadata(object, issues);
  if (object.spec !== undefined && !isRecord(object.spec))
    issues.push('spec: Invalid value: must be an object');
  const byKind: Record<string, () => void> = {
    Namespace: () => namespace(object),
    Deployment: () => deployment(object, issues),
    Service: () => service(object, issues, clusterId),
    ConfigMap: () => configMap(object, issues),
    Secret: () => secret(object, issues),
    PersistentVolumeClaim: () => claim(object, issues),
  };
  byKind[object.kind]?.();
  return issues;
}
