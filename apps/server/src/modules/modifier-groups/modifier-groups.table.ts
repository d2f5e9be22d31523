import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantForeignKey } from '../../db/tenant-keys.ts';
import type { LocalizedText } from '@app/contracts';
import { tenantIdColumn } from '../identity/identity.table.ts';
import { items } from '../catalog/catalog.table.ts';

export const modifierGroups = pgTable(
  'modifier_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    minQuantity: integer('min_quantity').notNull().default(0),
    maxQuantity: integer('max_quantity').notNull().default(1),
    allowModifierItemCounter: boolean('allow_modifier_item_counter').notNull().default(false),
    posSku: text('pos_sku'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('modifier_groups_tenant_id_uq').on(t.tenantId, t.id),
    index('modifier_groups_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);

export const modifierItems = pgTable(
  'modifier_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    groupId: uuid('group_id').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    price: numeric('price', { precision: 12, scale: 3 }).notNull(),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    tenantForeignKey('modifier_items_group_fk', t, t.groupId, modifierGroups, 'cascade'),
    index('modifier_items_group_idx').on(t.tenantId, t.groupId, t.position),
  ],
);

/** The ordered modifier groups of an item; a group in use cannot be deleted. */
export const itemModifierGroups = pgTable(
  'catalog_item_modifier_groups',
  {
    tenantId: uuid('tenant_id').notNull(),
    itemId: uuid('item_id').notNull(),
    groupId: uuid('group_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.itemId, t.groupId] }),
    tenantForeignKey('catalog_item_modifier_groups_item_fk', t, t.itemId, items, 'cascade'),
    tenantForeignKey(
      'catalog_item_modifier_groups_group_fk',
      t,
      t.groupId,
      modifierGroups,
      'restrict',
    ),
    index('catalog_item_modifier_groups_group_idx').on(t.tenantId, t.groupId),
  ],
);
