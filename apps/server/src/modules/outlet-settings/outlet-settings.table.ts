import {
  boolean,
  foreignKey,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@app/contracts';
import { branches, tenants } from '../identity/identity.table.ts';

/** The tenant's delivery areas; each branch switches them on with a fee of its own. */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    title: jsonb('title').$type<LocalizedText>().notNull(),
  },
  (t) => [unique('delivery_zones_tenant_id_uq').on(t.tenantId, t.id)],
);

export const branchDeliveryZones = pgTable(
  'branch_delivery_zones',
  {
    tenantId: uuid('tenant_id').notNull(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    deliveryZoneId: uuid('delivery_zone_id').notNull(),
    active: boolean('active').notNull().default(false),
    deliveryFee: numeric('delivery_fee', { precision: 12, scale: 3 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.branchId, t.deliveryZoneId] }),
    foreignKey({
      name: 'branch_delivery_zones_zone_fk',
      columns: [t.tenantId, t.deliveryZoneId],
      foreignColumns: [deliveryZones.tenantId, deliveryZones.id],
    }).onDelete('cascade'),
    index('branch_delivery_zones_branch_idx').on(t.tenantId, t.branchId),
  ],
);
