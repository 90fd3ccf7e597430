import https from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';
import { readDoubleRequest, type DoubleRequest } from './double-request.ts';

/**
 * The DigitalOcean double's 1-Click part, after the OpenAPI definition
 * (specification/resources/1-clicks): `GET /v2/1-clicks` (`{1_clicks: [{slug, type}]}`, `type`
 * filtering to `droplet` or `kubernetes`) and `POST /v2/1-clicks/kubernetes`
 * (`{addon_slugs, cluster_uuid}`, both required, answered `{message}`). The definition names no
 * status for a refused body, only `default` (an error object): the double answers 422
 * `unprocessable_entity` as DigitalOcean's other endpoints do for a body they refuse, and 404 for
 * a cluster the account does not have.
 *
 * Beside it, the clusters' own Kubernetes API (one TLS listener under a self-signed authority,
 * each cluster under `/clusters/<id>`, each with the token of its kubeconfig): an install is a
 * job that puts the app's namespace, workloads and admission webhooks in the cluster, whose
 * workloads become ready after two reads of their list; the calls the platform makes to watch and remove an
 * app (workload lists, webhook configurations, the namespace).
 */

/** What DigitalOcean lists (`GET /v2/1-clicks`), Droplet images among them. */
export const DOUBLE_ONE_CLICKS = [
  ...[
    'ingress-nginx',
    'cert-manager',
    'kube-prometheus-stack',
    'loki',
    'argocd',
    'monitoring',
    'linkerd2',
    'kube-state-metrics',
    'netdata',
  ].map((slug) => ({ slug, type: 'kubernetes' })),
  ...['wordpress-18-04', 'docker-20-04'].map((slug) => ({ slug, type: 'droplet' })),
];

type WorkloadKind = 'Deployment' | 'StatefulSet' | 'DaemonSet';
/** The apps/v1 list of each kind. */
const LISTS: Record<string, WorkloadKind> = {
  deployments: 'Deployment',
  statefulsets: 'StatefulSet',
  daemonsets: 'DaemonSet',
};

interface App {
  namespace: string;
  workloads: [WorkloadKind, string][];
  webhooks?: ['validating' | 'mutating', string][];
}

/** What each app's job installs (its stack's chart, in marketplace-kubernetes), in short. */
const APPS: Record<string, App> = {
  'ingress-nginx': {
    namespace: 'ingress-nginx',
    workloads: [['Deployment', 'ingress-nginx-controller']],
    webhooks: [['validating', 'ingress-nginx-admission']],
  },
  'cert-manager': {
    namespace: 'cert-manager',
    workloads: [
      ['Deployment', 'cert-manager'],
      ['Deployment', 'cert-manager-cainjector'],
      ['Deployment', 'cert-manager-webhook'],
    ],
    webhooks: [
      ['validating', 'cert-manager-webhook'],
      ['mutating', 'cert-manager-webhook'],
    ],
  },
  'kube-prometheus-stack': {
    namespace: 'kube-prometheus-stack',
    workloads: [
      ['Deployment', 'kube-prometheus-stack-operator'],
      ['Deployment', 'kube-prometheus-stack-grafana'],
      ['StatefulSet', 'prometheus-kube-prometheus-stack-prometheus'],
      ['DaemonSet', 'kube-prometheus-stack-prometheus-node-exporter'],
    ],
  },
  loki: {
    namespace: 'loki-stack',
    workloads: [
      ['StatefulSet', 'loki'],
      ['DaemonSet', 'loki-promtail'],
    ],
  },
  argocd: {
    namespace: 'argocd',
    workloads: [
      ['Deployment', 'argocd-server'],
      ['Deployment', 'argocd-repo-server'],
      ['StatefulSet', 'argocd-application-controller'],
    ],
  },
};

/** Reads of its list before a new workload is ready. */
const READY_AFTER = 2;

/** The token of a cluster's kubeconfig, which its API takes. */
export const kubeTokenOf = (clusterId: string) => `dop-double-kube-${clusterId.slice(0, 8)}`;

interface ClusterKube {
  /** Namespaces, with the reads left before a deleted one is gone (null while it lives). */
  namespaces: Map<string, { goneAfter: number | null }>;
  workloads: { kind: WorkloadKind; name: string; namespace: string; reads: number }[];
  webhooks: {
    kind: 'validating' | 'mutating';
    name: string;
    labels: Record<string, string>;
    annotations: Record<string, string>;
  }[];
}

export async function startOneClicksDouble(options: {
  /** Whether the account has that cluster (DigitalOcean's id). */
  hasCluster: (id: string) => boolean;
}) {
  const listed = structuredClone(DOUBLE_ONE_CLICKS);
  /** Every install DigitalOcean accepted, in order. */
  const installs: { cluster_uuid: string; addon_slugs: string[] }[] = [];
  const kubes = new Map<string, ClusterKube>();
  const kubeRequests: { method: string; path: string; authorization?: string }[] = [];

  function kubeOf(clusterId: string): ClusterKube {
    let kube = kubes.get(clusterId);
    if (!kube) {
      kube = { namespaces: new Map(), workloads: [], webhooks: [] };
      kubes.set(clusterId, kube);
    }
    return kube;
  }

  /** The 1-Click job: `helm upgrade --install`, so a second one adds nothing. */
  function runJob(clusterId: string, slug: string) {
    const app: App = APPS[slug] ?? { namespace: slug, workloads: [['Deployment', slug]] };
    const kube = kubeOf(clusterId);
    kube.namespaces.set(app.namespace, { goneAfter: null });
    for (const [kind, name] of app.workloads) {
      const there = kube.workloads.some(
        (w) => w.kind === kind && w.name === name && w.namespace === app.namespace,
      );
      if (!there) kube.workloads.push({ kind, name, namespace: app.namespace, reads: 0 });
    }
    for (const [kind, name] of app.webhooks ?? []) {
      if (kube.webhooks.some((hook) => hook.kind === kind && hook.name === name)) continue;
      kube.webhooks.push({
        kind,
        name,
        labels: { 'app.kubernetes.io/managed-by': 'Helm' },
        annotations: {
          'meta.helm.sh/release-name': slug,
          'meta.helm.sh/release-namespace': app.namespace,
        },
      });
    }
  }

  /**
   * `/v2/1-clicks…` of the API: true when it answered. `reply` writes a JSON answer, `refuse`
   * an error object.
   */
  function handle(
    { url, method, body }: DoubleRequest,
    reply: (status: number, payload: unknown) => void,
    refuse: (status: number, id: string, message: string) => void,
  ): boolean {
    if (url.pathname === '/v2/1-clicks' && method === 'GET') {
      const type = url.searchParams.get('type');
      if (type !== null && type !== 'droplet' && type !== 'kubernetes') {
        refuse(400, 'bad_request', 'type must be droplet or kubernetes');
        return true;
      }
      reply(200, { '1_clicks': listed.filter((app) => type === null || app.type === type) });
      return true;
    }
    if (url.pathname === '/v2/1-clicks/kubernetes' && method === 'POST') {
      const slugs = body?.addon_slugs;
      const cluster = body?.cluster_uuid;
      if (
        !Array.isArray(slugs) ||
        slugs.length === 0 ||
        !slugs.every((s) => typeof s === 'string')
      ) {
        refuse(422, 'unprocessable_entity', 'addon_slugs is required');
      } else if (typeof cluster !== 'string' || !cluster) {
        refuse(422, 'unprocessable_entity', 'cluster_uuid is required');
      } else if (!options.hasCluster(cluster)) {
        refuse(404, 'not_found', 'The resource you were accessing could not be found.');
      } else {
        const unknown = slugs.find(
          (slug) => !listed.some((app) => app.slug === slug && app.type === 'kubernetes'),
        );
        if (unknown) {
          refuse(422, 'unprocessable_entity', `${unknown} is not a Kubernetes 1-Click application`);
        } else {
          installs.push({ cluster_uuid: cluster, addon_slugs: [...slugs] });
          for (const slug of slugs) runJob(cluster, slug);
          reply(200, { message: 'Successfully kicked off addon job.' });
        }
      }
      return true;
    }
    return false;
  }

  const pems = await selfsigned.generate(
    [{ name: 'commonName', value: 'DOKS double cluster CA' }],
    {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true, digitalSignature: true, critical: true },
        { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
      ],
    },
  );

  const workloadItem = (w: ClusterKube['workloads'][number]) => {
    const ready = w.reads >= READY_AFTER;
    const metadata = { name: w.name, namespace: w.namespace, uid: `${w.namespace}-${w.name}` };
    const selector = { matchLabels: { app: w.name } };
    const template = {
      metadata: { labels: { app: w.name } },
      spec: { containers: [{ name: w.name, image: `registry.example/${w.name}:1` }] },
    };
    if (w.kind === 'DaemonSet') {
      return {
        apiVersion: 'apps/v1',
        kind: w.kind,
        metadata,
        spec: { selector, template },
        status: {
          currentNumberScheduled: 2,
          desiredNumberScheduled: 2,
          numberMisscheduled: 0,
          numberReady: ready ? 2 : 0,
        },
      };
    }
    return {
      apiVersion: 'apps/v1',
      kind: w.kind,
      metadata,
      spec: { replicas: 1, selector, template, serviceName: w.name },
      status: {
        replicas: 1,
        ...(w.kind === 'Deployment'
          ? { availableReplicas: ready ? 1 : 0 }
          : { readyReplicas: ready ? 1 : 0 }),
      },
    };
  };

  const kubeServer = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    readDoubleRequest(req, ({ url, method }) => {
      kubeRequests.push({
        method,
        path: url.pathname + url.search,
        authorization: req.headers.authorization,
      });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const failure = (code: number, reason: string, message: string) =>
        send(code, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason, message, code });
      const match = /^\/clusters\/([^/]+)(\/.*)$/.exec(url.pathname);
      const clusterId = match?.[1] ?? '';
      if (!match || req.headers.authorization !== `Bearer ${kubeTokenOf(clusterId)}`) {
        return failure(401, 'Unauthorized', 'Unauthorized');
      }
      const path = match[2]!;
      const kube = kubeOf(clusterId);
      const gone = (namespace: string) => {
        kube.namespaces.delete(namespace);
        kube.workloads = kube.workloads.filter((w) => w.namespace !== namespace);
      };

      const lists =
        /^\/apis\/apps\/v1\/namespaces\/([^/]+)\/(deployments|statefulsets|daemonsets)$/.exec(path);
      if (lists && method === 'GET') {
        const kind = LISTS[lists[2]!]!;
        const items = kube.workloads.filter((w) => w.namespace === lists[1] && w.kind === kind);
        // A workload becomes ready as it is watched: each read of its list counts.
        for (const w of items) w.reads += 1;
        return send(200, {
          apiVersion: 'apps/v1',
          kind: `${kind}List`,
          metadata: { resourceVersion: '1' },
          items: items.map(workloadItem),
        });
      }
      const hooks =
        /^\/apis\/admissionregistration\.k8s\.io\/v1\/(validating|mutating)webhookconfigurations(?:\/([^/]+))?$/.exec(
          path,
        );
      if (hooks) {
        const kind = hooks[1] as 'validating' | 'mutating';
        const typeName = `${kind === 'validating' ? 'Validating' : 'Mutating'}WebhookConfiguration`;
        if (method === 'GET' && !hooks[2]) {
          const [key, value] = (url.searchParams.get('labelSelector') ?? '').split('=');
          const items = kube.webhooks.filter(
            (hook) => hook.kind === kind && (!key || hook.labels[key] === value),
          );
          return send(200, {
            apiVersion: 'admissionregistration.k8s.io/v1',
            kind: `${typeName}List`,
            metadata: { resourceVersion: '1' },
            items: items.map((hook) => ({
              apiVersion: 'admissionregistration.k8s.io/v1',
              kind: typeName,
              metadata: { name: hook.name, labels: hook.labels, annotations: hook.annotations },
              webhooks: [],
            })),
          });
        }
        if (method === 'DELETE' && hooks[2]) {
          const index = kube.webhooks.findIndex((h) => h.kind === kind && h.name === hooks[2]);
          if (index < 0)
            return failure(404, 'NotFound', `${kind}webhookconfigurations "${hooks[2]}" not found`);
          kube.webhooks.splice(index, 1);
          return send(200, { kind: 'Status', apiVersion: 'v1', status: 'Success' });
        }
      }
      const namespace = /^\/api\/v1\/namespaces\/([^/]+)$/.exec(path)?.[1];
      if (namespace) {
        const entry = kube.namespaces.get(namespace);
        if (!entry) return failure(404, 'NotFound', `namespaces "${namespace}" not found`);
        if (method === 'DELETE' && entry.goneAfter === null) entry.goneAfter = 2;
        else if (method === 'GET' && entry.goneAfter !== null) {
          entry.goneAfter -= 1;
          if (entry.goneAfter <= 0) {
            gone(namespace);
            return failure(404, 'NotFound', `namespaces "${namespace}" not found`);
          }
        } else if (method !== 'GET' && method !== 'DELETE') {
          return failure(405, 'MethodNotAllowed', 'the server does not allow this method');
        }
        return send(200, {
          apiVersion: 'v1',
          kind: 'Namespace',
          metadata: {
            name: namespace,
            ...(entry.goneAfter !== null ? { deletionTimestamp: new Date().toISOString() } : {}),
          },
          status: { phase: entry.goneAfter !== null ? 'Terminating' : 'Active' },
        });
      }
      return failure(404, 'NotFound', 'the server could not find the requested resource');
    });
  });
  await new Promise<void>((resolve) => kubeServer.listen(0, '127.0.0.1', resolve));
  const kubeUrl = `https://127.0.0.1:${(kubeServer.address() as AddressInfo).port}`;

  return {
    handle,
    installs,
    /** The cluster's API address, which its kubeconfig names. */
    endpointOf: (clusterId: string) => `${kubeUrl}/clusters/${clusterId}`,
    /** The authority of the clusters' API, as a kubeconfig's `certificate-authority-data`. */
    caBase64: Buffer.from(pems.cert).toString('base64'),
    /** A cluster's Kubernetes objects of the 1-Click apps, and what its API was asked. */
    kubeOf,
    kubeRequests,
    /** DigitalOcean stops listing a 1-Click app. */
    withdraw(slug: string) {
      const index = listed.findIndex((app) => app.slug === slug);
      if (index >= 0) listed.splice(index, 1);
    },
    close: () =>
      new Promise<void>((resolve) => {
        kubeServer.closeAllConnections();
        kubeServer.close(() => resolve());
      }),
  };
}
export type OneClicksDouble = Awaited<ReturnType<typeof startOneClicksDouble>>;
