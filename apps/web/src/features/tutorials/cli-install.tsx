import { Download, Terminal } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Served by the platform itself: the build packs the command into the web app's files. */
const CLI_TARBALL = '/downloads/alpenkube-cli.tgz';

/**
 * The `alpenkube` command: the tarball this platform serves (one bundled file, Node 20 and
 * nothing else), installed with npm, then a token from Settings.
 */
export function CliInstall() {
  return (
    <section aria-labelledby="cli-heading">
      <h2 id="cli-heading" className="flex items-center gap-2 text-2xl font-bold tracking-tight">
        <Terminal className="size-6 text-primary" aria-hidden="true" /> Command-line tool
      </h2>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        <code>alpenkube</code> scripts clusters, kubeconfigs, orders, invoices, usage, tickets and
        marketplace products from a terminal or a CI job, with a personal API token (Settings › API
        tokens). It needs Node.js 20 or newer and nothing else.
      </p>
      <a
        href={CLI_TARBALL}
        download
        className="mt-4 inline-flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm font-medium hover:bg-accent"
      >
        <Download className="size-4" aria-hidden="true" /> Download alpenkube-cli.tgz
      </a>
      <pre className="mt-4 overflow-x-auto rounded-lg border border-border bg-muted p-4 text-sm">
        <code>{`npm install -g ./alpenkube-cli.tgz
alpenkube --api-url https://<this site's address> auth init   # paste the token
alpenkube clusters list
alpenkube kubeconfig save web && kubectl get nodes`}</code>
      </pre>
      <p className="mt-3 text-sm text-muted-foreground">
        Every command takes <code>--help</code> with examples;{' '}
        <Link to={paths.tutorial('api-access')} className="text-primary underline">
          API access
        </Link>{' '}
        explains the tokens and their scopes.
      </p>
    </section>
  );
}
