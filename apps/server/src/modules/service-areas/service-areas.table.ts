import {
  boolean,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantForeignKey } from '../../db/tenant-keys.ts';
import type { PaymentMethodType } from '@app/contracts';
import { branchIdColumn } from '../identity/identity.table.ts';

export const serviceAreaTemplate = pgEnum('service_area_template', ['DINING', 'MENU']);

/** Groups of tables in a branch (a floor, a terrace). */
export const serviceAreaSections = pgTable(
  'service_area_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    branchId: branchIdColumn(),
    name: text('name').notNull(),
  },
  (t) => [
    unique('service_area_sections_tenant_id_uq').on(t.tenantId, t.id),
    unique('service_area_sections_name_uq').on(t.tenantId, t.branchId, t.name),
  ],
);

/** A table, room or sunbed with its own QR code. */
export const serviceAreas = pgTable(
  'service_areas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    branchId: branchIdColumn(),
    title: text('title'),
    value: text('value').notNull(),
    sectionId: uuid('section_id'),
    template: serviceAreaTemplate('template').notNull().default('DINING'),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    // A table is its prefix and number: 'A 1' and 'B 1' are two tables, two '1's one too many.
    unique('service_areas_name_uq').on(t.tenantId, t.branchId, t.title, t.value).nullsNotDistinct(),
    unique('service_areas_tenant_id_uq').on(t.tenantId, t.id),
    tenantForeignKey('service_areas_section_fk', t, t.sectionId, serviceAreaSections),
    index('service_areas_branch_idx').on(t.tenantId, t.branchId),
  ],
);

export const uniqueLinkTemplate = pgEnum('unique_link_template', ['DELIVERY', 'PICKUP']);

/** A named delivery or pickup link of a branch with its own QR code (flyers, partners). */
export const uniqueLinks = pgTable(
  'unique_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    branchId: branchIdColumn(),
    name: text('name').notNull(),
    template: uniqueLinkTemplate('template').notNull(),
  },
  (t) => [
    unique('unique_links_name_uq').on(t.tenantId, t.branchId, t.template, t.name),
    index('unique_links_branch_idx').on(t.tenantId, t.branchId),
  ],
);

/** A table's own dine-in payment method (§4.4 per-table mode); none: the branch's apply. */
export const serviceAreaPaymentMethods = pgTable(
  'service_area_payment_methods',
  {
    tenantId: uuid('tenant_id').notNull(),
    serviceAreaId: uuid('service_area_id').notNull(),
    paymentMethodType: text('payment_method_type').$type<PaymentMethodType>().notNull(),
    active: boolean('active').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.serviceAreaId, t.paymentMethodType] }),
    tenantForeignKey(
      'service_area_payment_methods_area_fk',
      t,
      t.serviceAreaId,
      serviceAreas,
      'cascade',
    ),
  ],
);
