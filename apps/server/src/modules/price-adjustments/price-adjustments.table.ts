import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
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
import { tenantForeignKey } from '../../db/tenant-keys.ts';
import type { AdjustableTemplate } from '@app/contracts';
import { tenantIdColumn } from '../identity/identity.table.ts';
import { variants, weekdaySlotColumns } from '../catalog/catalog.table.ts';

export const adjustmentType = pgEnum('price_adjustment_type', ['Override', 'Percentage', 'Flat']);
export const adjustmentDirection = pgEnum('price_adjustment_direction', ['Increase', 'Decrease']);

export const priceAdjustments = pgTable(
  'price_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    adjustmentType: adjustmentType('adjustment_type').notNull(),
    adjustmentDirection: adjustmentDirection('adjustment_direction').notNull(),
    amount: numeric('amount', { precision: 12, scale: 3 }).notNull(),
    checkoutTemplates: text('checkout_templates').array().$type<AdjustableTemplate[]>().notNull(),
    priority: integer('priority').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('price_adjustments_tenant_id_uq').on(t.tenantId, t.id),
    // 'Price adjustment already exists': one name per tenant, whatever its case.
    uniqueIndex('price_adjustments_name_uq').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

export const priceAdjustmentVariants = pgTable(
  'price_adjustment_variants',
  {
    tenantId: uuid('tenant_id').notNull(),
    adjustmentId: uuid('adjustment_id').notNull(),
    variantId: uuid('variant_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.adjustmentId, t.variantId] }),
    tenantForeignKey(
      'price_adjustment_variants_adjustment_fk',
      t,
      t.adjustmentId,
      priceAdjustments,
      'cascade',
    ),
    tenantForeignKey('price_adjustment_variants_variant_fk', t, t.variantId, variants, 'cascade'),
    index('price_adjustment_variants_variant_idx').on(t.tenantId, t.variantId),
  ],
);

export const priceAdjustmentSchedules = pgTable(
  'price_adjustment_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    adjustmentId: uuid('adjustment_id').notNull(),
    ...weekdaySlotColumns(),
  },
  (t) => [
    tenantForeignKey(
      'price_adjustment_schedules_adjustment_fk',
      t,
      t.adjustmentId,
      priceAdjustments,
      'cascade',
    ),
    index('price_adjustment_schedules_idx').on(t.tenantId, t.adjustmentId, t.day),
  ],
);
