import type { AlpenkubeClient } from '@alpenkube/client';
import { Command, Option } from 'commander';
import { UsageError } from './config.ts';
import { usd } from './output.ts';
import { confirm } from './prompt.ts';
import { waitForCluster } from './wait.ts';

type Api = () => AlpenkubeClient;
type ClusterId = (client: AlpenkubeClient, idOrName: string) => Promise<string>;

/** "name=web;size=m-4vcpu-16gb;count=3" (autoscale with min= and max=). */
export function parseNodePool(text: string) {
  const fields = new Map(
    text.split(';').map((pair) => {
      const [key, ...value] = pair.split('=');
      return [key!.trim(), value.join('=').trim()] as const;
    }),
  );
  const name = fields.get('name');
  const size = fields.get('size');
  const count = Number(fields.get('count'));
  if (!name || !size || !Number.isInteger(count) || count < 1) {
    throw new UsageError(`--node-pool "${text}": give name=…;size=…;count=N`);
  }
  const min = fields.get('min');
  const max = fields.get('max');
  return {
    name,
    size,
    count,
    ...(min ? { autoscaleMin: Number(min) } : {}),
    ...(max ? { autoscaleMax: Number(max) } : {}),
  };
}

/** --wait and --wait-timeout on the commands that start an operation. */
function waitable(command: Command) {
  return command
    .option('--wait', 'follow the operation until the cluster is running')
    .option('--wait-timeout <seconds>', 'give up waiting after this long', (v) => Number(v), 1800);
}

async function maybeWait(
  client: AlpenkubeClient,
  id: string,
  flags: { wait?: boolean; waitTimeout: number },
) {
  if (!flags.wait) return;
  const intervalMs = Number(process.env.ALPENKUBE_POLL_MS) || 2000;
  const cluster = await waitForCluster(client, id, {
    timeoutMs: flags.waitTimeout * 1000,
    intervalMs,
  });
  process.stdout.write(`${cluster.name} is running.\n`);
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

interface CreateFlags {
  tier: string;
  provider: string;
  region: string;
  kubernetesVersion: string;
  nodePool: string[];
  ha?: boolean;
  addon?: string[];
  supportPlan: string;
  billingCycle: 'monthly' | 'yearly';
  yes?: boolean;
  wait?: boolean;
  waitTimeout: number;
}

/** clusters create, scale, upgrade and delete: each asks first unless --yes. */
export function addClusterChanges(clusters: Command, api: Api, clusterId: ClusterId) {
  waitable(clusters.command('create <name>'))
    .description('order a cluster: shows the quote, asks, then places and pays the order')
    .requiredOption('--tier <slug>', 'cluster tier (e.g. blue)')
    .requiredOption('--provider <slug>', 'cloud provider (e.g. alpenkube)')
    .requiredOption('--region <code>', 'region (e.g. eu-de-fra)')
    .requiredOption('--kubernetes-version <version>', 'Kubernetes version (e.g. 1.36)')
    .requiredOption('--node-pool <spec>', 'a node pool "name=…;size=…;count=N" (repeat)', collect)
    .option('--ha', 'a highly available control plane')
    .option('--addon <slug>', 'an add-on (repeat)', collect)
    .option('--support-plan <slug>', 'support plan', 'basic')
    .addOption(
      new Option('--billing-cycle <cycle>', 'billing cycle')
        .choices(['monthly', 'yearly'])
        .default('monthly'),
    )
    .option('-y, --yes', 'order without asking')
    .addHelpText(
      'after',
      `\nExamples:\n  $ alpenkube clusters create web --tier blue --provider alpenkube --region eu-de-fra \\\n      --kubernetes-version 1.36 --node-pool "name=general;size=m-4vcpu-16gb;count=3" --yes`,
    )
    .action(async (name: string, flags: CreateFlags) => {
      const client = api();
      const cluster = {
        tier: flags.tier,
        provider: flags.provider,
        region: flags.region,
        kubernetesVersion: flags.kubernetesVersion,
        nodePools: flags.nodePool.map(parseNodePool),
        haControlPlane: Boolean(flags.ha),
        addons: flags.addon ?? [],
        supportPlan: flags.supportPlan,
      };
      const { data: quote } = await client.POST('/api/quotes', {
        body: { ...cluster, billingCycle: flags.billingCycle },
      });
      for (const line of quote!.lines) {
        process.stderr.write(`  ${line.description.padEnd(48)} ${usd(line.monthly)}/month\n`);
      }
      process.stderr.write(
        `  ${'Total'.padEnd(48)} ${usd(quote!.total)} (${flags.billingCycle})\n`,
      );
      if (!flags.yes && !(await confirm(`Order cluster "${name}"?`))) {
        throw new UsageError('Not ordered.');
      }
      const { data: order } = await client.POST('/api/orders', {
        params: { header: { 'idempotency-key': crypto.randomUUID() } },
        body: { kind: 'cluster', cluster: { ...cluster, name }, billingCycle: flags.billingCycle },
      });
      const path = { id: String(order!.id) };
      await client.POST('/api/orders/{id}/pay', { params: { path }, body: {} });
      const { data: paid } = await client.GET('/api/orders/{id}', { params: { path } });
      process.stdout.write(
        `Order ${paid!.number} paid: cluster ${paid!.clusterId} "${name}" is being provisioned.\n`,
      );
      await maybeWait(client, String(paid!.clusterId), flags);
    });

  waitable(clusters.command('scale <cluster>'))
    .description("change a node pool's node count")
    .requiredOption('--count <n>', 'the new node count', (v) => Number.parseInt(v, 10))
    .option('--pool <name>', 'the node pool (default: the only one)')
    .addHelpText('after', '\nExamples:\n  $ alpenkube clusters scale web --pool general --count 5')
    .action(
      async (
        idOrName: string,
        flags: { count: number; pool?: string; wait?: boolean; waitTimeout: number },
      ) => {
        const client = api();
        const id = await clusterId(client, idOrName);
        const { data } = await client.GET('/api/clusters/{id}', { params: { path: { id } } });
        const pools = data!.nodePools;
        const pool = flags.pool ? pools.find((p) => p.name === flags.pool) : pools[0];
        if (!pool || (!flags.pool && pools.length > 1)) {
          throw new UsageError(`Choose a pool with --pool: ${pools.map((p) => p.name).join(', ')}`);
        }
        await client.PATCH('/api/clusters/{id}/node-pools/{poolId}', {
          params: { path: { id, poolId: String(pool.id) } },
          body: { count: flags.count },
        });
        process.stdout.write(`Scaling ${data!.name}/${pool.name} to ${flags.count} nodes.\n`);
        await maybeWait(client, id, flags);
      },
    );

  waitable(clusters.command('upgrade <cluster>'))
    .description('upgrade Kubernetes to a newer version')
    .requiredOption('--kubernetes-version <version>', 'the version to upgrade to')
    .addHelpText(
      'after',
      '\nExamples:\n  $ alpenkube clusters upgrade web --kubernetes-version 1.37',
    )
    .action(
      async (
        idOrName: string,
        flags: { kubernetesVersion: string; wait?: boolean; waitTimeout: number },
      ) => {
        const client = api();
        const id = await clusterId(client, idOrName);
        await client.POST('/api/clusters/{id}/upgrade', {
          params: { path: { id } },
          body: { version: flags.kubernetesVersion },
        });
        process.stdout.write(`Upgrading to ${flags.kubernetesVersion}.\n`);
        await maybeWait(client, id, flags);
      },
    );

  clusters
    .command('delete <cluster>')
    .description('delete a cluster and everything on it')
    .option('-y, --yes', 'delete without asking')
    .addHelpText('after', '\nExamples:\n  $ alpenkube clusters delete web --yes')
    .action(async (idOrName: string, flags: { yes?: boolean }) => {
      const client = api();
      const id = await clusterId(client, idOrName);
      const { data } = await client.GET('/api/clusters/{id}', { params: { path: { id } } });
      const name = data!.name;
      if (!flags.yes && !(await confirm(`Delete cluster "${name}" and everything on it?`))) {
        throw new UsageError('Not deleted.');
      }
      await client.DELETE('/api/clusters/{id}', { params: { path: { id } }, body: { name } });
      process.stdout.write(`Deleting ${name}.\n`);
    });
}
