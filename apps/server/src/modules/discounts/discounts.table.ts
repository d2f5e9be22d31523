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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { tenantForeignKey } from '../../db/tenant-keys.ts';
import {
  DiscountApplication,
  DiscountType,
  type DiscountTemplate,
  type LocalizedText,
} from '@app/contracts';
import { tenantIdColumn } from '../identity/identity.table.ts';
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
    tenantId: tenantIdColumn(),
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
    ...timestamps(),
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
    tenantForeignKey('discount_items_discount_fk', t, t.discountId, discounts, 'cascade'),
    tenantForeignKey('discount_items_item_fk', t, t.itemId, items, 'cascade'),
    index('discount_items_item_idx').on(t.tenantId, t.itemId),
  ],
);
