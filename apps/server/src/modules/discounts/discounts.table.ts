import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DiscountApplication,
  DiscountType,
  type DiscountTemplate,
  type LocalizedText,
} from '@app/contracts';
import { tenants } from '../identity/identity.table.ts';
import { items } from '../catalog/catalog.table.ts';

export const discountType = pgEnum(
  'discount_type',
  DiscountType.options as [DiscountType, ...DiscountType[]],
);
export const discountApplication = pgEnum(
  'discount_application',
  DiscountApplication.options as [DiscountApplication, ...DiscountApplication[]],
);

export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    /** Upper-case letters and digits. */
    code: text('code').notNull(),
    application: discountApplication('application').notNull(),
    type: discountType('type').notNull(),
    value: numeric('value', { precision: 12, scale: 3 }).notNull(),
    minOrderValue: numeric('min_order_value', { precision: 12, scale: 3 }).notNull(),
    maximumDiscountValue: numeric('maximum_discount_value', { precision: 12, scale: 3 }).notNull(),
    /** 0: no limit. */
    usageLimit: integer('usage_limit').notNull().default(0),
    /** Tickets placed with it; raised in the transaction that stores the ticket. */
    usageCount: integer('usage_count').notNull().default(0),
    checkoutTemplates: text('checkout_templates').array().$type<DiscountTemplate[]>().notNull(),
    /** Saved with chosen items: stays limited (to nothing) if every one of them is deleted. */
    limitedToItems: boolean('limited_to_items').notNull().default(false),
    active: boolean('active').notNull().default(true),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('discounts_tenant_id_uq').on(t.tenantId, t.id),
    // discount_code_unique: one code per tenant among the discounts not deleted.
    uniqueIndex('discounts_code_uq')
      .on(t.tenantId, t.code)
      .where(sql`not ${t.deleted}`),
    // discount_code_automatic_active: at most one active automatic discount per tenant.
    uniqueIndex('discounts_automatic_active_uq')
      .on(t.tenantId)
      .where(sql`${t.active} and ${t.application} = 'AUTOMATIC' and not ${t.deleted}`),
  ],
);

export const discountItems = pgTable(
  'discount_items',
  {
    tenantId: uuid('tenant_id').notNull(),
    discountId: uuid('discount_id').notNull(),
    itemId: uuid('item_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.discountId, t.itemId] }),
    foreignKey({
      name: 'discount_items_discount_fk',
      columns: [t.tenantId, t.discountId],
      foreignColumns: [discounts.tenantId, discounts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'discount_items_item_fk',
      columns: [t.tenantId, t.itemId],
      foreignColumns: [items.tenantId, items.id],
    }).onDelete('cascade'),
    index('discount_items_item_idx').on(t.tenantId, t.itemId),
  ],
);
