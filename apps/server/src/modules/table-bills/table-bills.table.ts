import {
  index,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantForeignKey } from '../../db/tenant-keys.ts';
import {
  TableBillRefundStatus,
  TableBillTransactionStatus,
  type Currency,
  type TableBillPaymentMethod,
} from '@app/contracts';
import { branches, tenantIdColumn, users } from '../identity/identity.table.ts';
import { tickets } from '../tickets/tickets.table.ts';

export const tableBillTransactionStatus = pgEnum(
  'table_bill_transaction_status',
  TableBillTransactionStatus.options as [
    TableBillTransactionStatus,
    ...TableBillTransactionStatus[],
  ],
);
export const tableBillRefundStatus = pgEnum(
  'table_bill_refund_status',
  TableBillRefundStatus.options as [TableBillRefundStatus, ...TableBillRefundStatus[]],
);

/** One online payment of a table's bill, captured at the payment provider. */
export const tableBillTransactions = pgTable(
  'table_bill_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    // The table may be deleted later; its name stays as it was paid.
    serviceAreaId: uuid('service_area_id'),
    serviceAreaName: text('service_area_name').notNull(),
    amount: numeric('amount', { precision: 14, scale: 3 }).notNull(),
    /** Refunds that succeeded, added up. */
    refundedAmount: numeric('refunded_amount', { precision: 14, scale: 3 }).notNull().default('0'),
    currency: text('currency').$type<Currency>().notNull(),
    status: tableBillTransactionStatus('status').notNull().default('PAID'),
    paymentMethodType: text('payment_method_type').$type<TableBillPaymentMethod>().notNull(),
    cardScheme: text('card_scheme'),
    maskedValue: text('masked_value'),
    paymentReference: text('payment_reference').notNull(),
    // A retried payment with the same key answers this one.
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('table_bill_transactions_tenant_id_uq').on(t.tenantId, t.id),
    unique('table_bill_transactions_idempotency_uq').on(t.tenantId, t.idempotencyKey),
    index('table_bill_transactions_paid_idx').on(t.tenantId, t.paidAt),
  ],
);

/** The orders a payment settled; a ticket is paid by one transaction at most. */
export const tableBillTransactionTickets = pgTable(
  'table_bill_transaction_tickets',
  {
    tenantId: uuid('tenant_id').notNull(),
    transactionId: uuid('transaction_id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'table_bill_transaction_tickets_pk', columns: [t.tenantId, t.ticketId] }),
    tenantForeignKey(
      'table_bill_transaction_tickets_transaction_fk',
      t,
      t.transactionId,
      tableBillTransactions,
      'cascade',
    ),
    tenantForeignKey('table_bill_transaction_tickets_ticket_fk', t, t.ticketId, tickets, 'cascade'),
    index('table_bill_transaction_tickets_transaction_idx').on(t.tenantId, t.transactionId),
  ],
);

/**
 * A refund of a transaction. It is written PENDING before the provider is asked (one at a time
 * per transaction) and stays so until the provider's answer is known (asked again on a retry,
 * by the reconciler, and at start); then SUCCEEDED, or deleted when the provider refused it.
 */
export const tableBillRefunds = pgTable(
  'table_bill_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    transactionId: uuid('transaction_id').notNull(),
    amount: numeric('amount', { precision: 14, scale: 3 }).notNull(),
    status: tableBillRefundStatus('status').notNull().default('PENDING'),
    providerRefundId: text('provider_refund_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantForeignKey(
      'table_bill_refunds_transaction_fk',
      t,
      t.transactionId,
      tableBillTransactions,
      'cascade',
    ),
    index('table_bill_refunds_transaction_idx').on(t.tenantId, t.transactionId, t.createdAt),
  ],
);
