import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { tenantForeignKey } from '../../db/tenant-keys.ts';
import type { CheckoutTemplate, LocalizedText } from '@app/contracts';
import { tenantIdColumn } from '../identity/identity.table.ts';

/** A section's or an item's pictures (upload URLs), in order. */
const imagesColumn = () =>
  text('images')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/** The checkout templates a section or an item is hidden from. */
const excludedTemplatesColumn = () =>
  text('excluded_checkout_templates')
    .array()
    .$type<CheckoutTemplate[]>()
    .notNull()
    .default(sql`'{}'::text[]`);

/** One opening slot per local weekday (0 = Sunday): a section's, or a price adjustment's. */
export function weekdaySlotColumns() {
  return {
    day: integer('day').notNull(),
    dayClosed: boolean('day_closed').notNull().default(false),
    openTime: text('open_time'),
    closeTime: text('close_time'),
  };
}

export const taxType = pgEnum('tax_type', ['ADDITIVE', 'INCLUSIVE']);

/** The tenant's tax definitions; an item links zero or more of them. */
export const taxDefinitions = pgTable(
  'tax_definitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    taxType: taxType('tax_type').notNull(),
    percentage: numeric('percentage', { precision: 7, scale: 4 }).notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
  },
  (t) => [unique('tax_definitions_tenant_id_uq').on(t.tenantId, t.id)],
);

/** A menu section (category); parent_id null means a main section. */
export const categories = pgTable(
  'catalog_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    parentId: uuid('parent_id'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>(),
    images: imagesColumn(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    hideWhenNotAvailable: boolean('hide_when_not_available').notNull().default(false),
    excludedCheckoutTemplates: excludedTemplatesColumn(),
    ...timestamps(),
  },
  (t) => [
    unique('catalog_categories_tenant_id_uq').on(t.tenantId, t.id),
    tenantForeignKey('catalog_categories_parent_fk', t, t.parentId, t),
    index('catalog_categories_tree_idx').on(t.tenantId, t.parentId, t.position),
  ],
);

/** Opening slots of a section per local weekday (0 = Sunday). */
export const categorySchedules = pgTable(
  'catalog_category_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    categoryId: uuid('category_id').notNull(),
    ...weekdaySlotColumns(),
  },
  (t) => [
    tenantForeignKey(
      'catalog_category_schedules_category_fk',
      t,
      t.categoryId,
      categories,
      'cascade',
    ),
    index('catalog_category_schedules_idx').on(t.tenantId, t.categoryId, t.day),
  ],
);

export const items = pgTable(
  'catalog_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    categoryId: uuid('category_id').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>(),
    images: imagesColumn(),
    position: integer('position').notNull().default(999),
    active: boolean('active').notNull().default(true),
    outOfStock: boolean('out_of_stock').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    enableSpecialRequest: boolean('enable_special_request').notNull().default(true),
    excludedCheckoutTemplates: excludedTemplatesColumn(),
    excludedBranches: uuid('excluded_branches')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    ...timestamps(),
  },
  (t) => [
    unique('catalog_items_tenant_id_uq').on(t.tenantId, t.id),
    tenantForeignKey('catalog_items_category_fk', t, t.categoryId, categories),
    index('catalog_items_category_idx').on(t.tenantId, t.categoryId, t.position),
  ],
);

export const variants = pgTable(
  'catalog_item_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    itemId: uuid('item_id').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    // Exact decimal; JOD has three minor digits.
    price: numeric('price', { precision: 12, scale: 3 }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('catalog_item_variants_tenant_id_uq').on(t.tenantId, t.id),
    tenantForeignKey('catalog_item_variants_item_fk', t, t.itemId, items, 'cascade'),
    index('catalog_item_variants_item_idx').on(t.tenantId, t.itemId, t.position),
  ],
);

export const itemTaxes = pgTable(
  'catalog_item_taxes',
  {
    tenantId: uuid('tenant_id').notNull(),
    itemId: uuid('item_id').notNull(),
    taxId: uuid('tax_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.itemId, t.taxId] }),
    tenantForeignKey('catalog_item_taxes_item_fk', t, t.itemId, items, 'cascade'),
    tenantForeignKey('catalog_item_taxes_tax_fk', t, t.taxId, taxDefinitions, 'cascade'),
  ],
);

/** The catalogue's rows as read (the repository and the shapes built from them). */
export type CategoryRow = typeof categories.$inferSelect;
export type ItemRow = typeof items.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;
export type ScheduleRow = typeof categorySchedules.$inferSelect;
