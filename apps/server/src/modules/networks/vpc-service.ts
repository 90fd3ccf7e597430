import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CreateVpc, Vpc, VpcListQuery } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/index.ts';
import type { CatalogService } from '../platform/index.ts';
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

const rangesOfRegion = async (
  db: DbOrTx,
  organizationId: number,
  provider: string,
  region: string,
) =>
  (
    await db
      .select({ ipRange: vpcs.ipRange })
      .from(vpcs)
      .where(
        and(
          eq(vpcs.organizationId, organizationId),
          eq(vpcs.provider, provider),
          eq(vpcs.region, region),
        ),
      )
  ).map((row) => row.ipRange);

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
  placement: { provider: string; region: string; vpcId?: number },
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
  const range = firstFreeRange(await rangesOfRegion(tx, organizationId, provider, region));
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
  deps: Pick<Infrastructure, 'db'> & { catalog: CatalogService; clustersInVpcs: ClustersInVpcs },
) {
  const { db, catalog, clustersInVpcs } = deps;

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
          const taken = await rangesOfRegion(tx, organizationId, input.provider, input.region);
          const asked = input.ipRange ?? firstFreeRange(taken);
          if (!asked) throw conflict('No free /20 is left in 10.0.0.0/8 for this region');
          const checked = checkVpcRange(asked, taken);
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
