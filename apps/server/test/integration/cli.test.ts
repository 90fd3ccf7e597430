import { execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import type { Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterOrderer, orderCluster, settleJobs } from '../support/clusters.ts';
import { createTestApp, type Client, type TestApp } from '../support/test-app.ts';

const run = promisify(execFile);
const KUBECTL = process.env.KUBECTL ?? 'kubectl';
const CLI_DIR = fileURLToPath(new URL('../../../../packages/cli/', import.meta.url));

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The built `alpenkube` command, run as a user would, against the in-process server. */
describe('the alpenkube command', () => {
  let t: TestApp;
  let kubeServer: Server;
  let home: string;
  let env: NodeJS.ProcessEnv;
  /** Built into a directory of this file's own: the two integration projects run at once. */
  let build: string;
  let CLI: string;

  beforeAll(async () => {
    build = await mkdtemp(join(tmpdir(), 'alpenkube-cli-build-'));
    CLI = join(build, 'package', 'dist', 'alpenkube.js');
    await run(process.execPath, [join(CLI_DIR, 'build.mjs'), CLI]);
    const kubePort = await freePort();
    t = await createTestApp({
      env: { MAIL_LIMIT_PER_IP: '10000', KUBE_API_PORT: String(kubePort) },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    kubeServer = await t.app.services.kubeApiTls!.listen(t.app, '127.0.0.1', kubePort);
    home = await mkdtemp(join(tmpdir(), 'alpenkube-cli-'));
    const { ALPENKUBE_TOKEN: _token, ALPENKUBE_CONTEXT: _context, ...rest } = process.env;
    env = {
      ...rest,
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      KUBECONFIG: join(home, 'kube', 'config'),
      ALPENKUBE_API_URL: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    };
  });
  afterAll(async () => {
    kubeServer?.close();
    await t.close();
    await rm(home, { recursive: true, force: true });
    await rm(build, { recursive: true, force: true });
  });

  /** Runs the command; answers its exit code and output, whatever the code. */
  function alpenkube(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}) {
    return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, ...args], {
        env: { ...env, ...options.env },
        cwd: home,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
      child.stdin.end(options.input ?? '');
    });
  }

  /** Runs the jobs the command's change queues while it waits for them. */
  async function whileJobsRun<T>(command: Promise<T>): Promise<T> {
    let done = false;
    void command.finally(() => (done = true));
    while (!done) {
      await settleJobs(t.app);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await settleJobs(t.app);
    return command;
  }

  async function token(client: Client, scopes: string[]) {
    const response = await client.post('/api/api-tokens', {
      name: 'cli',
      scopes,
      expiresInDays: 7,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ token: string }>().token;
  }

  it('stores a token, lists and shows clusters, and saves a kubeconfig kubectl uses', async () => {
    const { client } = await clusterOrderer(t.app);
    const order = await orderCluster(client, { name: 'cli-web' });
    await settleJobs(t.app);
    const full = await token(client, [
      'clusters:read',
      'kubeconfig:read',
      'orders:read',
      'billing:read',
    ]);

    const init = await alpenkube(['auth', 'init', '--context-name', 'work'], {
      input: `${full}\n`,
    });
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout + init.stderr).not.toContain(full);
    const configPath = join(home, 'config', 'alpenkube', 'config.json');
    expect((await stat(configPath)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(configPath, 'utf8'))).toMatchObject({
      current: 'work',
      contexts: { work: { token: full } },
    });
    const contexts = await alpenkube(['auth', 'list']);
    expect(contexts.stdout).toMatch(/^CURRENT\s+NAME\s+API URL\n\*\s+work\s+http:/);
    expect(contexts.stdout).not.toContain(full);

    const table = await alpenkube(['clusters', 'list']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^ID\s+NAME\s+STATUS/);
    expect(table.stdout).toMatch(/cli-web\s+running/);
    const json = await alpenkube(['clusters', 'list', '-o', 'json']);
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ name: 'cli-web' })]);
    const yaml = await alpenkube(['clusters', 'get', 'cli-web', '--output', 'yaml']);
    expect(yaml.stdout).toContain(`id: ${order.clusterId}`);

    const orders = await alpenkube(['orders', 'list', '-o', 'json']);
    expect(JSON.parse(orders.stdout)).toEqual([expect.objectContaining({ id: order.id })]);

    const saved = await alpenkube(['kubeconfig', 'save', 'cli-web']);
    expect(saved.code, saved.stderr).toBe(0);
    expect((await stat(env.KUBECONFIG!)).mode & 0o777).toBe(0o600);
    const nodes = await run(KUBECTL, ['get', 'nodes', '-o', 'name'], {
      env: { ...process.env, HOME: home, KUBECONFIG: env.KUBECONFIG },
      timeout: 30_000,
    });
    expect(nodes.stdout.trim().split('\n')).toHaveLength(3);
  });

  it('creates a cluster after its quote, scales it, and downloads an invoice', async () => {
    const { client, organizationId } = await clusterOrderer(t.app);
    const writer = await token(client, ['clusters:write', 'orders:write', 'billing:read']);
    const as = { env: { ALPENKUBE_TOKEN: writer } };
    const flags = [
      ...['--tier', 'blue', '--provider', 'alpenkube', '--region', 'eu-de-fra'],
      ...['--kubernetes-version', '1.36', '--node-pool', 'name=web;size=m-4vcpu-16gb;count=3'],
    ];
    const declined = await alpenkube(['clusters', 'create', 'cli-new', ...flags], {
      ...as,
      input: 'n\n',
    });
    expect(declined.code, declined.stderr).toBe(2);
    expect(declined.stderr).toMatch(/Total\s+\$\d+\.\d\d \(monthly\)/);
    expect(declined.stderr).toContain('Not ordered.');
    // Followed live over the cluster's event stream: asking the API every ten minutes instead
    // would outlast the test.
    const polling = { env: { ...as.env, ALPENKUBE_POLL_MS: '600000' } };
    const created = await whileJobsRun(
      alpenkube(['clusters', 'create', 'cli-new', ...flags, '--yes', '--wait'], polling),
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/paid: cluster \d+ "cli-new" is being provisioned/);
    expect(created.stdout).toContain('cli-new is running.');
    // Not a terminal: a line per step, no bar redrawn with \r.
    expect(created.stderr).not.toContain('\r');
    expect(created.stderr).toMatch(/^\d+% provisioning: Node cli-new-web-\w+ joined pool web in /m);
    expect(created.stderr).toMatch(/^100% running: Cluster cli-new is running$/m);

    const scaled = await whileJobsRun(
      alpenkube(['clusters', 'scale', 'cli-new', '--count', '4', '--wait'], polling),
    );
    expect(scaled.code, scaled.stderr).toBe(0);
    expect(scaled.stdout).toContain('cli-new is running.');
    const shown = await alpenkube(['clusters', 'get', 'cli-new', '-o', 'json'], as);
    expect(JSON.parse(shown.stdout)).toMatchObject({ nodePools: [{ name: 'web', count: 4 }] });

    const installed = await whileJobsRun(
      alpenkube(['addons', 'install', 'cli-new', 'gitops', '--yes'], as),
    );
    expect(installed.code, installed.stderr).toBe(0);
    expect(installed.stdout).toMatch(/paid \(\$\d+\.\d\d\): gitops is being installed/);
    const withAddon = await alpenkube(['clusters', 'get', 'cli-new', '-o', 'json'], as);
    expect(JSON.stringify(JSON.parse(withAddon.stdout).addons)).toContain('gitops');
    const removed = await alpenkube(['addons', 'remove', 'cli-new', 'gitops'], as);
    expect(removed.code, removed.stderr).toBe(0);
    await settleJobs(t.app);

    const today = new Date().toISOString().slice(0, 10);
    const range = ['usage', '--from', today, '--to', today];
    const usageTable = await alpenkube(range, as);
    expect(usageTable.code, usageTable.stderr).toBe(0);
    expect(usageTable.stdout).toMatch(/^DAY\s+CLUSTER\s+METRIC/);
    expect(usageTable.stdout).toMatch(/^Total \$\d+\.\d\d$/m);
    const usageJson = JSON.parse((await alpenkube([...range, '-o', 'json'], as)).stdout);
    expect(usageJson).toMatchObject({ from: today, groupBy: 'metric', currency: 'USD' });
    const usageCsv = await alpenkube([...range, '--csv'], as);
    expect(usageCsv.stdout.split('\n')[0]).toContain(',');

    const nextMonth = new Date();
    nextMonth.setUTCDate(1);
    nextMonth.setUTCHours(0, 0, 0, 0);
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    const invoice = (await t.app.services.invoices.closeMonth(organizationId, nextMonth))!;
    const listed = await alpenkube(['invoices', 'list'], as);
    expect(listed.stdout).toContain(invoice.number);
    const downloaded = await alpenkube(
      ['invoices', 'download', String(invoice.id), '--file', 'march.pdf'],
      as,
    );
    expect(downloaded.code, downloaded.stderr).toBe(0);
    expect((await readFile(join(home, 'march.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('exits 1 with the server message on a refusal, 2 on a usage error; completes in bash', async () => {
    const { client } = await clusterOrderer(t.app);
    await orderCluster(client, { name: 'cli-refused' });
    const reader = await token(client, ['clusters:read']);
    const refused = await alpenkube(['kubeconfig', 'show', 'cli-refused'], {
      env: { ALPENKUBE_TOKEN: reader },
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: .*kubeconfig:read/);

    const unknownFlag = await alpenkube(['clusters', 'list', '--bogus']);
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toContain("unknown option '--bogus'");
    const badFormat = await alpenkube(['clusters', 'list', '-o', 'xml']);
    expect(badFormat.code).toBe(2);
    const completion = await alpenkube(['completion', 'bash']);
    const script = join(home, 'completion.bash');
    await writeFile(script, completion.stdout);
    const complete = (words: string) =>
      run('bash', [
        '-c',
        `source ${script}; COMP_WORDS=(${words}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _alpenkube; echo "\${COMPREPLY[*]}"`,
      ]);
    expect((await complete('alpenkube clusters ""')).stdout).toMatch(/^list get create scale/);
    expect((await complete('alpenkube -o json clusters create web --w')).stdout.trim()).toBe(
      '--wait --wait-timeout',
    );
    expect((await alpenkube(['completion', 'fish'])).stdout).toContain(
      "complete -c alpenkube -f -n '__fish_seen_subcommand_from kubeconfig' -a 'show save'",
    );
    expect((await alpenkube(['completion', 'tcsh'])).code).toBe(2);
    const version = await alpenkube(['--version']);
    expect(version).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
  });

  it('opens, lists and answers tickets, and lists and orders a marketplace product', async () => {
    const { client } = await clusterOrderer(t.app);
    const as = { env: { ALPENKUBE_TOKEN: await token(client, ['support:write', 'orders:write']) } };
    const opened = await alpenkube(
      [
        'tickets',
        'create',
        '--subject',
        'Nodes not ready',
        '--body',
        'Two nodes of web are NotReady since ten.',
        '--severity',
        'high',
        '-o',
        'json',
      ],
      as,
    );
    expect(opened.code, opened.stderr).toBe(0);
    const ticket = JSON.parse(opened.stdout) as { id: number; number: string; severity: string };
    expect(ticket.severity).toBe('high');
    const listed = await alpenkube(['tickets', 'list'], as);
    expect(listed.stdout).toContain(ticket.number);
    expect(listed.stdout).toContain('Nodes not ready');
    const replied = await alpenkube(
      ['tickets', 'reply', String(ticket.id), '--body', 'Still so.'],
      as,
    );
    expect(replied).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`Replied to ${ticket.number}`),
    });
    const messages = (await client.get(`/api/support/tickets/${ticket.id}`)).json<{
      messages: { body: string }[];
    }>().messages;
    expect(messages.map((message) => message.body)).toContain('Still so.');
    // The API's own refusal, with its message and exit code 1.
    const short = await alpenkube(['tickets', 'create', '--subject', 'Hi', '--body', 'x'], as);
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/subject|body/i);
    expect((await alpenkube(['tickets', 'create', '--severity', 'panic'], as)).code).toBe(2);

    const catalog = await alpenkube(['products', 'list', '-o', 'json'], as);
    const products = JSON.parse(catalog.stdout) as {
      slug: string;
      plans: { slug: string }[];
      regions: { code: string }[];
    }[];
    const product = products[0]!;
    const ordered = await alpenkube(
      [
        'products',
        'order',
        product.slug,
        '--plan',
        product.plans[0]!.slug,
        '--region',
        product.regions[0]!.code,
        '--name',
        'cli-product',
        '--yes',
      ],
      as,
    );
    expect(ordered.code, ordered.stderr).toBe(0);
    expect(ordered.stdout).toMatch(/Order .+ paid .*cli-product is being set up/);
    const mine = await alpenkube(['products', 'list', '--mine'], as);
    expect(mine.stdout).toContain('cli-product');
    const unknown = await alpenkube(
      ['products', 'order', 'nothing', '--plan', 'x', '--region', 'y', '--name', 'z', '--yes'],
      as,
    );
    expect(unknown.code).toBe(2);
  });

  it("lists the owner's tokens with any token, the current one marked, no secret shown", async () => {
    const { client } = await clusterOrderer(t.app);
    const other = await token(client, ['clusters:write', 'orders:write']);
    // A token with a single unrelated scope: listing tokens needs none.
    const reader = await token(client, ['billing:read']);
    const as = { env: { ALPENKUBE_TOKEN: reader } };
    const tokens = (await client.get('/api/api-tokens')).json<{ id: number; prefix: string }[]>();
    const [readerRow, otherRow] = tokens;

    const table = await alpenkube(['tokens', 'list'], as);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^CURRENT\s+ID\s+NAME\s+PREFIX\s+STATUS\s+EXPIRES\s+LAST USED\s+SCOPES$/,
    );
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\*\\s+${readerRow!.id}\\s+cli\\s+${readerRow!.prefix}…\\s+active\\s.*billing:read$`,
      ),
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^\\s+${otherRow!.id}\\s+cli\\s+${otherRow!.prefix}…\\s+active\\s.*clusters:write,orders:write$`,
      ),
    );

    const json = await alpenkube(['tokens', 'list', '-o', 'json'], as);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({ id: readerRow!.id, current: true, scopes: ['billing:read'] }),
      expect.objectContaining({ id: otherRow!.id, current: false }),
    ]);
    const yaml = await alpenkube(['tokens', 'list', '-o', 'yaml'], as);
    expect(yaml.stdout).toContain('current: true');
    for (const output of [table, json, yaml]) {
      for (const secret of [reader, other]) {
        expect(output.stdout + output.stderr).not.toContain(secret);
      }
      expect(output.stdout).not.toMatch(/tokenHash|lastUsedIp/);
    }

    // Read only: there is no command that makes or revokes a token.
    const create = await alpenkube(['tokens', 'create'], as);
    expect(create.code).toBe(2);
    const completion = await alpenkube(['completion', 'bash']);
    expect(completion.stdout).toContain('"tokens") words="list --help"');
    expect(completion.stdout).toMatch(/^\s+""\) words="[^"]*\btokens\b/m);
  });

  it('packs into a tarball that installs and runs with Node alone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'alpenkube-pack-'));
    try {
      // The package as npm pack sees it, with the bundle built above (its prepack builds the same).
      const copy = join(build, 'package');
      await cp(join(CLI_DIR, 'bin'), join(copy, 'bin'), { recursive: true });
      await cp(join(CLI_DIR, 'package.json'), join(copy, 'package.json'));
      await run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: copy });
      const [tarball] = (await readdir(dir)).filter((name) => name.endsWith('.tgz'));
      await writeFile(join(dir, 'package.json'), '{"private":true}');
      // Offline: the bundle needs nothing from a registry.
      await run('npm', ['install', '--offline', '--no-audit', '--no-fund', `./${tarball}`], {
        cwd: dir,
      });
      const installed = await run(join(dir, 'node_modules/.bin/alpenkube'), ['--version'], {
        env: { PATH: process.env.PATH },
      });
      expect(installed.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
