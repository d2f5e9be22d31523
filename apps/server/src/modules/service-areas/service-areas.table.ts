import {
  boolean,
  foreignKey,
  index,
  pgEnum,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches } from '../identity/identity.table.ts';

export const serviceAreaTemplate = pgEnum('service_area_template', ['DINING', 'MENU']);

/** Groups of tables in a branch (a floor, a terrace). */
export const serviceAreaSections = pgTable(
  'service_area_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
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
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    title: text('title'),
    value: text('value').notNull(),
    sectionId: uuid('section_id'),
    template: serviceAreaTemplate('template').notNull().default('DINING'),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    unique('service_areas_value_uq').on(t.tenantId, t.branchId, t.value),
    foreignKey({
      name: 'service_areas_section_fk',
      columns: [t.tenantId, t.sectionId],
      foreignColumns: [serviceAreaSections.tenantId, serviceAreaSections.id],
    }),
    index('service_areas_branch_idx').on(t.tenantId, t.branchId),
  ],
);
