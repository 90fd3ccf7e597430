import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A table whose rows belong to one organization. */
export interface OrganizationOwned {
  organizationId: PgColumn;
}

/**
 * The one condition every query of an organization's data carries. A row of another
 * organization then simply is not found, so a guessed id answers 404, never 403: the caller
 * learns nothing about what exists elsewhere.
 */
export function inOrganization(
  table: OrganizationOwned,
  organizationId: number,
  ...conditions: (SQL | undefined)[]
): SQL {
  return and(eq(table.organizationId, organizationId), ...conditions)!;
}
