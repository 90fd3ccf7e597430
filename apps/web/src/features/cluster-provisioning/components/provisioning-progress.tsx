import type { Cluster } from '@alpenkube/contract';
import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import {
  currentStep,
  provisioningPercent,
  provisioningPhase,
  readyNodeCount,
} from '../provisioning-state';

/** The build's percent as a bar, the step under way, and the nodes ready so far. */
export function ProvisioningProgress({ cluster }: { cluster: Cluster }) {
  const percent = provisioningPercent(cluster);
  const phase = provisioningPhase(cluster.status);
  const step = currentStep(cluster);
  const nodes = readyNodeCount(cluster);
  const working = phase === 'waiting' || phase === 'building';
  return (
    <section aria-labelledby="provisioning-progress" className="space-y-3">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="provisioning-progress" className="font-semibold tracking-tight">
          Progress
        </h2>
        <p className="text-2xl font-semibold tabular-nums" data-testid="provisioning-percent">
          {percent}%
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Provisioning progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none',
            phase === 'failed' ? 'bg-destructive' : phase === 'ready' ? 'bg-success' : 'bg-primary',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <p className="flex items-center gap-2" aria-live="polite">
          {working ? (
            <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
          ) : null}
          <span className="text-muted-foreground">Current step:</span>
          <span className="font-medium" data-testid="provisioning-step">
            {step}
          </span>
        </p>
        <p className="text-muted-foreground tabular-nums" data-testid="provisioning-nodes-ready">
          {nodes.ready} of {nodes.asked} {nodes.asked === 1 ? 'node' : 'nodes'} ready
        </p>
      </div>
    </section>
  );
}
