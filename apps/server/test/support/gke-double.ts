import http from 'node:http';
import { readDoubleRequest } from './double-request.ts';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';
import { createKubeApplyDouble } from './kube-apply-double.ts';

/**
 * A local double of Google's Container API v1, the part the GKE driver uses, as its discovery
 * document (`container.googleapis.com/$discovery/rest?version=v1`) describes it: the same
 * paths (`/v1/projects/{p}/locations/{l}/clusters`, `…/clusters/{c}/nodePools/{np}:setSize`,
 * `…/clusters/{c}:updateMaster`, `…/operations/{op}`, `…/serverConfig`), bodies checked as
 * Google checks them, answers shaped like its schemas (`Cluster`, `NodePool`, `Operation`,
 * `ServerConfig`, `ListClustersResponse`, `ListOperationsResponse`) and errors as Google's
 * `{error: {code, message, status}}`. 401 without the bearer token; a second operation on a
 * cluster while one runs is refused (FAILED_PRECONDITION), as Google does. Operations go
 * PENDING, RUNNING, DONE over a few requests, and only then change the cluster.
 */

type ClusterStatus = 'PROVISIONING' | 'RUNNING' | 'RECONCILING' | 'STOPPING' | 'ERROR';

interface Pool {
  name: string;
  config: { machineType: string; imageType: string; labels: Record<string, string> };
  initialNodeCount: number;
  management: { autoUpgrade: boolean; autoRepair: boolean };
  locations: string[];
  version: string;
  status: 'PROVISIONING' | 'RUNNING' | 'RECONCILING' | 'STOPPING' | 'ERROR';
  statusMessage: string;
  selfLink: string;
  /** Not in the answers (Google keeps it in the instance group): the nodes it has. */
  size: number;
}

interface Cluster {
  name: string;
  description: string;
  location: string;
  zone: string;
  locations: string[];
  resourceLabels: Record<string, string>;
  initialClusterVersion: string;
  currentMasterVersion: string;
  currentNodeVersion: string;
  endpoint: string;
  masterAuth: { clusterCaCertificate: string };
  status: ClusterStatus;
  statusMessage: string;
  selfLink: string;
  createTime: string;
  nodePools: Pool[];
}

interface Operation {
  name: string;
  zone: string;
  location: string;
  operationType: string;
  status: 'PENDING' | 'RUNNING' | 'DONE';
  statusMessage: string;
  selfLink: string;
  targetLink: string;
  startTime: string;
  endTime?: string;
  error?: { code: number; message: string };
  /** Not in the answers: requests seen while it ran, and what it does once done. */
  polls: number;
  finish: () => void;
  failWith?: string;
}

export const GKE_DOUBLE_VERSIONS = ['1.37.2-gke.1100', '1.36.5-gke.1200', '1.35.9-gke.1500'];
/** Compute Engine's machine types the double knows, with their vCPUs (`guestCpus`). */
const MACHINE_CPUS: Record<string, number> = {
  'e2-medium': 2,
  'e2-standard-4': 4,
  'e2-standard-8': 8,
  'e2-standard-16': 16,
  'g2-standard-8': 8,
  'a3-highgpu-1g': 26,
};
const REGIONS: Record<string, string[]> = {
  'europe-west3': ['a', 'b', 'c'],
  'europe-west9': ['a', 'b', 'c'],
  'europe-west1': ['b', 'c', 'd'],
  'us-east4': ['a', 'b', 'c'],
};
/** Requests an operation stays PENDING then RUNNING before it is DONE. */
const POLLS = 3;
/** Google's names: a lowercase letter, then letters, digits and dashes, 40 at most. */
const NAME = /^[a-z](?:[-a-z0-9]{0,38}[a-z0-9])?$/;
const STATUS_OF: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

class Refusal {
  constructor(
    readonly code: number,
    readonly message: string,
    readonly status = STATUS_OF[code] ?? 'UNKNOWN',
  ) {}
}

export async function startGkeDouble(options: {
  token: string;
  project: string;
  /** Called once a create is carried out, before it is answered (a test kills the caller). */
  onCreate?: () => void;
}) {
  const clusters = new Map<string, Cluster>();
  const operations = new Map<string, Operation>();
  const requests: { method: string; path: string; body: unknown; authorization?: string }[] = [];
  const withdrawn = new Set<string>();
  const machineTypes = new Set(Object.keys(MACHINE_CPUS));
  /** The project's `CPUS` quota per region; its usage is the E2 nodes the double runs there. */
  const quota = { limit: 96 };
  const faults = {
    throttle: 0,
    retryAfter: '1',
    fail: 0,
    failStatus: 500,
    dropCreate: 0,
    failOperation: null as string | null,
    refuse: null as Refusal | null,
  };
  let counter = 0;
  const now = () => new Date().toISOString();
  const base = `https://container.googleapis.com/v1/projects/${options.project}`;

  const regionOf = (location: string) =>
    REGIONS[location] ? location : location.replace(/-[a-z]$/, '');
  const knownLocation = (location: string) => {
    const region = regionOf(location);
    const zones = REGIONS[region];
    if (!zones || withdrawn.has(region)) return false;
    return region === location || zones.some((zone) => `${region}-${zone}` === location);
  };

  /** Every request moves each running operation on; the last poll carries it out. */
  function tick() {
    for (const operation of operations.values()) {
      if (operation.status === 'DONE') continue;
      operation.polls += 1;
      if (operation.polls === 1) operation.status = 'RUNNING';
      if (operation.polls >= POLLS) {
        operation.status = 'DONE';
        operation.endTime = now();
        if (operation.failWith) {
          operation.error = { code: 9, message: operation.failWith };
          operation.statusMessage = operation.failWith;
        }
        operation.finish();
      }
    }
  }

  function startOperation(
    cluster: Cluster,
    type: string,
    target: string,
    finish: () => void,
  ): Operation {
    const busy = [...operations.values()].find(
      (operation) =>
        operation.status !== 'DONE' && operation.targetLink.includes(`/clusters/${cluster.name}`),
    );
    if (busy) {
      throw new Refusal(
        400,
        `Cluster is running incompatible operation ${busy.name}.`,
        'FAILED_PRECONDITION',
      );
    }
    const name = `operation-${Date.now()}-${(counter += 1)}`;
    const failWith = faults.failOperation ?? undefined;
    faults.failOperation = null;
    const operation: Operation = {
      name,
      zone: cluster.location,
      location: cluster.location,
      operationType: type,
      status: 'PENDING',
      statusMessage: '',
      selfLink: `${base}/locations/${cluster.location}/operations/${name}`,
      targetLink: target,
      startTime: now(),
      polls: 0,
      failWith,
      finish: failWith ? () => failed(cluster, failWith) : finish,
    };
    operations.set(name, operation);
    return operation;
  }
  function failed(cluster: Cluster, message: string) {
    if (cluster.status === 'PROVISIONING') {
      cluster.status = 'ERROR';
      cluster.statusMessage = message;
    }
  }
  const view = <T extends object>(item: T) =>
    JSON.parse(
      JSON.stringify(item, (key, value: unknown) =>
        ['polls', 'finish', 'failWith', 'size'].includes(key) ? undefined : value,
      ),
    ) as unknown;

  function poolProblem(pool: Record<string, unknown> | undefined): string | null {
    if (!pool || typeof pool.name !== 'string' || !NAME.test(pool.name)) {
      return `Invalid node pool name "${String(pool?.name)}".`;
    }
    const config = (pool.config ?? {}) as Record<string, unknown>;
    if (typeof config.machineType !== 'string' || !machineTypes.has(config.machineType)) {
      return `Invalid machine type "${String(config.machineType)}".`;
    }
    if (!Number.isInteger(pool.initialNodeCount) || (pool.initialNodeCount as number) < 1) {
      return 'Node pool initial_node_count must be greater than zero.';
    }
    return null;
  }
  function newPool(body: Record<string, unknown>, cluster: Cluster, version: string): Pool {
    const config = body.config as { machineType: string; labels?: Record<string, string> };
    return {
      name: body.name as string,
      config: {
        machineType: config.machineType,
        imageType: 'COS_CONTAINERD',
        labels: config.labels ?? {},
      },
      initialNodeCount: body.initialNodeCount as number,
      management: { autoUpgrade: false, autoRepair: true, ...(body.management ?? {}) },
      locations: cluster.locations,
      version,
      status: 'PROVISIONING',
      statusMessage: '',
      selfLink: `${cluster.selfLink}/nodePools/${String(body.name)}`,
      size: body.initialNodeCount as number,
    };
  }

  function createCluster(location: string, body: Record<string, unknown> | null) {
    const spec = (body?.cluster ?? null) as Record<string, unknown> | null;
    if (!spec || typeof spec.name !== 'string' || !NAME.test(spec.name)) {
      throw new Refusal(400, `Invalid cluster name "${String(spec?.name)}".`);
    }
    if (!knownLocation(location)) throw new Refusal(400, `Location "${location}" is not valid.`);
    const version = spec.initialClusterVersion as string | undefined;
    const release = version
      ? GKE_DOUBLE_VERSIONS.find((v) => v === version || v.startsWith(`${version}.`))
      : GKE_DOUBLE_VERSIONS[0];
    if (!release) throw new Refusal(400, `Master version "${version}" is unsupported.`);
    const pools = spec.nodePools as Record<string, unknown>[] | undefined;
    if (!Array.isArray(pools) || pools.length === 0) {
      throw new Refusal(400, 'Cluster.initial_node_count must be greater than zero.');
    }
    for (const pool of pools) {
      const problem = poolProblem(pool);
      if (problem) throw new Refusal(400, problem);
    }
    // Without a release channel named "none" (UNSPECIFIED), Google enrolls a cluster in the
    // Regular channel, whose pools must upgrade themselves.
    const channel = (spec.releaseChannel as { channel?: string | number } | undefined)?.channel;
    const static_ = 'releaseChannel' in spec && [undefined, 0, 'UNSPECIFIED'].includes(channel);
    if (
      !static_ &&
      pools.some((pool) => (pool.management as { autoUpgrade?: boolean })?.autoUpgrade === false)
    ) {
      throw new Refusal(400, 'Node pools in a release channel must have auto-upgrade enabled.');
    }
    const locations = (spec.locations as string[] | undefined) ?? [location];
    if (!locations.every((zone) => knownLocation(zone) && regionOf(zone) === regionOf(location))) {
      throw new Refusal(400, `Node locations ${locations.join(', ')} are not in ${location}.`);
    }
    if (clusters.has(`${location}/${spec.name}`)) {
      throw new Refusal(
        409,
        `Already exists: projects/${options.project}/locations/${location}/clusters/${spec.name}.`,
      );
    }
    const cluster: Cluster = {
      name: spec.name,
      description: (spec.description as string) ?? '',
      location,
      zone: location,
      locations,
      resourceLabels: (spec.resourceLabels as Record<string, string>) ?? {},
      initialClusterVersion: release,
      currentMasterVersion: release,
      currentNodeVersion: release,
      endpoint: '',
      masterAuth: { clusterCaCertificate: Buffer.from(pems.cert).toString('base64') },
      status: 'PROVISIONING',
      statusMessage: '',
      selfLink: `${base}/locations/${location}/clusters/${spec.name}`,
      createTime: now(),
      nodePools: [],
    };
    cluster.nodePools = pools.map((pool) => newPool(pool, cluster, release));
    clusters.set(`${location}/${cluster.name}`, cluster);
    return startOperation(cluster, 'CREATE_CLUSTER', cluster.selfLink, () => {
      cluster.status = 'RUNNING';
      cluster.endpoint = kubeEndpoint;
      for (const pool of cluster.nodePools) pool.status = 'RUNNING';
    });
  }

  const cpusUsed = (region: string) =>
    [...clusters.values()]
      .filter((cluster) => regionOf(cluster.location) === region)
      .flatMap((cluster) => cluster.nodePools)
      .filter((pool) => pool.config.machineType.startsWith('e2-'))
      .reduce((sum, pool) => sum + pool.size * MACHINE_CPUS[pool.config.machineType]!, 0);

  /**
   * Compute Engine's API v1, the two reads the driver makes: a zone's machine types (with
   * `filter=name eq '(a|b)'`, Compute's regular-expression filter) and a region with its quotas.
   */
  function routeCompute(method: string, url: URL) {
    const match =
      /^\/compute\/v1\/projects\/([^/]+)\/(zones|regions)\/([^/]+)(\/machineTypes)?$/.exec(
        url.pathname,
      );
    if (!match || method !== 'GET' || match[1] !== options.project) {
      throw new Refusal(404, `The resource '${url.pathname}' was not found`);
    }
    const [, , kind, place, types] = match;
    if (!knownLocation(place!)) throw new Refusal(404, `The resource '${place}' was not found`);
    if (kind === 'zones' && types) {
      const filter = /^name eq '(.*)'$/.exec(url.searchParams.get('filter') ?? '')?.[1];
      const wanted = filter ? new RegExp(`^${filter}$`) : /./;
      return {
        kind: 'compute#machineTypeList',
        items: [...machineTypes]
          .filter((name) => wanted.test(name))
          .map((name) => ({
            kind: 'compute#machineType',
            name,
            guestCpus: MACHINE_CPUS[name],
            zone: place,
          })),
      };
    }
    if (kind === 'regions' && !types) {
      return {
        kind: 'compute#region',
        name: place,
        status: 'UP',
        quotas: [
          { metric: 'CPUS', limit: quota.limit, usage: cpusUsed(place!) },
          { metric: 'IN_USE_ADDRESSES', limit: 69, usage: 0 },
        ],
      };
    }
    throw new Refusal(404, `The resource '${url.pathname}' was not found`);
  }

  function route(
    method: string,
    url: URL,
    body: Record<string, unknown> | null,
    request: http.IncomingMessage,
  ) {
    const match = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/(.*)$/.exec(url.pathname);
    if (!match || match[1] !== options.project) {
      throw new Refusal(403, `Permission denied on resource project ${match?.[1] ?? ''}.`);
    }
    const [, , location, rest] = match as unknown as [string, string, string, string];
    if (rest === 'serverConfig' && method === 'GET') {
      if (!knownLocation(location)) throw new Refusal(400, `Location "${location}" is not valid.`);
      return {
        defaultClusterVersion: GKE_DOUBLE_VERSIONS[1],
        validNodeVersions: [...GKE_DOUBLE_VERSIONS, '1.34.12-gke.1000'],
        defaultImageType: 'COS_CONTAINERD',
        validImageTypes: ['COS_CONTAINERD', 'UBUNTU_CONTAINERD'],
        validMasterVersions: GKE_DOUBLE_VERSIONS,
        channels: [],
      };
    }
    if (rest === 'operations' && method === 'GET') {
      const all = [...operations.values()].filter(
        (operation) => location === '-' || operation.location === location,
      );
      return { operations: all.map(view) };
    }
    const operationMatch = /^operations\/([^/]+)$/.exec(rest);
    if (operationMatch && method === 'GET') {
      const operation = operations.get(operationMatch[1]!);
      if (!operation) throw new Refusal(404, `Operation "${operationMatch[1]}" not found.`);
      return view(operation);
    }
    if (rest === 'clusters' && method === 'GET') {
      const all = [...clusters.values()].filter(
        (cluster) => location === '-' || cluster.location === location,
      );
      return { clusters: all.map(view) };
    }
    if (rest === 'clusters' && method === 'POST') {
      const operation = createCluster(location, body);
      options.onCreate?.();
      if (faults.dropCreate > 0) {
        faults.dropCreate -= 1;
        // Accepted, then the answer is lost: the platform never hears of it.
        request.socket.destroy();
        return undefined;
      }
      return view(operation);
    }
    const clusterMatch =
      /^clusters\/([^/:]+)(?::(updateMaster))?(?:\/nodePools(?:\/([^/:]+)(?::(setSize))?)?)?$/.exec(
        rest,
      );
    if (!clusterMatch) throw new Refusal(404, `Unknown path ${url.pathname}.`);
    const [, clusterName, clusterVerb, poolName, poolVerb] = clusterMatch;
    const cluster = clusters.get(`${location}/${clusterName}`);
    if (!cluster) {
      throw new Refusal(
        404,
        `Not found: projects/${options.project}/locations/${location}/clusters/${clusterName}.`,
      );
    }
    const isPools = rest.includes('/nodePools');
    if (!isPools && !clusterVerb) {
      if (method === 'GET') return view(cluster);
      if (method === 'DELETE') {
        const operation = startOperation(cluster, 'DELETE_CLUSTER', cluster.selfLink, () =>
          clusters.delete(`${location}/${cluster.name}`),
        );
        cluster.status = 'STOPPING';
        return view(operation);
      }
    }
    if (clusterVerb === 'updateMaster' && method === 'POST') {
      const version = body?.masterVersion;
      if (typeof version !== 'string' || !GKE_DOUBLE_VERSIONS.includes(version)) {
        throw new Refusal(400, `Master version "${String(version)}" is unsupported.`);
      }
      const operation = startOperation(cluster, 'UPGRADE_MASTER', cluster.selfLink, () => {
        cluster.currentMasterVersion = version;
        cluster.status = 'RUNNING';
      });
      cluster.status = 'RECONCILING';
      return view(operation);
    }
    if (isPools && !poolName) {
      if (method === 'GET') return { nodePools: cluster.nodePools.map(view) };
      if (method === 'POST') {
        const spec = body?.nodePool as Record<string, unknown> | undefined;
        const problem = poolProblem(spec);
        if (problem) throw new Refusal(400, problem);
        if (cluster.nodePools.some((pool) => pool.name === spec!.name)) {
          throw new Refusal(409, `Already exists: node pool "${String(spec!.name)}".`);
        }
        const pool = newPool(spec!, cluster, cluster.currentMasterVersion);
        const operation = startOperation(cluster, 'CREATE_NODE_POOL', pool.selfLink, () => {
          pool.status = 'RUNNING';
        });
        cluster.nodePools.push(pool);
        return view(operation);
      }
    }
    const pool = cluster.nodePools.find((candidate) => candidate.name === poolName);
    if (!pool) throw new Refusal(404, `Node pool "${poolName}" not found.`);
    if (poolVerb === 'setSize' && method === 'POST') {
      const count = body?.nodeCount;
      if (!Number.isInteger(count) || (count as number) < 0) {
        throw new Refusal(400, 'node_count must be a non-negative integer.');
      }
      const operation = startOperation(cluster, 'SET_NODE_POOL_SIZE', pool.selfLink, () => {
        pool.size = count as number;
        pool.status = 'RUNNING';
      });
      pool.status = 'RECONCILING';
      return view(operation);
    }
    if (!poolVerb && method === 'GET') return view(pool);
    if (!poolVerb && method === 'DELETE') {
      const operation = startOperation(cluster, 'DELETE_NODE_POOL', pool.selfLink, () => {
        cluster.nodePools = cluster.nodePools.filter((candidate) => candidate !== pool);
      });
      pool.status = 'STOPPING';
      return view(operation);
    }
    // UpdateNodePoolRequest: the version and image type are required.
    if (!poolVerb && method === 'PUT') {
      const version = body?.nodeVersion;
      if (typeof body?.imageType !== 'string' || !body.imageType) {
        throw new Refusal(400, 'image_type is required.');
      }
      if (version !== '-' && version !== cluster.currentMasterVersion) {
        throw new Refusal(400, `Node version "${String(version)}" must match the master version.`);
      }
      const operation = startOperation(cluster, 'UPGRADE_NODES', pool.selfLink, () => {
        pool.version = cluster.currentMasterVersion;
        pool.status = 'RUNNING';
      });
      pool.status = 'RECONCILING';
      return view(operation);
    }
    throw new Refusal(404, `Unknown path ${url.pathname}.`);
  }

  /**
   * The clusters' Kubernetes API (one TLS listener for all, under a self-signed CA given as each
   * cluster's `masterAuth.clusterCaCertificate`): the platform's Google token is accepted, as
   * GKE does for an identity with container.admin; a ServiceAccount, a ClusterRoleBinding and a
   * TokenRequest, the calls a kubeconfig download makes; and the server-side applies, reads and
   * deletions of add-ons' objects (kube-apply-double.ts), one store for every cluster.
   */
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'GKE double cluster CA' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, digitalSignature: true, critical: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const kube = {
    /** What add-ons applied: the objects, server-side applied and deleted (kube-apply-double.ts). */
    applied: createKubeApplyDouble(),
    accounts: new Set<string>(),
    bindings: new Set<string>(),
    tokens: [] as string[],
    requests: [] as { method: string; path: string; authorization?: string }[],
  };
  const kubeServer = https.createServer(
    { key: pems.private, cert: pems.cert },
    (request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const path = request.url ?? '/';
        kube.requests.push({
          method: request.method ?? 'GET',
          path,
          authorization: request.headers.authorization,
        });
        const status = (code: number, payload: unknown) => {
          response.writeHead(code, { 'content-type': 'application/json' });
          response.end(JSON.stringify(payload));
        };
        const failure = (code: number, reason: string, message: string) =>
          status(code, {
            kind: 'Status',
            apiVersion: 'v1',
            status: 'Failure',
            reason,
            message,
            code,
          });
        if (request.headers.authorization !== `Bearer ${options.token}`) {
          return failure(401, 'Unauthorized', 'Unauthorized');
        }
        const body = (raw ? JSON.parse(raw) : {}) as { metadata?: { name?: string } };
        const name = body.metadata?.name ?? '';
        if (
          request.method === 'POST' &&
          path === '/api/v1/namespaces/kube-system/serviceaccounts'
        ) {
          if (kube.accounts.has(name))
            return failure(409, 'AlreadyExists', `serviceaccounts "${name}" already exists`);
          kube.accounts.add(name);
          return status(201, body);
        }
        if (
          request.method === 'POST' &&
          path === '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings'
        ) {
          if (kube.bindings.has(name)) {
            return failure(409, 'AlreadyExists', `clusterrolebindings "${name}" already exists`);
          }
          kube.bindings.add(name);
          return status(201, body);
        }
        const tokenFor =
          /^\/api\/v1\/namespaces\/kube-system\/serviceaccounts\/([^/]+)\/token$/.exec(path)?.[1];
        if (request.method === 'POST' && tokenFor) {
          if (!kube.accounts.has(tokenFor)) {
            return failure(404, 'NotFound', `serviceaccounts "${tokenFor}" not found`);
          }
          const token = `k8s-sa-${tokenFor}-${kube.tokens.length + 1}`;
          kube.tokens.push(token);
          return status(201, {
            kind: 'TokenRequest',
            status: { token, expirationTimestamp: now() },
          });
        }
        const answer = kube.applied.handle(
          request.method ?? 'GET',
          new URL(path, 'https://cluster'),
          request.headers['content-type'],
          body,
        );
        if (answer) return status(answer.status, answer.body);
        return failure(404, 'NotFound', 'the server could not find the requested resource');
      });
    },
  );
  await new Promise<void>((resolve) => kubeServer.listen(0, '127.0.0.1', resolve));
  const kubeEndpoint = `127.0.0.1:${(kubeServer.address() as AddressInfo).port}`;

  const server = http.createServer((request, response) => {
    readDoubleRequest(request, ({ url, method, body }) => {
      requests.push({
        method,
        path: url.pathname,
        body,
        authorization: request.headers.authorization,
      });
      const json = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, {
          'content-type': 'application/json; charset=UTF-8',
          ...headers,
        });
        response.end(JSON.stringify(payload));
      };
      const error = (refusal: Refusal, headers?: Record<string, string>) =>
        json(
          refusal.code,
          { error: { code: refusal.code, message: refusal.message, status: refusal.status } },
          headers,
        );

      if (request.headers.authorization !== `Bearer ${options.token}`) {
        return error(
          new Refusal(
            401,
            'Request had invalid authentication credentials. Expected OAuth 2 access token.',
          ),
        );
      }
      if (faults.throttle > 0) {
        faults.throttle -= 1;
        return error(
          new Refusal(
            429,
            "Quota exceeded for quota metric 'Read requests' of service 'container.googleapis.com'.",
          ),
          { 'retry-after': faults.retryAfter },
        );
      }
      if (faults.fail > 0) {
        faults.fail -= 1;
        return error(
          new Refusal(
            faults.failStatus,
            faults.failStatus === 503
              ? 'The service is currently unavailable.'
              : 'Internal error encountered.',
          ),
        );
      }
      if (faults.refuse && method !== 'GET') {
        const refusal = faults.refuse;
        faults.refuse = null;
        return error(refusal);
      }
      tick();
      try {
        const answer = url.pathname.startsWith('/compute/')
          ? routeCompute(method, url)
          : route(method, url, body, request);
        if (answer !== undefined) json(200, answer);
      } catch (problem) {
        if (problem instanceof Refusal) return error(problem);
        throw problem;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clusters,
    operations,
    requests,
    /** The next `times` requests answer 429 RESOURCE_EXHAUSTED with `Retry-After: seconds`. */
    throttle(times: number, seconds = '1') {
      faults.throttle = times;
      faults.retryAfter = seconds;
    },
    /** The next `times` requests answer 500 INTERNAL (or 503 UNAVAILABLE). */
    fail(times: number, status: 500 | 503 = 500) {
      faults.fail = times;
      faults.failStatus = status;
    },
    /** The next create is carried out, and its answer lost (the connection drops). */
    dropCreateAnswer(times = 1) {
      faults.dropCreate = times;
    },
    /** The next operation ends DONE with this error (a create leaves the cluster in ERROR). */
    failNextOperation(message: string) {
      faults.failOperation = message;
    },
    /** The next change (not a read) is refused with a 400 of this status and message. */
    refuse(message: string, status = 'INVALID_ARGUMENT') {
      faults.refuse = new Refusal(400, message, status);
    },
    /** The project's regional `CPUS` quota (its usage is the E2 nodes of the double's clusters). */
    quota,
    /** Compute Engine stops offering a machine type (in every zone). */
    withdrawMachineType(name: string) {
      machineTypes.delete(name);
    },
    /** Google stops offering GKE in a region (its server config is refused). */
    withdraw(region: string) {
      withdrawn.add(region);
    },
    restore(region: string) {
      withdrawn.delete(region);
    },
    /** What the clusters' Kubernetes API was asked and gave, and where it listens. */
    kube,
    kubeEndpoint,
    close: () =>
      Promise.all(
        [server, kubeServer].map(
          (listening) =>
            new Promise<void>((resolve) => {
              listening.closeAllConnections();
              listening.close(() => resolve());
            }),
        ),
      ),
  };
}
export type GkeDouble = Awaited<ReturnType<typeof startGkeDouble>>;
