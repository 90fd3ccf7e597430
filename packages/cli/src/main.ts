import { writeFileSync } from 'node:fs';
import { ApiError, createAlpenkubeClient, type AlpenkubeClient } from '@alpenkube/client';
import { Argument, Command, CommanderError, Option } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import {
  configFile,
  DEFAULT_API_URL,
  readConfig,
  resolveContext,
  UsageError,
  writeConfig,
} from './config.ts';
import { addClusterChanges } from './cluster-changes.ts';
import { completionShells } from './completion.ts';
import { addDayCommands } from './day-commands.ts';
import { kubeconfigFile, saveKubeconfig } from './kubeconfig.ts';
import { render, usd, type Format, formats } from './output.ts';
import { confirm, promptSecret } from './prompt.ts';

interface GlobalFlags {
  token?: string;
  apiUrl?: string;
  context?: string;
  output: Format;
}

const program = new Command('alpenkube')
  .description('Alpenkube from a terminal: clusters, kubeconfigs, orders and invoices.')
  .version(packageJson.version)
  .option('--token <token>', 'API token (overrides ALPENKUBE_TOKEN and the context)')
  .option('--api-url <url>', 'the platform (overrides ALPENKUBE_API_URL and the context)')
  .option('--context <name>', 'a saved context other than the current one')
  .addOption(new Option('-o, --output <format>', 'output format').choices(formats).default('table'))
  .showHelpAfterError()
  .exitOverride();

const flags = () => program.opts<GlobalFlags>();
const print = (text: string) => process.stdout.write(text);

function api(): AlpenkubeClient {
  const { apiUrl, token } = resolveContext(flags());
  if (!token) {
    throw new UsageError('No API token: run `alpenkube auth init`, or set ALPENKUBE_TOKEN.');
  }
  return createAlpenkubeClient({ baseUrl: apiUrl, token });
}

/** A cluster by its id, or by its exact name among the organization's clusters. */
async function clusterId(client: AlpenkubeClient, idOrName: string): Promise<string> {
  if (/^\d+$/.test(idOrName)) return idOrName;
  const { data } = await client.GET('/api/clusters', { params: { query: { q: idOrName } } });
  const match = data!.items.find((cluster) => cluster.name === idOrName);
  if (!match) throw new ApiError(404, `No cluster named "${idOrName}".`);
  return String(match.id);
}

const withExamples = (command: Command, ...examples: string[]) =>
  command.addHelpText('after', `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}`);

// auth ---------------------------------------------------------------------------------------

const auth = program.command('auth').description('API tokens and named contexts');

withExamples(
  auth
    .command('init')
    .description('store an API token (asked for, never shown) as a context, and use it')
    .option('--context-name <name>', 'the name of the context', 'default')
    .action(async (options: { contextName: string }) => {
      const token = flags().token ?? (await promptSecret('API token (ak_…): '));
      if (!token) throw new UsageError('No token given.');
      const config = readConfig();
      const apiUrl = flags().apiUrl ?? process.env.ALPENKUBE_API_URL ?? DEFAULT_API_URL;
      config.contexts[options.contextName] = { apiUrl, token };
      config.current = options.contextName;
      writeConfig(config);
      process.stderr.write(
        `Context "${options.contextName}" (${apiUrl}) saved in ${configFile()}\n`,
      );
    }),
  'alpenkube auth init',
  'alpenkube --api-url https://staging.example.com auth init --context-name staging',
);

withExamples(
  auth
    .command('switch <context>')
    .description('make a saved context the current one')
    .action((name: string) => {
      const config = readConfig();
      if (!config.contexts[name]) throw new UsageError(`No context named "${name}".`);
      config.current = name;
      writeConfig(config);
      process.stderr.write(`Now using context "${name}".\n`);
    }),
  'alpenkube auth switch staging',
);

withExamples(
  auth
    .command('list')
    .description('the saved contexts (never their tokens)')
    .action(() => {
      const config = readConfig();
      const rows = Object.entries(config.contexts).map(([name, context]) => ({
        current: name === config.current,
        name,
        apiUrl: context.apiUrl,
      }));
      print(
        render(
          rows,
          [
            { header: 'CURRENT', value: (row) => (row.current ? '*' : '') },
            { header: 'NAME', value: (row) => row.name },
            { header: 'API URL', value: (row) => row.apiUrl },
          ],
          flags().output,
        ),
      );
    }),
  'alpenkube auth list',
);

// clusters -----------------------------------------------------------------------------------

const clusters = program.command('clusters').description("the organization's clusters");

withExamples(
  clusters
    .command('list')
    .description('the clusters, newest first')
    .action(async () => {
      const { data } = await api().GET('/api/clusters', {
        params: { query: { sort: '-created', limit: '100' } },
      });
      print(
        render(
          data!.items,
          [
            { header: 'ID', value: (c) => c.id },
            { header: 'NAME', value: (c) => c.name },
            { header: 'STATUS', value: (c) => c.status },
            { header: 'TIER', value: (c) => c.tier.slug },
            { header: 'PROVIDER', value: (c) => c.provider.slug },
            { header: 'REGION', value: (c) => c.region.code },
            { header: 'VERSION', value: (c) => c.kubernetesVersion },
            { header: 'NODES', value: (c) => c.nodeCount },
            { header: 'MONTHLY', value: (c) => usd(c.monthlyCost) },
          ],
          flags().output,
        ),
      );
    }),
  'alpenkube clusters list',
  'alpenkube clusters list -o json',
);

withExamples(
  clusters
    .command('get <cluster>')
    .description('one cluster, by id or name')
    .action(async (idOrName: string) => {
      const client = api();
      const id = await clusterId(client, idOrName);
      const { data } = await client.GET('/api/clusters/{id}', { params: { path: { id } } });
      const cluster = data!;
      print(
        render(
          cluster,
          [
            { header: 'ID', value: (c) => c.id },
            { header: 'NAME', value: (c) => c.name },
            { header: 'STATUS', value: (c) => c.status },
            { header: 'VERSION', value: (c) => c.kubernetesVersion },
            {
              header: 'NODE POOLS',
              value: (c) => c.nodePools.map((p) => `${p.name}=${p.size}x${p.count}`).join(','),
            },
          ],
          flags().output,
        ),
      );
    }),
  'alpenkube clusters get web',
  'alpenkube clusters get 42 -o yaml',
);

addClusterChanges(clusters, api, clusterId);

// kubeconfig ---------------------------------------------------------------------------------

const kubeconfig = program.command('kubeconfig').description("a cluster's kubeconfig");

async function downloadKubeconfig(idOrName: string): Promise<string> {
  const client = api();
  const id = await clusterId(client, idOrName);
  const { data } = await client.GET('/api/clusters/{id}/kubeconfig', {
    params: { path: { id } },
    parseAs: 'text',
  });
  return data as string;
}

withExamples(
  kubeconfig
    .command('show <cluster>')
    .description("print the cluster's kubeconfig")
    .action(async (idOrName: string) => {
      print(await downloadKubeconfig(idOrName));
    }),
  'alpenkube kubeconfig show web > web.yaml',
);

withExamples(
  kubeconfig
    .command('save <cluster>')
    .description(
      'merge the kubeconfig into $KUBECONFIG (or ~/.kube/config) as its own context, made current',
    )
    .action(async (idOrName: string) => {
      const saved = saveKubeconfig(await downloadKubeconfig(idOrName), kubeconfigFile());
      process.stderr.write(`Context "${saved.context}" saved in ${saved.file} and made current.\n`);
    }),
  'alpenkube kubeconfig save web && kubectl get nodes',
);

// orders -------------------------------------------------------------------------------------

const orders = program.command('orders').description("the organization's orders");

const orderColumns = [
  { header: 'ID', value: (o: { id: number }) => o.id },
  { header: 'NUMBER', value: (o: { number: string }) => o.number },
  { header: 'KIND', value: (o: { kind: string }) => o.kind },
  { header: 'STATUS', value: (o: { status: string }) => o.status },
  { header: 'TOTAL', value: (o: { total: number }) => usd(o.total) },
  { header: 'DESCRIPTION', value: (o: { description: string }) => o.description },
];

withExamples(
  orders
    .command('list')
    .description('the orders, newest first')
    .action(async () => {
      const { data } = await api().GET('/api/orders');
      print(render(data!, orderColumns as never, flags().output));
    }),
  'alpenkube orders list',
);

withExamples(
  orders
    .command('get <id>')
    .description('one order')
    .action(async (id: string) => {
      const { data } = await api().GET('/api/orders/{id}', { params: { path: { id } } });
      print(render(data!, orderColumns as never, flags().output));
    }),
  'alpenkube orders get 12 -o json',
);

// invoices -----------------------------------------------------------------------------------

const invoices = program.command('invoices').description("the organization's invoices");

withExamples(
  invoices
    .command('list')
    .description('the invoices')
    .action(async () => {
      const { data } = await api().GET('/api/billing/invoices');
      print(
        render(
          data!,
          [
            { header: 'ID', value: (i) => i.id },
            { header: 'NUMBER', value: (i) => i.number },
            { header: 'STATUS', value: (i) => i.status },
            { header: 'PERIOD', value: (i) => `${i.periodStart} – ${i.periodEnd}` },
            { header: 'TOTAL', value: (i) => usd(i.total) },
            { header: 'DUE', value: (i) => usd(i.amountDue) },
          ],
          flags().output,
        ),
      );
    }),
  'alpenkube invoices list',
);

withExamples(
  invoices
    .command('download <id>')
    .description("save an invoice's PDF")
    .option('-f, --file <path>', 'where to write it (default: invoice-<id>.pdf)')
    .action(async (id: string, options: { file?: string }) => {
      const { data } = await api().GET('/api/billing/invoices/{id}/pdf', {
        params: { path: { id } },
        parseAs: 'arrayBuffer',
      });
      const file = options.file ?? `invoice-${id}.pdf`;
      writeFileSync(file, Buffer.from(data as ArrayBuffer));
      process.stderr.write(`Saved ${file}\n`);
    }),
  'alpenkube invoices download 7 --file march.pdf',
);

// add-ons ------------------------------------------------------------------------------------

const addons = program.command('addons').description("add-ons on the organization's clusters");

withExamples(
  addons
    .command('install <cluster> <addon>')
    .description('order an add-on for a cluster (priced for the rest of its period) and pay it')
    .option('-y, --yes', 'order without asking')
    .action(async (idOrName: string, addon: string, options: { yes?: boolean }) => {
      const client = api();
      const id = await clusterId(client, idOrName);
      if (!options.yes && !(await confirm(`Order the add-on "${addon}" for ${idOrName}?`))) {
        throw new UsageError('Not ordered.');
      }
      const { data: order } = await client.POST('/api/addons/orders', {
        params: { header: { 'idempotency-key': crypto.randomUUID() } },
        body: { clusterId: Number(id), addon },
      });
      await client.POST('/api/orders/{id}/pay', {
        params: { path: { id: String(order!.id) } },
        body: {},
      });
      print(`Order ${order!.number} paid (${usd(order!.total)}): ${addon} is being installed.\n`);
    }),
  'alpenkube addons install web gitops --yes',
);

withExamples(
  addons
    .command('remove <cluster> <addon>')
    .description('remove an add-on from a cluster')
    .action(async (idOrName: string, addon: string) => {
      const client = api();
      const id = await clusterId(client, idOrName);
      await client.DELETE('/api/clusters/{id}/addons/{slug}', {
        params: { path: { id, slug: addon } },
      });
      print(`${addon} is being removed.\n`);
    }),
  'alpenkube addons remove web gitops',
);

// tickets, products and tokens ----------------------------------------------------------------

addDayCommands(program, { api, print, output: () => flags().output, withExamples });

// usage --------------------------------------------------------------------------------------

withExamples(
  program
    .command('usage')
    .description("the organization's metered usage and its cost over a range of days")
    .requiredOption('--from <date>', 'first day (YYYY-MM-DD)')
    .requiredOption('--to <date>', 'last day (YYYY-MM-DD)')
    .addOption(
      new Option('--group-by <grouping>', 'rows by')
        .choices(['day', 'cluster', 'metric'])
        .default('metric'),
    )
    .option('--cluster <id>', "one cluster's usage")
    .option('--csv', 'the rows as CSV, as the usage page exports them')
    .action(
      async (options: {
        from: string;
        to: string;
        groupBy: 'day' | 'cluster' | 'metric';
        cluster?: string;
        csv?: boolean;
      }) => {
        const query = {
          from: options.from,
          to: options.to,
          groupBy: options.groupBy,
          ...(options.cluster ? { clusterId: options.cluster } : {}),
        };
        if (options.csv) {
          const { data } = await api().GET('/api/usage', {
            params: { query: { ...query, format: 'csv' } },
            parseAs: 'text',
          });
          print(data as string);
          return;
        }
        const { data } = await api().GET('/api/usage', { params: { query } });
        const report = data as Exclude<typeof data, string | undefined>;
        if (flags().output !== 'table') {
          print(render(report, [], flags().output));
          return;
        }
        print(
          render(
            report.rows,
            [
              { header: 'DAY', value: (r) => r.day },
              { header: 'CLUSTER', value: (r) => r.clusterName },
              { header: 'METRIC', value: (r) => r.metric },
              { header: 'QUANTITY', value: (r) => r.quantity },
              { header: 'BILLABLE', value: (r) => r.billableQuantity },
              { header: 'COST', value: (r) => usd(r.cost) },
            ],
            'table',
          ),
        );
        print(`Total ${usd(report.totalCost)}\n`);
      },
    ),
  'alpenkube usage --from 2026-11-01 --to 2026-11-30',
  'alpenkube usage --from 2026-11-01 --to 2026-11-30 --group-by day --csv > november.csv',
);

// completion ---------------------------------------------------------------------------------

withExamples(
  program
    .command('completion')
    .description('print the shell completion script')
    .addArgument(new Argument('<shell>', 'the shell').choices(Object.keys(completionShells)))
    .action((shell: keyof typeof completionShells) => {
      print(completionShells[shell](program));
    }),
  'source <(alpenkube completion bash)      # in ~/.bashrc',
  'source <(alpenkube completion zsh)       # in ~/.zshrc',
  'alpenkube completion fish > ~/.config/fish/completions/alpenkube.fish',
);

// exit codes: 0 done, 1 refused by the API (its message on stderr), 2 a usage error ------------

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    const done = ['commander.helpDisplayed', 'commander.version', 'commander.help'];
    process.exitCode = done.includes(error.code) ? 0 : 2;
  } else if (error instanceof UsageError) {
    process.stderr.write(`error: ${error.message}\n`);
    process.exitCode = 2;
  } else if (error instanceof ApiError) {
    process.stderr.write(`error: ${error.message}\n`);
    process.exitCode = 1;
  } else if (error instanceof TypeError && error.message === 'fetch failed') {
    const cause = (error.cause as { code?: string; message?: string } | undefined) ?? {};
    const url = resolveContext(flags()).apiUrl;
    process.stderr.write(`error: cannot reach ${url} (${cause.code ?? cause.message})\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
