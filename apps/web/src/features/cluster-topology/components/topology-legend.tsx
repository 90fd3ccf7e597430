import { cn } from '@/lib/cn';
import { legendEntries, toneClasses } from '../topology-status';

const words = (statuses: readonly string[]) => statuses.join(', ');

/** What each colour means, for nodes and for control planes (which take the cluster's status). */
export function TopologyLegend() {
  return (
    <section aria-labelledby="topology-legend" className="space-y-2">
      <h2 id="topology-legend" className="text-sm font-semibold">
        Legend
      </h2>
      <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {legendEntries().map((entry) => (
          <li key={entry.tone} className="flex items-center gap-2" data-tone={entry.tone}>
            <span
              className={cn('size-4 shrink-0 rounded border-2', toneClasses[entry.tone].swatch)}
              aria-hidden="true"
            />
            <span>
              {entry.nodeStatuses.length ? (
                <>
                  <span className="text-muted-foreground">Node:</span> {words(entry.nodeStatuses)}
                  {entry.clusterStatuses.length ? '; ' : null}
                </>
              ) : null}
              {entry.clusterStatuses.length ? (
                <>
                  <span className="text-muted-foreground">Control plane:</span>{' '}
                  {words(entry.clusterStatuses)}
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
