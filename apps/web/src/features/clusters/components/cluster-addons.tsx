import { Puzzle } from 'lucide-react';
import type { Cluster } from '@alpenkube/contract';
import { SectionCard } from './section-card';

/** The add-ons installed on the cluster. */
export function ClusterAddons({ addons }: { addons: Cluster['addons'] }) {
  return (
    <SectionCard title="Add-ons">
      {addons.length === 0 ? (
        <p className="text-sm text-muted-foreground">No add-on is installed.</p>
      ) : (
        <ul aria-label="Installed add-ons" className="flex flex-wrap gap-2">
          {addons.map((addon) => (
            <li
              key={addon.slug}
              className="inline-flex items-center gap-1.5 rounded-lg border bg-muted/40 px-2.5 py-1 text-sm"
            >
              <Puzzle className="size-3.5 text-muted-foreground" aria-hidden="true" />
              {addon.name}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
