import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { organizations } from '../organizations/schema.ts';

/** An organization's VPC networks: one provider's region each, its IPv4 range fixed once made. */
export const vpcs = pgTable(
  'vpcs',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    provider: text('provider').notNull(),
    region: text('region').notNull(),
    ipRange: text('ip_range').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vpcs_organization_name_key').on(t.organizationId, t.name),
    index('vpcs_organization_region_idx').on(t.organizationId, t.provider, t.region),
    // One default network per region: two first orders at once make one.
    uniqueIndex('vpcs_default_key')
      .on(t.organizationId, t.provider, t.region)
      .where(sql`${t.isDefault}`),
  ],
);
