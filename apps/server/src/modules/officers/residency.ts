import { asc, eq, ne, notInArray } from 'drizzle-orm';
import {
  residencyAllows,
  type Catalog,
  type ResidencyPolicy,
  type ResidencyReport,
  type ResidencyRow,
} from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';
import { clusters } from '../clusters/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { productInstances } from '../products/schema.ts';
import { csvLine } from '../../lib/csv.ts';

/** Where a provider's region is, by the catalog; unknown when the catalog dropped it. */
function placeOf(catalog: Catalog, providerSlug: string, regionCode: string) {
  const provider = catalog.providers.find((candidate) => candidate.slug === providerSlug);
  const region = provider?.regions.find((candidate) => candidate.code === regionCode);
  return {
    provider: provider?.name ?? providerSlug,
    city: region?.city ?? null,
    country: region?.country ?? null,
    jurisdiction: region?.jurisdiction ?? ('unknown' as const),
  };
}

/**
 * Every cluster and product instance that exists (not deleted, cancelled or failed), where its
 * data lives by the catalog's regions. A region the catalog does not know is flagged with the
 * ones outside the EU: nobody can vouch for it.
 */
export async function residencyReport(db: DbOrTx, catalog: Catalog): Promise<ResidencyReport> {
  const clusterRows = await db
    .select({
      id: clusters.id,
      name: clusters.name,
      status: clusters.status,
      provider: clusters.provider,
      region: clusters.region,
      organizationId: organizations.id,
      organizationName: organizations.name,
      residencyPolicy: organizations.residencyPolicy,
    })
    .from(clusters)
    .innerJoin(organizations, eq(organizations.id, clusters.organizationId))
    .where(ne(clusters.status, 'deleted'))
    .orderBy(asc(organizations.name), asc(clusters.name));
  const productRows = await db
    .select({
      id: productInstances.id,
      name: productInstances.name,
      status: productInstances.status,
      region: productInstances.region,
      organizationId: organizations.id,
      organizationName: organizations.name,
      residencyPolicy: organizations.residencyPolicy,
    })
    .from(productInstances)
    .innerJoin(organizations, eq(organizations.id, productInstances.organizationId))
    .where(notInArray(productInstances.status, ['cancelled', 'failed']))
    .orderBy(asc(organizations.name), asc(productInstances.name));

  const row = (
    kind: ResidencyRow['kind'],
    found: {
      id: number;
      name: string;
      status: string;
      organizationId: number;
      organizationName: string;
      residencyPolicy: ResidencyPolicy;
    },
    providerSlug: string,
    regionCode: string,
  ): ResidencyRow => {
    const place = placeOf(catalog, providerSlug, regionCode);
    return {
      kind,
      id: found.id,
      name: found.name,
      status: found.status,
      organization: {
        id: found.organizationId,
        name: found.organizationName,
        residencyPolicy: found.residencyPolicy,
      },
      provider: place.provider,
      region: regionCode,
      city: place.city,
      country: place.country,
      jurisdiction: place.jurisdiction,
      outsideEu: place.jurisdiction !== 'eu',
      outsidePolicy: !residencyAllows(
        found.residencyPolicy,
        place.jurisdiction === 'eu' ? 'eu' : 'non_eu',
      ),
    };
  };
  const rows = [
    ...clusterRows.map((found) => row('cluster', found, found.provider, found.region)),
    ...productRows.map((found) => {
      // A product's region is `provider:region`.
      const [providerSlug = '', regionCode = ''] = found.region.split(':');
      return row('product', found, providerSlug, regionCode);
    }),
  ];
  const everyOrganization = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      policy: organizations.residencyPolicy,
    })
    .from(organizations)
    .orderBy(asc(organizations.name));
  const policies = everyOrganization.map((organization) => {
    const own = rows.filter((one) => one.organization.id === organization.id);
    return {
      organization: { id: organization.id, name: organization.name },
      policy: organization.policy,
      placements: own.length,
      outsidePolicy: own.filter((one) => one.outsidePolicy).length,
    };
  });
  return {
    rows,
    policies,
    counts: {
      eu: rows.filter((one) => one.jurisdiction === 'eu').length,
      nonEu: rows.filter((one) => one.jurisdiction === 'non_eu').length,
      unknown: rows.filter((one) => one.jurisdiction === 'unknown').length,
    },
    generatedAt: new Date().toISOString(),
  };
}

export const RESIDENCY_CSV_HEADER =
  'kind,id,name,status,organization_id,organization,residency_policy,provider,region,city,country,jurisdiction,outside_eu,outside_policy';

export function residencyCsv(report: ResidencyReport): string {
  const lines = report.rows.map((one) =>
    csvLine([
      one.kind,
      one.id,
      one.name,
      one.status,
      one.organization.id,
      one.organization.name,
      one.organization.residencyPolicy,
      one.provider,
      one.region,
      one.city,
      one.country,
      one.jurisdiction,
      one.outsideEu ? 'yes' : 'no',
      one.outsidePolicy ? 'yes' : 'no',
    ]),
  );
  return [RESIDENCY_CSV_HEADER, ...lines].join('\r\n') + '\r\n';
}
