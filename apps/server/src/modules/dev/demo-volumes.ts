import { and, eq, inArray } from 'drizzle-orm';
import {
  clusterEvents,
  clusterLoadBalancers,
  clusterVolumes,
  clusters,
} from '../clusters/schema.ts';
import type { DemoServices } from './demo-services.ts';

const DAY = 86_400_000;

/** Persistent volumes and load balancers of the demo clusters: what storage and egress bill. */
const DEMO_STORAGE: Record<
  string,
  {
    volumes: { name: string; sizeGb: number; storageClass: string; days: number; gone?: number }[];
    loadBalancers: { name: string; days: number }[];
  }
> = {
  'eu-shop': {
    volumes: [
      { name: 'catalog-db', sizeGb: 200, storageClass: 'alpenkube-ssd-retain', days: 25 },
      { name: 'media', sizeGb: 500, storageClass: 'alpenkube-ssd', days: 12, gone: 3 },
    ],
    loadBalancers: [{ name: 'storefront', days: 25 }],
  },
  'payments-api': {
    volumes: [{ name: 'ledger-db', sizeGb: 100, storageClass: 'alpenkube-ssd-retain', days: 20 }],
    loadBalancers: [{ name: 'api-public', days: 20 }],
  },
};

/** Writes them with a past, each with the events its creation (and deletion) logged. */
export async function seedDemoVolumes(services: DemoServices, organizationId: number) {
  const rows = await services.db
    .select()
    .from(clusters)
    .where(
      and(
        eq(clusters.organizationId, organizationId),
        inArray(clusters.name, Object.keys(DEMO_STORAGE)),
      ),
    );
  await services.db.transaction(async (tx) => {
    for (const cluster of rows) {
      const storage = DEMO_STORAGE[cluster.name]!;
      // Never before the cluster ran: a day after it was made at the earliest.
      const at = (days: number) =>
        new Date(Math.max(Date.now() - days * DAY, cluster.createdAt.getTime() + DAY));
      for (const volume of storage.volumes) {
        const createdAt = at(volume.days);
        const deletedAt = volume.gone ? at(volume.gone) : null;
        await tx.insert(clusterVolumes).values({
          clusterId: cluster.id,
          name: volume.name,
          sizeGb: volume.sizeGb,
          storageClass: volume.storageClass,
          createdAt,
          deletedAt,
        });
        await tx.insert(clusterEvents).values({
          clusterId: cluster.id,
          kind: 'action',
          status: cluster.status,
          message: `Volume ${volume.name} created: ${volume.sizeGb} GB, ${volume.storageClass}`,
          createdAt,
        });
        if (deletedAt) {
          await tx.insert(clusterEvents).values({
            clusterId: cluster.id,
            kind: 'action',
            status: cluster.status,
            message: `Volume ${volume.name} deleted (${volume.sizeGb} GB)`,
            createdAt: deletedAt,
          });
        }
      }
      const driver = services.providers.driver(cluster.provider);
      const taken: string[] = [];
      for (const balancer of storage.loadBalancers) {
        const createdAt = at(balancer.days);
        const ip = driver.loadBalancerIp(taken);
        taken.push(ip);
        await tx.insert(clusterLoadBalancers).values({
          clusterId: cluster.id,
          name: balancer.name,
          ip,
          simulated: driver.simulated,
          createdAt,
        });
        await tx.insert(clusterEvents).values({
          clusterId: cluster.id,
          kind: 'action',
          status: cluster.status,
          message: `Load balancer ${balancer.name} created at ${ip}`,
          createdAt,
        });
      }
    }
  });
}
