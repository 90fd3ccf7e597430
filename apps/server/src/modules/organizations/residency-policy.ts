import { eq } from 'drizzle-orm';
import {
  residencyAllows,
  residencyRefusal,
  type Catalog,
  type ResidencyPolicy,
} from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden } from '../../lib/http-error.ts';
import { organizations } from './schema.ts';

/** The organization's residency policy; `eu_only` for an unknown one (the stricter answer). */
export async function residencyPolicyOf(
  db: DbOrTx,
  organizationId: number,
): Promise<ResidencyPolicy> {
  const [row] = await db
    .select({ policy: organizations.residencyPolicy })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.policy ?? 'eu_only';
}

/**
 * Refuses (403 naming the policy) to place data of the organization in a provider's region its
 * policy forbids. A region the catalog does not know counts as outside the EU: nobody can vouch
 * for it. Every path that puts a cluster, an add-on or a product in a region calls this.
 */
export async function assertResidencyAllows(
  db: DbOrTx,
  organizationId: number,
  catalog: Pick<Catalog, 'providers'>,
  place: { provider: string; region: string },
): Promise<void> {
  const provider = catalog.providers.find((candidate) => candidate.slug === place.provider);
  const region = provider?.regions.find((candidate) => candidate.code === place.region);
  const policy = await residencyPolicyOf(db, organizationId);
  if (residencyAllows(policy, region?.jurisdiction ?? 'non_eu')) return;
  const label = region
    ? `${provider!.name} ${region.city} (${region.code}, ${region.country})`
    : `${place.provider}:${place.region}`;
  throw forbidden(residencyRefusal(label));
}
