import {
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { tenantForeignKey } from '../../db/tenant-keys.ts';
import type { DispatchIntegrationType, DispatchStatus } from '@app/contracts';
import { branchIdColumn, tenantIdColumn } from '../identity/identity.table.ts';
import { tickets } from '../tickets/tickets.table.ts';

/** Which dispatch provider (§3 integration type) a branch books its drivers with. */
export const branchDispatchSettings = pgTable(
  'branch_dispatch_settings',
  {
    tenantId: tenantIdColumn(),
    branchId: branchIdColumn(),
    integrationType: text('integration_type').$type<DispatchIntegrationType>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'branch_dispatch_settings_pk', columns: [t.tenantId, t.branchId] })],
);

/**
 * The driver dispatch of a ticket (§3 Driver dispatch): one row per ticket, reused by a new
 * request after a failure, rejection or cancel; `attempt` keys the provider's idempotency.
 */
export const driverDispatches = pgTable(
  'driver_dispatches',
  {
    tenantId: uuid('tenant_id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    integrationType: text('integration_type').$type<DispatchIntegrationType>().notNull(),
    dispatchStatus: text('dispatch_status').$type<DispatchStatus>().notNull(),
    attempt: integer('attempt').notNull().default(1),
    externalReferenceId: text('external_reference_id'),
    driverName: text('driver_name'),
    driverPhoneNumber: text('driver_phone_number'),
    estimatedPickupTime: timestamp('estimated_pickup_time', { withTimezone: true }),
    estimatedDeliveryTime: timestamp('estimated_delivery_time', { withTimezone: true }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCheck: timestamp('last_status_check', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'driver_dispatches_pk', columns: [t.tenantId, t.ticketId] }),
    tenantForeignKey('driver_dispatches_ticket_fk', t, t.ticketId, tickets, 'cascade'),
  ],
);

/** A branch's Talabat Express outlet (§3 Outlet config), as last saved at Talabat Express. */
export const talabatExpressOutlets = pgTable(
  'talabat_express_outlets',
  {
    tenantId: tenantIdColumn(),
    branchId: branchIdColumn(),
    clientVendorId: text('client_vendor_id').notNull().unique('talabat_express_outlets_vendor_uq'),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    currency: text('currency').notNull(),
    locale: text('locale').notNull(),
    phoneNumber: text('phone_number').notNull(),
    users: text('users').array().notNull().default([]),
    ...timestamps(),
  },
  (t) => [primaryKey({ name: 'talabat_express_outlets_pk', columns: [t.tenantId, t.branchId] })],
);
