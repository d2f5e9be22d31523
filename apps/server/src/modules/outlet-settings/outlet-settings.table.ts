import {
  boolean,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantForeignKey } from '../../db/tenant-keys.ts';
import { sql } from 'drizzle-orm';
import type {
  CheckoutTemplate,
  LocalizedText,
  PaymentMethodType,
  PaymentTemplate,
  StoreHoursSlot,
} from '@app/contracts';
import { branchIdColumn, tenantIdColumn } from '../identity/identity.table.ts';

/** The tenant's delivery areas; each branch switches them on with a fee of its own. */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
  },
  (t) => [unique('delivery_zones_tenant_id_uq').on(t.tenantId, t.id)],
);

export const branchDeliveryZones = pgTable(
  'branch_delivery_zones',
  {
    tenantId: uuid('tenant_id').notNull(),
    branchId: branchIdColumn(),
    deliveryZoneId: uuid('delivery_zone_id').notNull(),
    active: boolean('active').notNull().default(false),
    deliveryFee: numeric('delivery_fee', { precision: 12, scale: 3 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.branchId, t.deliveryZoneId] }),
    tenantForeignKey(
      'branch_delivery_zones_zone_fk',
      t,
      t.deliveryZoneId,
      deliveryZones,
      'cascade',
    ),
    index('branch_delivery_zones_branch_idx').on(t.tenantId, t.branchId),
  ],
);

/**
 * Opening hours of one day (0 Sunday … 6) of one checkout template of a branch, in the
 * branch's local time. A day without a row is open around the clock.
 */
export const branchOpeningHours = pgTable(
  'branch_opening_hours',
  {
    tenantId: uuid('tenant_id').notNull(),
    branchId: branchIdColumn(),
    checkoutTemplate: text('checkout_template').$type<CheckoutTemplate>().notNull(),
    day: smallint('day').notNull(),
    dayClosed: boolean('day_closed').notNull(),
    hours: jsonb('hours').$type<StoreHoursSlot[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.branchId, t.checkoutTemplate, t.day] }),
    check('branch_opening_hours_day_ck', sql`${t.day} between 0 and 6`),
  ],
);

/** A payment method of one template of a branch; a method without a row keeps its default. */
export const branchPaymentMethods = pgTable(
  'branch_payment_methods',
  {
    tenantId: uuid('tenant_id').notNull(),
    branchId: branchIdColumn(),
    checkoutTemplate: text('checkout_template').$type<PaymentTemplate>().notNull(),
    paymentMethodType: text('payment_method_type').$type<PaymentMethodType>().notNull(),
    active: boolean('active').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.branchId, t.checkoutTemplate, t.paymentMethodType] }),
  ],
);
