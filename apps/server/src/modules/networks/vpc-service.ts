import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CreateVpc, Vpc, VpcListQuery } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { defineJob, enqueueJob } from '../../jobs/job-queue.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/index.ts';
import type { CatalogService } from '../platform/index.ts';
import { ProviderError, type ProviderRegistry } from '../providers/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { vpcs } from './schema.ts';
import { checkVpcRange, firstFreeRange } from './vpc-ranges.ts';

type VpcRow = typeof vpcs.$inferSelect;

/** How many clusters (not deleted) each VPC holds: the clusters module answers, given at composition. */
export type ClustersInVpcs = (db: DbOrTx, vpcIds: number[]) => Promise<Map<number, number>>;

const toVpc = (row: VpcRow, clusterCount: number): Vpc => ({
  id: row.id,
  name: row.name,
  provider: row.provider,
  region: row.region,
  ipRange: row.ipRange,
  isDefault: row.isDefault,
  clusterCount,
  createdAt: row.createdAt.toISOString(),
});

// Any constant: VPCs made at once on a provider whose ranges are account-wide take turns.
const RANGE_LOCK_KEY = 7_114_0039;

/**
 * The ranges a new VPC may not overlap: the organization's others of the region; where the
 * provider's networks are all in the platform's one account (`accountWide`: DigitalOcean refuses
 * a range that overlaps any network of the account, in any region), every organization's VPC of
 * that provider in every region, read under a lock of the provider until the transaction ends,
 * so that two VPCs made at once take two ranges.
 */
async function takenRanges(
  db: DbOrTx,
  organizationId: number,
  placement: { provider: string; region: string; accountWide?: boolean },
): Promise<{ ranges: string[]; takenBy: string }> {
  const { provider, region, accountWide } = placement;
  if (accountWide) {
    await db.execute(
      sql`select pg_advisory_xact_lock(${RANGE_LOCK_KEY}::int, hashtext(${provider}))`,
    );
  }
  const rows = await db
    .select({ ipRange: vpcs.ipRange })
    .from(vpcs)
    .where(
      accountWide
        ? eq(vpcs.provider, provider)
        : and(
            eq(vpcs.organizationId, organizationId),
            eq(vpcs.provider, provider),
            eq(vpcs.region, region),
          ),
    );
  return {
    ranges: rows.map((row) => row.ipRange),
    takenBy: accountWide
      ? "a network already in the provider's account, where every organization's VPCs of every region are and no two ranges may overlap"
      : 'another VPC of this region',
  };
}

/**
 * Deletes the provider's network of a VPC deleted on the platform (DigitalOcean's, which the
 * DOKS driver made for its first cluster). The payload carries the VPC: its row is gone.
 */
export const deleteProviderVpcJob = defineJob(
  'vpc.delete-at-provider',
  z.object({
    provider: z.string(),
    vpc: z.object({
      id: z.number().int().positive(),
      name: z.string(),
      region: z.string(),
      ipRange: z.string(),
    }),
  }),
);
/** Attempts, the n-th after 15 × 2^(n−2) s: about half an hour in all, for Droplets to go. */
const DELETE_ATTEMPTS = 8;

/** What the networks module writes to the server's log. */
export interface VpcLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * The VPC a cluster ordered with `vpcId` goes in: the organization's, in the cluster's own
 * provider and region. Answers the refusal's message, or null when it fits.
 */
export async function vpcRefusal(
  db: DbOrTx,
  organizationId: number,
  placement: { provider: string; region: string; vpcId: number },
): Promise<string | null> {
  const [row] = await db
    .select()
    .from(vpcs)
    .where(and(eq(vpcs.id, placement.vpcId), eq(vpcs.organizationId, organizationId)));
  if (!row) return 'No VPC of your organization has this id';
  if (row.provider !== placement.provider || row.region !== placement.region) {
    return `VPC ${row.name} is in ${row.provider} ${row.region}: a cluster joins a VPC of its own region`;
  }
  return null;
}

/**
 * The VPC a new cluster is made in, locked against its deletion until the transaction ends:
 * the one its order chose, or the region's default network, made now for the first cluster
 * there (the first free /20 from 10.110.0.0; two first orders at once share one).
 */
export async function vpcForNewCluster(
  tx: DbOrTx,
  organizationId: number,
  placement: { provider: string; region: string; vpcId?: number; accountWide?: boolean },
): Promise<VpcRow> {
  const { provider, region, vpcId } = placement;
  const inRegion = and(
    eq(vpcs.organizationId, organizationId),
    eq(vpcs.provider, provider),
    eq(vpcs.region, region),
  );
  if (vpcId !== undefined) {
    const [chosen] = await tx
      .select()
      .from(vpcs)
      .where(and(inRegion, eq(vpcs.id, vpcId)))
      .for('share');
    // Deleted between the order and its payment: the cluster goes in the default network.
    if (chosen) return chosen;
  }
  const defaultOf = () =>
    tx
      .select()
      .from(vpcs)
      .where(and(inRegion, eq(vpcs.isDefault, true)))
      .for('share');
  const [existing] = await defaultOf();
  if (existing) return existing;
  const range = firstFreeRange((await takenRanges(tx, organizationId, placement)).ranges);
  if (!range) throw conflict(`No free /20 is left in 10.0.0.0/8 for ${region}'s default VPC`);
  await tx
    .insert(vpcs)
    .values({
      organizationId,
      name: `default-${provider}-${region}`.toLowerCase().slice(0, 63),
      provider,
      region,
      ipRange: range,
      isDefault: true,
    })
    .onConflictDoNothing();
  const [made] = await defaultOf();
  return made!;
}

/** Names and ranges of VPCs by id: what a cluster's page shows of its network. */
export async function vpcsByIds(db: DbOrTx, ids: number[]): Promise<Map<number, VpcRow>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(vpcs).where(inArrayOf(ids));
  return new Map(rows.map((row) => [row.id, row]));
}
const inArrayOf = (ids: number[]) =>
  ids.length === 1 ? eq(vpcs.id, ids[0]!) : inArray(vpcs.id, [...new Set(ids)]);

export function createVpcService(
  deps: Pick<Infrastructure, 'db' | 'jobs'> & {
    catalog: CatalogService;
    clustersInVpcs: ClustersInVpcs;
    providers: ProviderRegistry;
    log: VpcLog;
  },
) {
  const { db, catalog, clustersInVpcs, providers, log } = deps;
  /** Whether the provider's driver makes the platform's VPCs there, all in one account. */
  const madeAtProvider = (provider: string) => Boolean(providers.driver(provider).deleteVpc);

  deps.jobs.register(
    deleteProviderVpcJob,
    async ({ provider, vpc }, { signal }) => {
      const driver = providers.driver(provider);
      if (!driver.deleteVpc) {
        log.warn(
          { provider, vpcId: vpc.id },
          `The provider's network of deleted VPC ${vpc.name} was not deleted: the ${provider} driver that made it is not configured now. It stays in the provider's account (docs/provider-drivers.md, "VPC networks", says how to delete it)`,
        );
        return;
      }
      try {
        await driver.deleteVpc(vpc, signal);
      } catch (error) {
        // Retrying cannot help (a region's default network, a token refused): said once.
        if (!(error instanceof ProviderError) || error.retryable) throw error;
        log.warn(
          { provider, vpcId: vpc.id },
          `The provider's network of deleted VPC ${vpc.name} stays in the provider's account: ${error.message} (docs/provider-drivers.md, "VPC networks", says how to delete it)`,
        );
        return;
      }
      log.info({ provider, vpcId: vpc.id }, `The provider's network of VPC ${vpc.name} is deleted`);
    },
    {
      // Follows the simulated clock like the operations' back-offs: 15 s, 30 s… of a real provider.
      backoffBaseMs: Math.max(10, 15 * providers.simulatedSecondMs),
      onGiveUp: async (payload, reason) => {
        const parsed = deleteProviderVpcJob.payload.safeParse(payload);
        log.warn(
          { provider: parsed.data?.provider, vpcId: parsed.data?.vpc.id },
          `The provider's network of deleted VPC ${parsed.data?.vpc.name ?? '?'} stays in the provider's account after ${DELETE_ATTEMPTS} attempts: ${reason} (docs/provider-drivers.md, "VPC networks", says how to delete it)`,
        );
      },
    },
  );

  async function withCounts(rows: VpcRow[]) {
    const counts = await clustersInVpcs(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toVpc(row, counts.get(row.id) ?? 0));
  }

  return {
    async list(actor: SessionUser, query: VpcListQuery): Promise<Vpc[]> {
      const rows = await db
        .select()
        .from(vpcs)
        .where(
          and(
            eq(vpcs.organizationId, actor.organizationId),
            query.provider ? eq(vpcs.provider, query.provider) : undefined,
            query.region ? eq(vpcs.region, query.region) : undefined,
          ),
        )
        .orderBy(asc(vpcs.provider), asc(vpcs.region), asc(vpcs.name));
      return withCounts(rows);
    },

    async create(actor: SessionUser, input: CreateVpc, client: ClientInfo): Promise<Vpc> {
      const offer = (await catalog.catalog()).value;
      const provider = offer.providers.find((one) => one.slug === input.provider);
      if (!provider) throw badRequest(`No provider is named ${input.provider}`);
      if (!provider.regions.some((region) => region.code === input.region)) {
        throw badRequest(`${provider.name} has no region ${input.region}`);
      }
      const { organizationId } = actor;
      try {
        const row = await db.transaction(async (tx) => {
          const taken = await takenRanges(tx, organizationId, {
            ...input,
            accountWide: madeAtProvider(input.provider),
          });
          const asked = input.ipRange ?? firstFreeRange(taken.ranges);
          if (!asked) throw conflict('No free /20 is left in 10.0.0.0/8 for this region');
          const checked = checkVpcRange(asked, taken.ranges, taken.takenBy);
          if ('refusal' in checked) throw badRequest(checked.refusal);
          const [made] = await tx
            .insert(vpcs)
            .values({
              organizationId,
              name: input.name,
              provider: input.provider,
              region: input.region,
              ipRange: checked.range,
            })
            .returning();
          await recordAudit(tx, {
            action: 'vpc.create',
            outcome: 'success',
            actorUserId: actor.id,
            organizationId,
            targetType: 'vpc',
            targetId: made!.id,
            ip: client.ip,
            userAgent: client.userAgent,
            details: { name: made!.name, region: made!.region, ipRange: made!.ipRange },
          });
          return made!;
        });
        return toVpc(row, 0);
      } catch (error) {
        if (uniqueViolation(error)?.constraint === 'vpcs_organization_name_key') {
          throw conflict(`A VPC named ${input.name} already exists`);
        }
        throw error;
      }
    },

    async remove(actor: SessionUser, id: number, client: ClientInfo): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(vpcs)
          .where(and(eq(vpcs.id, id), eq(vpcs.organizationId, actor.organizationId)))
          .for('update');
        if (!row) throw notFound('VPC not found');
        const clusters = (await clustersInVpcs(tx, [id])).get(id) ?? 0;
        if (clusters > 0) {
          throw conflict(
            `VPC ${row.name} still holds ${clusters} cluster${clusters === 1 ? '' : 's'}: delete them first`,
          );
        }
        await tx.delete(vpcs).where(eq(vpcs.id, id));
        // Its network at the provider goes after it, by a job: DigitalOcean keeps a network
        // while the Droplets of a cluster deleted a moment ago are still going.
        if (madeAtProvider(row.provider)) {
          await enqueueJob(
            tx,
            deleteProviderVpcJob,
            {
              provider: row.provider,
              vpc: { id: row.id, name: row.name, region: row.region, ipRange: row.ipRange },
            },
            { maxAttempts: DELETE_ATTEMPTS },
          );
        }
        await recordAudit(tx, {
          action: 'vpc.delete',
          outcome: 'success',
          actorUserId: actor.id,
          organizationId: actor.organizationId,
          targetType: 'vpc',
          targetId: id,
          ip: client.ip,
          userAgent: client.userAgent,
          details: { name: row.name, region: row.region, ipRange: row.ipRange },
        });
      });
    },
  };
}
export type VpcService = ReturnType<typeof createVpcService>;
