import https from 'node:https';
import { KubeConfig } from '@kubernetes/client-node';
import { ProviderError } from './provider-driver.ts';

/** The Kubernetes service account a GKE cluster's kubeconfig speaks for, in that cluster only. */
export const KUBECONFIG_ACCOUNT = 'alpenkube-admin';
/** How long a downloaded kubeconfig's token lasts: a week, as DigitalOcean's. */
const TOKEN_SECONDS = 7 * 86_400;

interface ClusterAccess {
  /** The cluster's API, `host[:port]` as Google gives it. */
  endpoint: string;
  /** The cluster's own CA (base64 PEM): the only authority its API is trusted under. */
  caBase64: string;
  /** The platform's short-lived Google token: it talks to the cluster, never leaves the server. */
  platformToken: string;
  signal?: AbortSignal;
}

/** One call to the cluster's Kubernetes API, trusting its own CA alone. */
function kube(
  access: ClusterAccess,
  method: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const [host, port] = access.endpoint.split(':');
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host,
        port: Number(port ?? 443),
        method,
        path,
        ca: Buffer.from(access.caBase64, 'base64').toString(),
        headers: {
          authorization: `Bearer ${access.platformToken}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
        signal: access.signal,
        timeout: 15_000,
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          let parsed: Record<string, unknown> | null = null;
          try {
            parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
          } catch {
            parsed = null;
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) =>
      reject(new ProviderError(`The cluster's API could not be reached (${error.message})`, true)),
    );
    request.end(payload);
  });
}

/** Creates a Kubernetes object, or finds it there already (409): asking twice is the same. */
async function ensure(access: ClusterAccess, path: string, body: unknown) {
  const answer = await kube(access, 'POST', path, body);
  if (answer.status >= 300 && answer.status !== 409) {
    throw new ProviderError(
      `The cluster refused ${path} (${answer.status}${answer.body?.message ? `: ${String(answer.body.message)}` : ''})`,
      answer.status >= 500,
    );
  }
}

/**
 * A kubeconfig for one GKE cluster that holds no Google credential: the platform's own token is
 * used once, on the server, against the cluster's API to keep a service account bound to
 * cluster-admin there, and to ask that cluster for a week's token of it (TokenRequest). The file
 * reaches that cluster and no other, and the token expires by itself.
 */
export async function clusterKubeconfig(access: ClusterAccess & { name: string }): Promise<string> {
  await ensure(access, '/api/v1/namespaces/kube-system/serviceaccounts', {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: { name: KUBECONFIG_ACCOUNT, namespace: 'kube-system' },
  });
  await ensure(access, '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name: KUBECONFIG_ACCOUNT },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
    subjects: [{ kind: 'ServiceAccount', name: KUBECONFIG_ACCOUNT, namespace: 'kube-system' }],
  });
  const answer = await kube(
    access,
    'POST',
    `/api/v1/namespaces/kube-system/serviceaccounts/${KUBECONFIG_ACCOUNT}/token`,
    {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenRequest',
      spec: { expirationSeconds: TOKEN_SECONDS },
    },
  );
  const token = (answer.body?.status as { token?: string } | undefined)?.token;
  if (answer.status >= 300 || !token) {
    throw new ProviderError(`The cluster gave no token (${answer.status})`, answer.status >= 500);
  }
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- cluster:',
    `    certificate-authority-data: ${access.caBase64}`,
    `    server: https://${access.endpoint}`,
    `  name: ${access.name}`,
    'contexts:',
    '- context:',
    `    cluster: ${access.name}`,
    `    user: ${access.name}-admin`,
    `  name: ${access.name}`,
    `current-context: ${access.name}`,
    'preferences: {}',
    'users:',
    `- name: ${access.name}-admin`,
    '  user:',
    `    token: ${token}`,
    '',
  ].join('\n');
}

/**
 * The platform's own access to one GKE cluster's API, for the add-ons it applies there
 * (kube-apply.ts): the cluster's endpoint and CA, and the platform's Google token. Built in
 * memory for one step and never written or handed out: a downloaded kubeconfig carries a
 * service account's token instead (`clusterKubeconfig`).
 */
export function platformKubeConfig(access: Omit<ClusterAccess, 'signal'> & { name: string }) {
  const config = new KubeConfig();
  config.loadFromOptions({
    clusters: [
      { name: access.name, server: `https://${access.endpoint}`, caData: access.caBase64 },
    ],
    users: [{ name: 'alpenkube-platform', token: access.platformToken }],
    contexts: [{ name: access.name, cluster: access.name, user: 'alpenkube-platform' }],
    currentContext: access.name,
  });
  return config;
}
