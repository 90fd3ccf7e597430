import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inOrganization } from '../../db/organization-scope.ts';
import { marketplaceProducts, productInstances } from './schema.ts';

/**
 * What a product's renewal prices: its name, status and plan, and its catalog entry's name and
 * plans (as synchronised at start); null when there is no such product.
 */
export async function productForRenewal(db: DbOrTx, instanceId: number) {
  const [row] = await db
    .select({
      name: productInstances.name,
      status: productInstances.status,
      plan: productInstances.plan,
      plans: marketplaceProducts.plans,
      product: marketplaceProducts.name,
    })
    .from(productInstances)
    .innerJoin(marketplaceProducts, eq(marketplaceProducts.slug, productInstances.productSlug))
    .where(eq(productInstances.id, instanceId));
  return row ?? null;
}

/** The organization's product's name (a ticket about it); null when it has no such product. */
export async function productBriefOf(db: DbOrTx, organizationId: number, id: number) {
  const [row] = await db
    .select({ id: productInstances.id, name: productInstances.name })
    .from(productInstances)
    .where(inOrganization(productInstances, organizationId, eq(productInstances.id, id)));
  return row ?? null;
}

/** The names of products by id, a page of them in one query. */
export async function productNamesOf(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: productInstances.id, name: productInstances.name })
    .from(productInstances)
    .where(inArray(productInstances.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}
