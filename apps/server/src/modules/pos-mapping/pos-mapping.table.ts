import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantForeignKey } from '../../db/tenant-keys.ts';
import { tenantIdColumn, tenants } from '../identity/identity.table.ts';
import { items } from '../catalog/catalog.table.ts';
import { modifierGroups, modifierItems } from '../modifier-groups/modifier-groups.table.ts';

/** A tenant's point-of-sale account (HubRise): the catalog its codes come from. */
export const posConnections = pgTable('pos_connections', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull().default('HUBRISE'),
  locationId: text('location_id'),
  catalogId: text('catalog_id').notNull(),
  accessToken: text('access_token').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The point-of-sale code of one item, modifier group or modifier item (exactly one of the three
 * ids); it goes with the row it maps. A modifier group's code is also its `pos_sku`.
 */
export const posMappings = pgTable(
  'pos_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    itemId: uuid('item_id'),
    modifierGroupId: uuid('modifier_group_id'),
    modifierItemId: uuid('modifier_item_id').references(() => modifierItems.id, {
      onDelete: 'cascade',
    }),
    externalSku: text('external_sku'),
    externalId: text('external_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantForeignKey('pos_mappings_item_fk', t, t.itemId, items, 'cascade'),
    tenantForeignKey(
      'pos_mappings_modifier_group_fk',
      t,
      t.modifierGroupId,
      modifierGroups,
      'cascade',
    ),
    uniqueIndex('pos_mappings_item_uq').on(t.tenantId, t.itemId),
    uniqueIndex('pos_mappings_modifier_group_uq').on(t.tenantId, t.modifierGroupId),
    uniqueIndex('pos_mappings_modifier_item_uq').on(t.tenantId, t.modifierItemId),
    check(
      'pos_mappings_one_target',
      sql`num_nonnulls(${t.itemId}, ${t.modifierGroupId}, ${t.modifierItemId}) = 1`,
    ),
  ],
);
