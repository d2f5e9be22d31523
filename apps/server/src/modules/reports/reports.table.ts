import { bigint, date, numeric, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { OrderingTemplate, PaymentMethodType } from '@app/contracts';
import { tenantIdColumn } from '../identity/identity.table.ts';
import { ticketStatus } from '../tickets/tickets.table.ts';

/**
 * The orders report's totals of cart tickets per UTC day and per value of every filter the
 * report offers on a column (branch, status, checkout template, payment method, zone), so the
 * footer of a long range adds up days instead of tickets. Kept by statement triggers on
 * `tickets` in the transaction that writes them (migration 0012); the report reads the raw
 * tickets for the partial days at the edges of a range and for the filters not kept here.
 */
export const reportDayTotals = pgTable(
  'report_day_totals',
  {
    tenantId: tenantIdColumn(),
    /** The UTC calendar day of `created_at`. */
    day: date('day', { mode: 'string' }).notNull(),
    branchId: uuid('branch_id').notNull(),
    status: ticketStatus('status').notNull(),
    checkoutTemplate: text('checkout_template').$type<OrderingTemplate>().notNull(),
    /** CASH when the ticket names none, as the report shows it. */
    paymentMethod: text('payment_method').$type<PaymentMethodType>().notNull(),
    deliveryZoneId: uuid('delivery_zone_id'),
    currency: text('currency').notNull(),
    ticketCount: bigint('ticket_count', { mode: 'number' }).notNull(),
    total: numeric('total', { precision: 20, scale: 3 }).notNull(),
  },
  (t) => [
    unique('report_day_totals_key')
      .on(
        t.tenantId,
        t.day,
        t.branchId,
        t.status,
        t.checkoutTemplate,
        t.paymentMethod,
        t.deliveryZoneId,
        t.currency,
      )
      .nullsNotDistinct(),
  ],
);
