import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { tenantForeignKey } from '../../db/tenant-keys.ts';
import {
  RejectReason,
  TicketStatus,
  TicketType,
  type PaymentMethodType,
  type Language,
  type OrderingTemplate,
  type StoredCart,
  type StoredDetails,
} from '@app/contracts';
import { branches, tenantIdColumn, tenants, users } from '../identity/identity.table.ts';

/** The writing transaction's id, as `change_xid` keeps it. */
export const CURRENT_XID = sql`(pg_current_xact_id()::text::bigint)`;

export const ticketStatus = pgEnum(
  'ticket_status',
  TicketStatus.options as [TicketStatus, ...TicketStatus[]],
);
export const ticketType = pgEnum(
  'ticket_type',
  TicketType.options as [TicketType, ...TicketType[]],
);
export const ticketRejectReason = pgEnum(
  'ticket_reject_reason',
  RejectReason.options as [RejectReason, ...RejectReason[]],
);
export const ticketEventKind = pgEnum('ticket_event_kind', ['status', 'transfer']);

/** The last ticket number given in a tenant; bumped inside each intake transaction. */
export const ticketCounters = pgTable('ticket_counters', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull(),
});

/**
 * An order (or a call for staff) as placed, priced by the server. The cart and the customer's
 * details are kept whole in the spec's shapes (§3); the columns beside them are what lists,
 * counters, reports and transitions filter on.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    ticketNumber: bigint('ticket_number', { mode: 'number' }).notNull(),
    ticketType: ticketType('ticket_type').notNull(),
    status: ticketStatus('status').notNull(),
    checkoutTemplate: text('checkout_template').$type<OrderingTemplate>().notNull(),
    lang: text('lang').$type<Language>().notNull(),
    paymentMethodType: text('payment_method_type').$type<PaymentMethodType>(),
    currency: text('currency').notNull(),
    total: numeric('total', { precision: 14, scale: 3 }).notNull(),
    serviceAreaId: uuid('service_area_id'),
    deliveryZoneId: uuid('delivery_zone_id'),
    // The discount whose use this order counted: the use is given back when it is cancelled.
    discountId: uuid('discount_id'),
    ticketDetails: jsonb('ticket_details').$type<StoredDetails>().notNull(),
    cartData: jsonb('cart_data').$type<StoredCart>().notNull(),
    cancellationReason: ticketRejectReason('cancellation_reason'),
    // A retried intake with the same key finds this ticket instead of making a second one.
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    ...timestamps(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When it was pushed again to managers for waiting too long (once; issue 36). */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /**
     * The transaction that last wrote the row (PostgreSQL's 64-bit xid): a client catching up
     * asks for rows written by transactions not yet finished at its last read (tickets.service).
     */
    changeXid: bigint('change_xid', { mode: 'number' }).notNull().default(CURRENT_XID),
  },
  (t) => [
    unique('tickets_tenant_id_uq').on(t.tenantId, t.id),
    unique('tickets_number_uq').on(t.tenantId, t.ticketNumber),
    unique('tickets_idempotency_uq').on(t.tenantId, t.idempotencyKey),
    index('tickets_live_idx').on(t.tenantId, t.status, t.createdAt),
    // The live list's pages walk (time, id) newest first.
    index('tickets_list_order_idx').on(t.tenantId, t.createdAt, t.id),
    index('tickets_closed_idx').on(t.tenantId, t.closedAt),
    // Catching up: the tickets changed since a client's last read.
    index('tickets_changed_idx').on(t.tenantId, t.changeXid),
    // The super admin's unverified tickets across tenants: only the waiting ones, by age.
    index('tickets_unverified_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'UnVerified'`),
    // The orders report's refunded total: only the orders whose money went back.
    index('tickets_refunded_idx')
      .on(t.tenantId, t.createdAt)
      .where(sql`${t.ticketDetails} -> 'paymentDetails' ->> 'paymentStatus' = 'REFUNDED'`),
    // The refund reconciler's round: only the refunds whose outcome is not known yet.
    index('tickets_refund_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.ticketDetails} -> 'paymentDetails' ->> 'paymentStatus' = 'REFUND_PENDING'`),
  ],
);

/** Status changes and transfers of a ticket, each with the staff member and their note. */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    kind: ticketEventKind('kind').notNull(),
    fromStatus: ticketStatus('from_status'),
    toStatus: ticketStatus('to_status'),
    reason: ticketRejectReason('reason'),
    note: text('note'),
    fromBranchId: uuid('from_branch_id'),
    toBranchId: uuid('to_branch_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantForeignKey('ticket_events_ticket_fk', t, t.ticketId, tickets, 'cascade'),
    index('ticket_events_ticket_idx').on(t.tenantId, t.ticketId, t.createdAt),
  ],
);

/** A print request: the receipt HTML is rendered from the ticket when the id is fetched. */
export const ticketPrints = pgTable(
  'ticket_prints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantForeignKey('ticket_prints_ticket_fk', t, t.ticketId, tickets, 'cascade'),
    index('ticket_prints_ticket_idx').on(t.tenantId, t.ticketId),
  ],
);

/** A ticket's row as read, and as written by the intake. */
export type TicketRow = typeof tickets.$inferSelect;
export type NewTicketRow = typeof tickets.$inferInsert;

/**
 * Money taken for an order or a table's bill that was then not stored (a concurrent order took
 * the last use of its code, the bill changed), whose giving back got no answer from the gateway:
 * kept here until the refund reconciler, asking again under the same key, settles it.
 */
export const unstoredPaymentRefunds = pgTable(
  'unstored_payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    paymentId: text('payment_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('unstored_payment_refunds_key_uq').on(t.tenantId, t.idempotencyKey)],
);
