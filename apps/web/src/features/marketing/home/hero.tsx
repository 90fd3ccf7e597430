import { Link } from 'react-router';
import { ArrowRight, MapPin } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

const terminalLines = [
  { prompt: true, text: 'kubectl get nodes -L topology.kubernetes.io/region' },
  { prompt: false, text: 'NAME              STATUS   VERSION   REGION' },
  { prompt: false, text: 'general-7c9f4-0   Ready    v1.37.2   eu-fr-par' },
  { prompt: false, text: 'general-7c9f4-1   Ready    v1.37.2   eu-fr-par' },
  { prompt: false, text: 'general-7c9f4-2   Ready    v1.37.2   eu-fr-par' },
];

export function Hero() {
  return (
    <section className="relative overflow-hidden border-b border-border">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-primary)_0%,transparent_55%)] opacity-10"
      />
      <div className="relative mx-auto grid grid-cols-1 max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="inline-flex items-center gap-1.5 rounded-full border border-border bg-card px-3 py-1 text-sm text-muted-foreground">
            <MapPin className="size-4 text-primary" aria-hidden="true" /> EU regions only, unless
            you allow others
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Managed Kubernetes on a sovereign European cloud
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted-foreground">
            Order a production-ready cluster in minutes, from a sandbox to GPU pools. We run the
            control plane, the upgrades and the add-ons; your data stays in the region you choose,
            and your organization&apos;s residency policy keeps it in the EU unless your admins
            allow other jurisdictions.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={paths.pricing}>
                Compare tiers and prices <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.scheduleDemo}>Schedule a demo</Link>
            </Button>
          </div>
        </div>
        <div className="rounded-2xl border border-border bg-[oklch(0.21_0.02_262)] p-5 font-mono text-xs text-[oklch(0.93_0.01_255)] shadow-2xl sm:text-sm">
          <div className="mb-4 flex gap-1.5" aria-hidden="true">
            <span className="size-3 rounded-full bg-[oklch(0.65_0.2_25)]" />
            <span className="size-3 rounded-full bg-[oklch(0.8_0.15_85)]" />
            <span className="size-3 rounded-full bg-[oklch(0.72_0.17_150)]" />
          </div>
          <pre
            className="overflow-x-auto leading-relaxed"
            aria-label="Example: the nodes of a cluster in a Paris region"
          >
            {terminalLines.map((line) => (
              <span key={line.text} className="block">
                {line.prompt && <span className="text-[oklch(0.72_0.17_150)]">$ </span>}
                {line.text}
              </span>
            ))}
          </pre>
        </div>
      </div>
    </section>
  );
}
