import { randomUUID } from 'node:crypto';
import { readDoubleRequest } from './double-request.ts';
import { kubeTokenOf, startOneClicksDouble } from './digitalocean-one-clicks.ts';
import { createVpcsDouble } from './digitalocean-vpcs.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local double of DigitalOcean's API v2, the Kubernetes part, as its published OpenAPI
 * definition (github.com/digitalocean/openapi, specification/resources/kubernetes) describes it:
 * the same paths, bodies and answers (`{kubernetes_cluster}`, `{kubernetes_clusters, meta,
 * links}`, `{node_pool}`, `{options}`, `{available_upgrade_versions}`, errors as `{id, message}`),
 * 401 without the bearer token, 422 on a body the definition refuses, 429 with `Retry-After`
 * when a test asks for it. Clusters and pools live in memory, and move over a few polls: a new
 * cluster is `provisioning`, then `running`; its nodes `provisioning`, then `running`; a
 * deleted one `deleting`, then gone. The 1-Click apps and the clusters' own Kubernetes API are
 * digitalocean-one-clicks.ts's; the VPCs (`/v2/vpcs`, a cluster's `vpc_uuid`) are
 * digitalocean-vpcs.ts's. Besides, in a block of its own, the volumes and load balancers a
 * cluster's workloads make (specification/resources/volumes and load_balancers):
 * listed by `…/destroy_with_associated_resources`, read by id, deleted with the cluster by
 * `…/destroy_with_associated_resources/dangerous`, made, resized and deleted by tests (`inside`).
 */

type State =
  'running' | 'provisioning' | 'degraded' | 'error' | 'deleted' | 'upgrading' | 'deleting';

interface Node {
  id: string;
  name: string;
  status: { state: 'provisioning' | 'running' | 'draining' | 'deleting' };
  droplet_id: string;
  created_at: string;
  updated_at: string;
  polls: number;
}

interface Pool {
  id: string;
  name: string;
  size: string;
  count: number;
  tags: string[];
  labels: null;
  taints: [];
  auto_scale: boolean;
  min_nodes: number;
  max_nodes: number;
  nodes: Node[];
}

interface Cluster {
  id: string;
  name: string;
  region: string;
  version: string;
  cluster_subnet: string;
  service_subnet: string;
  vpc_uuid: string;
  ipv4: string;
  endpoint: string;
  tags: string[];
  node_pools: Pool[];
  auto_upgrade: boolean;
  surge_upgrade: boolean;
  maintenance_policy: { start_time: string; day: string; duration: string };
  ha: boolean;
  registry_enabled: boolean;
  status: { state: State; message: string };
  created_at: string;
  updated_at: string;
  /** Not in the answers: how many polls the cluster has been in its state. */
  polls: number;
  upgradingTo?: string;
  messages: { message: string; timestamp: string }[];
}

/** A volume as `GET /v2/volumes/{id}` answers it (`volume_full`), with its cluster's id. */
interface DoubleVolume {
  id: string;
  /** Not in the answers: the DigitalOcean cluster whose workload made it. */
  clusterId: string;
  name: string;
  description: string;
  size_gigabytes: number;
  droplet_ids: number[];
  region: { name: string; slug: string };
  filesystem_type: string;
  filesystem_label: string;
  created_at: string;
  tags: string[];
}

/** A load balancer as `GET /v2/load_balancers/{id}` answers it, with its cluster's id. */
interface DoubleBalancer {
  id: string;
  clusterId: string;
  name: string;
  ip: string;
  ipv6: string;
  size_unit: number;
  region: { name: string; slug: string };
  created_at: string;
  forwarding_rules: unknown[];
  vpc_uuid: string;
  /** Not in the answers: reads still to answer it `new`, without an address. */
  pendingReads: number;
}

export const DOUBLE_OPTIONS = {
  regions: [
    { name: 'New York 3', slug: 'nyc3' },
    { name: 'Amsterdam 3', slug: 'ams3' },
    { name: 'Frankfurt 1', slug: 'fra1' },
    { name: 'London 1', slug: 'lon1' },
  ],
  versions: [
    {
      slug: '1.37.2-do.0',
      kubernetes_version: '1.37.2',
      supported_features: ['cluster-autoscaler'],
    },
    {
      slug: '1.36.5-do.1',
      kubernetes_version: '1.36.5',
      supported_features: ['cluster-autoscaler'],
    },
    {
      slug: '1.35.9-do.2',
      kubernetes_version: '1.35.9',
      supported_features: ['cluster-autoscaler'],
    },
  ],
  sizes: [
    { name: 's-2vcpu-4gb', slug: 's-2vcpu-4gb' },
    { name: 'g-4vcpu-16gb', slug: 'g-4vcpu-16gb' },
    { name: 'g-8vcpu-32gb', slug: 'g-8vcpu-32gb' },
    { name: 'g-16vcpu-64gb', slug: 'g-16vcpu-64gb' },
    { name: 'gpu-h100x1-80gb', slug: 'gpu-h100x1-80gb' },
  ],
};

/** Polls a cluster or node stays in a passing state before it moves on. */
const POLLS = 3;

const minorOf = (version: string) => version.split('.').slice(0, 2).join('.');

export async function startDigitalOceanDouble(options: {
  token: string;
  /** Called once a create is carried out, before it is answered (a test kills the caller). */
  onCreate?: () => void;
  /** The account has no VPC yet: the first made in a region becomes its default. */
  withoutDefaultVpcs?: boolean;
}) {
  const clusters = new Map<string, Cluster>();
  const offered = structuredClone(DOUBLE_OPTIONS);
  const requests: { method: string; path: string; body: unknown; authorization?: string }[] = [];
  const account = {
    droplet_limit: 25,
    status: 'active' as 'active' | 'warning' | 'locked',
    status_message: '',
  };
  const faults = { throttle: 0, retryAfter: '1', fail: 0, dropCreate: 0 };
  let droplet = 400000;
  // 1-Click apps (`/v2/1-clicks…`) and the clusters' Kubernetes API, where they install.
  const oneClicks = await startOneClicksDouble({ hasCluster: (id) => clusters.has(id) });
  // VPCs (`/v2/vpcs…`): a cluster is a member of its VPC until DigitalOcean no longer lists it.
  const vpcs = createVpcsDouble({
    regions: () => offered.regions.map((region) => region.slug),
    hasMembers: (vpcId) => [...clusters.values()].some((cluster) => cluster.vpc_uuid === vpcId),
    withoutDefaults: options.withoutDefaultVpcs,
  });

  const now = () => new Date().toISOString();
  function newNode(pool: Pool): Node {
    return {
      id: randomUUID(),
      name: `${pool.name}-${Math.random().toString(36).slice(2, 7)}`,
      status: { state: 'provisioning' },
      droplet_id: String(++droplet),
      created_at: now(),
      updated_at: now(),
      polls: 0,
    };
  }
  function newPool(body: Record<string, unknown>, clusterId: string): Pool {
    const pool: Pool = {
      id: randomUUID(),
      name: body.name as string,
      size: body.size as string,
      count: body.count as number,
      tags: [...((body.tags as string[]) ?? []), 'k8s', `k8s:${clusterId}`, 'k8s:worker'],
      labels: null,
      taints: [],
      auto_scale: false,
      min_nodes: 0,
      max_nodes: 0,
      nodes: [],
    };
    for (let i = 0; i < pool.count; i += 1) pool.nodes.push(newNode(pool));
    return pool;
  }

  /** A poll moves every passing state one step on. */
  function tick(cluster: Cluster) {
    cluster.polls += 1;
    const state = cluster.status.state;
    if (state === 'provisioning' && cluster.polls >= POLLS)
      setState(cluster, 'running', 'Cluster is ready');
    if (state === 'upgrading' && cluster.polls >= POLLS) {
      cluster.version = cluster.upgradingTo!;
      setState(cluster, 'running', 'Cluster is ready');
    }
    if (state === 'deleting' && cluster.polls >= POLLS) clusters.delete(cluster.id);
    for (const pool of cluster.node_pools) {
      for (const node of pool.nodes) {
        node.polls += 1;
        if (node.status.state === 'provisioning' && node.polls >= POLLS) {
          node.status.state = 'running';
        }
      }
      pool.nodes = pool.nodes.filter((node) => node.status.state !== 'deleting' || node.polls < 2);
      while (pool.nodes.filter((node) => node.status.state !== 'deleting').length < pool.count) {
        pool.nodes.push(newNode(pool));
      }
      const live = pool.nodes.filter((node) => node.status.state !== 'deleting');
      for (const node of live.slice(pool.count)) {
        node.status.state = 'deleting';
        node.polls = 0;
      }
    }
  }
  function setState(cluster: Cluster, state: State, message: string) {
    cluster.status = { state, message };
    cluster.polls = 0;
    cluster.updated_at = now();
    cluster.messages.push({ message, timestamp: now() });
  }
  const view = (cluster: Cluster) => {
    const { polls: _polls, upgradingTo: _to, messages: _messages, ...rest } = cluster;
    return {
      ...rest,
      node_pools: cluster.node_pools.map((pool) => ({
        ...pool,
        nodes: pool.nodes.map(({ polls: _p, ...node }) => node),
      })),
    };
  };

  // Volumes and load balancers a cluster's workloads make from inside it (a
  // PersistentVolumeClaim, a Service of type LoadBalancer): DigitalOcean's `volume` and
  // `load_balancer` resources, listed by `GET …/destroy_with_associated_resources` and deleted
  // with the cluster by `DELETE …/destroy_with_associated_resources/dangerous`. Tests make,
  // resize and delete them through `inside`, as the cluster's own controllers would.
  const volumes = new Map<string, DoubleVolume>();
  const balancers = new Map<string, DoubleBalancer>();
  let address = 20;
  const notFound = {
    id: 'not_found',
    message: 'The resource you were accessing could not be found.',
  };
  const volumeView = ({ clusterId: _c, ...volume }: DoubleVolume) => volume;
  const balancerView = ({ clusterId: _c, pendingReads, ...balancer }: DoubleBalancer) => ({
    ...balancer,
    ip: pendingReads > 0 ? '' : balancer.ip,
    status: pendingReads > 0 ? 'new' : 'active',
  });
  /** Answers the paths of these resources; false for any other path. */
  function workloadRoute(
    parts: string[],
    method: string,
    json: (status: number, payload?: unknown) => void,
  ): boolean {
    if (parts[0] !== 'v2') return false;
    if (parts[1] === 'volumes' && parts.length === 3 && method === 'GET') {
      const volume = volumes.get(parts[2]!);
      if (volume) json(200, { volume: volumeView(volume) });
      else json(404, { ...notFound, request_id: randomUUID() });
      return true;
    }
    if (parts[1] === 'load_balancers' && parts.length === 3 && method === 'GET') {
      const balancer = balancers.get(parts[2]!);
      if (!balancer) {
        json(404, { ...notFound, request_id: randomUUID() });
        return true;
      }
      json(200, { load_balancer: balancerView(balancer) });
      if (balancer.pendingReads > 0) balancer.pendingReads -= 1;
      return true;
    }
    if (
      parts[1] !== 'kubernetes' ||
      parts[2] !== 'clusters' ||
      parts[4] !== 'destroy_with_associated_resources'
    ) {
      return false;
    }
    const cluster = clusters.get(parts[3]!);
    if (!cluster) {
      json(404, { ...notFound, request_id: randomUUID() });
      return true;
    }
    const own = <T extends { clusterId: string }>(all: Map<string, T>) =>
      [...all.values()].filter((resource) => resource.clusterId === cluster.id);
    if (parts.length === 5 && method === 'GET') {
      json(200, {
        load_balancers: own(balancers).map(({ id, name }) => ({ id, name })),
        volumes: own(volumes).map(({ id, name }) => ({ id, name })),
        volume_snapshots: [],
      });
      return true;
    }
    if (parts.length === 6 && parts[5] === 'dangerous' && method === 'DELETE') {
      for (const volume of own(volumes)) volumes.delete(volume.id);
      for (const balancer of own(balancers)) balancers.delete(balancer.id);
      setState(cluster, 'deleting', 'Deleting');
      json(204);
      return true;
    }
    return false;
  }
  const inside = {
    volumes,
    balancers,
    /** A PersistentVolumeClaim's volume, made by DigitalOcean's CSI driver; its id. */
    addVolume(clusterId: string, volume: { name: string; sizeGb: number; createdAt?: Date }) {
      const id = randomUUID();
      volumes.set(id, {
        id,
        clusterId,
        name: volume.name,
        description: 'Created by DigitalOcean CSI driver',
        size_gigabytes: volume.sizeGb,
        droplet_ids: [],
        region: { name: 'Frankfurt 1', slug: clusters.get(clusterId)?.region ?? 'fra1' },
        filesystem_type: 'ext4',
        filesystem_label: '',
        created_at: (volume.createdAt ?? new Date()).toISOString(),
        tags: [`k8s:${clusterId}`],
      });
      return id;
    },
    resizeVolume(id: string, sizeGb: number) {
      volumes.get(id)!.size_gigabytes = sizeGb;
    },
    removeVolume(id: string) {
      volumes.delete(id);
    },
    /**
     * A Service's load balancer, made by DigitalOcean's cloud controller; its id. With
     * `pendingReads`, the first reads answer it `new`, without an address yet.
     */
    addLoadBalancer(
      clusterId: string,
      balancer: { name: string; createdAt?: Date; pendingReads?: number },
    ) {
      const id = randomUUID();
      address += 1;
      balancers.set(id, {
        id,
        clusterId,
        name: balancer.name,
        ip: `198.51.100.${address}`,
        ipv6: '',
        size_unit: 1,
        region: { name: 'Frankfurt 1', slug: clusters.get(clusterId)?.region ?? 'fra1' },
        created_at: (balancer.createdAt ?? new Date()).toISOString(),
        forwarding_rules: [],
        vpc_uuid: clusters.get(clusterId)?.vpc_uuid ?? '',
        pendingReads: balancer.pendingReads ?? 0,
      });
      return id;
    },
    removeLoadBalancer(id: string) {
      balancers.delete(id);
    },
  };

  /** What the definition refuses of a create body: the message of the 422, or null. */
  function createProblem(body: Record<string, unknown> | null): string | null {
    if (!body || typeof body.name !== 'string' || !body.name) return 'name is required';
    if (!offered.regions.some((r) => r.slug === body.region)) return 'region is not valid';
    const version = body.version as string;
    if (!offered.versions.some((v) => v.slug === version || minorOf(v.slug) === version)) {
      return 'version is not valid';
    }
    if (!Array.isArray(body.node_pools) || body.node_pools.length === 0) {
      return 'at least one node pool is required';
    }
    for (const pool of body.node_pools as Record<string, unknown>[]) {
      const problem = poolProblem(pool);
      if (problem) return problem;
    }
    if (
      body.tags !== undefined &&
      !(Array.isArray(body.tags) && body.tags.every((t) => typeof t === 'string'))
    ) {
      return 'tags must be strings';
    }
    return null;
  }
  function poolProblem(pool: Record<string, unknown> | null): string | null {
    if (!pool || typeof pool.name !== 'string' || !pool.name) return 'node pool name is required';
    if (!offered.sizes.some((s) => s.slug === pool.size))
      return `invalid size ${String(pool.size)}`;
    if (!Number.isInteger(pool.count) || (pool.count as number) < 1) {
      return 'node pool count must be at least 1';
    }
    return null;
  }

  const server = http.createServer((request, response) => {
    readDoubleRequest(request, ({ url, method, body }) => {
      requests.push({
        method,
        path: url.pathname + url.search,
        body,
        authorization: request.headers.authorization,
      });
      const json = (status: number, payload?: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(
          status,
          payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
        );
        response.end(payload === undefined ? undefined : JSON.stringify(payload));
      };
      const error = (
        status: number,
        id: string,
        message: string,
        headers?: Record<string, string>,
      ) => json(status, { id, message, request_id: randomUUID() }, headers);

      if (request.headers.authorization !== `Bearer ${options.token}`) {
        return error(401, 'unauthorized', 'Unable to authenticate you');
      }
      if (faults.throttle > 0) {
        faults.throttle -= 1;
        return error(429, 'too_many_requests', 'API rate limit exceeded.', {
          'retry-after': faults.retryAfter,
        });
      }
      if (faults.fail > 0) {
        faults.fail -= 1;
        return error(500, 'server_error', 'Unexpected server-side error');
      }
      if (oneClicks.handle({ url, method, body }, json, error)) return;
      if (vpcs.handle({ url, method, body }, json, error)) return;
      const parts = url.pathname.split('/').filter(Boolean);
      if (url.pathname === '/v2/account' && method === 'GET') {
        return json(200, {
          account: {
            ...account,
            floating_ip_limit: 3,
            email: 'operator@example.com',
            uuid: 'b6fr89dbf6d9156cace5f3c78dc9851d957381ef',
            email_verified: true,
          },
        });
      }
      if (url.pathname === '/v2/droplets' && method === 'GET') {
        const total = [...clusters.values()].reduce(
          (sum, cluster) =>
            sum + cluster.node_pools.reduce((nodes, pool) => nodes + pool.nodes.length, 0),
          0,
        );
        return json(200, { droplets: [], meta: { total }, links: {} });
      }
      if (workloadRoute(parts, method, json)) return;
      if (parts[0] !== 'v2' || parts[1] !== 'kubernetes')
        return error(404, 'not_found', 'The resource you were accessing could not be found.');
      if (parts[2] === 'options' && method === 'GET') return json(200, { options: offered });
      if (parts[2] !== 'clusters')
        return error(404, 'not_found', 'The resource you were accessing could not be found.');

      if (parts.length === 3) {
        if (method === 'GET') {
          const perPage = Number(url.searchParams.get('per_page') ?? 20);
          const page = Number(url.searchParams.get('page') ?? 1);
          const all = [...clusters.values()];
          all.forEach(tick);
          const live = [...clusters.values()];
          return json(200, {
            kubernetes_clusters: live.slice((page - 1) * perPage, page * perPage).map(view),
            meta: { total: live.length },
            links: {},
          });
        }
        if (method === 'POST') {
          const problem = createProblem(body);
          if (problem) return error(422, 'unprocessable_entity', problem);
          const vpc = vpcs.forCluster(body!.region as string, body!.vpc_uuid);
          if ('problem' in vpc) return error(422, 'unprocessable_entity', vpc.problem);
          const id = randomUUID();
          const version = body!.version as string;
          const cluster: Cluster = {
            id,
            name: body!.name as string,
            region: body!.region as string,
            version: offered.versions.find(
              (v) => v.slug === version || minorOf(v.slug) === version,
            )!.slug,
            cluster_subnet: '10.244.0.0/16',
            service_subnet: '10.245.0.0/16',
            vpc_uuid: vpc.id,
            ipv4: '',
            endpoint: '',
            tags: [...((body!.tags as string[]) ?? []), 'k8s', `k8s:${id}`],
            node_pools: (body!.node_pools as Record<string, unknown>[]).map((pool) =>
              newPool(pool, id),
            ),
            auto_upgrade: false,
            surge_upgrade: false,
            maintenance_policy: { start_time: '00:00', day: 'any', duration: '4h0m0s' },
            ha: body!.ha === true,
            registry_enabled: false,
            status: { state: 'provisioning', message: 'Provisioning' },
            created_at: now(),
            updated_at: now(),
            polls: 0,
            messages: [{ message: 'Provisioning the control plane', timestamp: now() }],
          };
          cluster.endpoint = oneClicks.endpointOf(id);
          cluster.ipv4 = '198.51.100.7';
          clusters.set(id, cluster);
          options.onCreate?.();
          if (faults.dropCreate > 0) {
            faults.dropCreate -= 1;
            // Accepted, then the answer is lost: the platform never hears of it.
            request.socket.destroy();
            return;
          }
          return json(201, { kubernetes_cluster: view(cluster) });
        }
      }

      const cluster = clusters.get(parts[3] ?? '');
      if (!cluster)
        return error(404, 'not_found', 'The resource you were accessing could not be found.');
      const rest = parts.slice(4);
      if (rest.length === 0) {
        if (method === 'GET') {
          tick(cluster);
          if (!clusters.has(cluster.id))
            return error(404, 'not_found', 'The resource you were accessing could not be found.');
          return json(200, { kubernetes_cluster: view(cluster) });
        }
        if (method === 'DELETE') {
          setState(cluster, 'deleting', 'Deleting');
          return json(204);
        }
        // DigitalOcean's update asks for the name; the window and auto-upgrade are optional.
        if (method === 'PUT') {
          if (typeof body?.name !== 'string') {
            return error(422, 'unprocessable_entity', 'name is required');
          }
          const policy = body.maintenance_policy as
            { start_time?: string; day?: string } | undefined;
          if (policy) Object.assign(cluster.maintenance_policy, policy);
          if (typeof body.auto_upgrade === 'boolean') cluster.auto_upgrade = body.auto_upgrade;
          // A highly available control plane cannot be turned off again.
          if (body.ha === false && cluster.ha) {
            return error(422, 'unprocessable_entity', 'high availability cannot be disabled');
          }
          if (body.ha === true) cluster.ha = true;
          return json(202, { kubernetes_cluster: view(cluster) });
        }
      }
      if (rest[0] === 'kubeconfig' && method === 'GET') {
        response.writeHead(200, { 'content-type': 'application/yaml' });
        const name = `do-${cluster.region}-${cluster.name}`;
        return response.end(
          [
            'apiVersion: v1',
            'clusters:',
            '- cluster:',
            `    certificate-authority-data: ${oneClicks.caBase64}`,
            `    server: ${cluster.endpoint}`,
            `  name: ${name}`,
            'contexts:',
            '- context:',
            `    cluster: ${name}`,
            `    user: ${name}-admin`,
            `  name: ${name}`,
            `current-context: ${name}`,
            'kind: Config',
            'preferences: {}',
            'users:',
            `- name: ${name}-admin`,
            '  user:',
            `    token: ${kubeTokenOf(cluster.id)}`,
            '',
          ].join('\n'),
        );
      }
      if (rest[0] === 'upgrades' && method === 'GET') {
        const newer = offered.versions.filter(
          (v) =>
            v.kubernetes_version.localeCompare(cluster.version, undefined, { numeric: true }) > 0 &&
            Number(minorOf(v.slug).split('.')[1]) -
              Number(minorOf(cluster.version).split('.')[1]) <=
              1,
        );
        return json(200, { available_upgrade_versions: newer.length ? newer : null });
      }
      if (rest[0] === 'upgrade' && method === 'POST') {
        const version = body?.version;
        if (typeof version !== 'string' || !offered.versions.some((v) => v.slug === version)) {
          return error(422, 'unprocessable_entity', 'version is not valid');
        }
        if (cluster.status.state !== 'running') {
          return error(422, 'unprocessable_entity', 'cluster is not running');
        }
        cluster.upgradingTo = version;
        setState(cluster, 'upgrading', `Upgrading to ${version}`);
        return json(202);
      }
      if (rest[0] === 'status_messages' && method === 'GET') {
        const since = Date.parse(url.searchParams.get('since') ?? '');
        return json(200, {
          messages: cluster.messages.filter(
            (entry) => Number.isNaN(since) || Date.parse(entry.timestamp) >= since,
          ),
        });
      }
      if (rest[0] === 'node_pools') {
        if (rest.length === 1 && method === 'POST') {
          const problem = poolProblem(body);
          if (problem) return error(422, 'unprocessable_entity', problem);
          const pool = newPool(body!, cluster.id);
          cluster.node_pools.push(pool);
          return json(201, { node_pool: view(cluster).node_pools.at(-1) });
        }
        const pool = cluster.node_pools.find((candidate) => candidate.id === rest[1]);
        if (!pool)
          return error(404, 'not_found', 'The resource you were accessing could not be found.');
        if (rest.length === 2 && method === 'PUT') {
          if (
            typeof body?.name !== 'string' ||
            !Number.isInteger(body.count) ||
            (body.count as number) < 1
          ) {
            return error(422, 'unprocessable_entity', 'name and count are required');
          }
          pool.name = body.name;
          pool.count = body.count as number;
          return json(202, { node_pool: view(cluster).node_pools.find((p) => p.id === pool.id) });
        }
        if (rest.length === 2 && method === 'DELETE') {
          cluster.node_pools = cluster.node_pools.filter((candidate) => candidate !== pool);
          return json(204);
        }
        if (rest.length === 4 && rest[2] === 'nodes' && method === 'DELETE') {
          const node = pool.nodes.find((candidate) => candidate.id === rest[3]);
          if (!node)
            return error(404, 'not_found', 'The resource you were accessing could not be found.');
          node.status.state = 'deleting';
          node.polls = 0;
          if (url.searchParams.get('replace') !== '1') pool.count -= 1;
          else pool.nodes.push(newNode(pool));
          return json(202);
        }
      }
      return error(404, 'not_found', 'The resource you were accessing could not be found.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clusters,
    requests,
    /** The next `times` requests answer 429 with `Retry-After: seconds`. */
    throttle(times: number, seconds = '1') {
      faults.throttle = times;
      faults.retryAfter = seconds;
    },
    /** The next `times` requests answer 500. */
    fail(times: number) {
      faults.fail = times;
    },
    /** The next create is carried out, and its answer lost (the connection drops). */
    dropCreateAnswer(times = 1) {
      faults.dropCreate = times;
    },
    /** The account's Droplet limit and standing (`GET /v2/account`). */
    account,
    /** What the clusters' workloads made: volumes and load balancers, made, resized, deleted. */
    inside,
    /** DigitalOcean stops offering a region or a size. */
    withdraw(kind: 'regions' | 'sizes', slug: string) {
      offered[kind] = offered[kind].filter((entry) => entry.slug !== slug) as never;
    },
    /** The account's VPCs, a create accepted then failed, a delete held by members. */
    vpcs,
    /** The 1-Click installs, the clusters' Kubernetes objects and a 1-Click withdrawn. */
    oneClicks,
    close: async () => {
      await oneClicks.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
export type DigitalOceanDouble = Awaited<ReturnType<typeof startDigitalOceanDouble>>;
