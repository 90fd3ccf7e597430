import { useQuery } from '@tanstack/react-query';
import type { ClusterOrderConfig } from '@alpenkube/contract';
import { publicQueries } from '@/lib/public-queries';
import { describeCluster } from '@/lib/catalog/describe-cluster';

/** The cluster configuration the order bought, as a description list. */
export function OrderConfiguration({ config }: { config: ClusterOrderConfig }) {
  const catalog = useQuery(publicQueries.catalog());
  const items = [
    { label: 'Cluster name', value: config.name },
    ...describeCluster(config, catalog.data),
  ];
  return (
    <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-muted-foreground">{item.label}</dt>
          <dd className="mt-0.5 font-medium break-words">
            {Array.isArray(item.value) ? (
              <ul className="space-y-0.5">
                {item.value.map((value) => (
                  <li key={value}>{value}</li>
                ))}
              </ul>
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
