import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  TABLE_BILL_STATUSES,
  type Currency,
  type LocalizedText,
  type OnlinePaymentStatus,
  type TableBillPaymentMethod,
  type TableBillRefundStatus,
  type TableBillTransactionStatus,
  type StoredLine,
} from '@app/contracts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { isoUtcText } from '../../db/sql-text.ts';
import { serviceAreas } from '../service-areas/service-areas.table.ts';
import {
  tableBillRefunds,
  tableBillTransactions,
  tableBillTransactionTickets,
} from './table-bills.table.ts';
import { tenantRow } from '../../db/tenant-keys.ts';

type Q = Db | Tx;

export type TransactionRecord = typeof tableBillTransactions.$inferSelect;

/** A transaction as the screens show it, with its tickets and refunds. */
export type TransactionView = {
  id: string;
  tenant_id: string;
  branch_id: string;
  branch_name: LocalizedText;
  service_area_id: string | null;
  service_area_name: string;
  amount: string;
  refunded_amount: string;
  currency: Currency;
  status: TableBillTransactionStatus;
  payment_method_type: TableBillPaymentMethod;
  card_scheme: string | null;
  masked_value: string | null;
  payment_reference: string;
  paid_at: string;
  ticket_numbers: (number | string)[];
  refunds: {
    id: string;
    amount: string;
    at: string;
    by: string | null;
    status: TableBillRefundStatus;
  }[];
};

/** An order on a table's tab. */
export type TabTicket = {
  id: string;
  ticket_number: string;
  created_at: string;
  total: string;
  currency: Currency;
  lines: StoredLine[];
};

const ISO = (column: string) => isoUtcText(sql.raw(column));

const statuses = sql.join(
  TABLE_BILL_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** Pay-later cart tickets of one table placed since `since` and on no payment yet. */
const tabConditions = (tenantId: string, serviceAreaId: string, since: Date) => sql`
  t.tenant_id = ${tenantId} and t.service_area_id = ${serviceAreaId}
  and t.ticket_type = 'cartticket' and t.payment_method_type = 'PAY_LATER'
  and t.created_at >= ${since.toISOString()}::timestamptz
  and not exists (select 1 from table_bill_transaction_tickets l
    where l.tenant_id = t.tenant_id and l.ticket_id = t.id)`;

/** Transactions with their tickets and refunds (made or pending); `where` filters `x`. */
function viewQuery(where: SQL, tail: SQL = sql``): SQL {
  return sql`
    select x.id, x.tenant_id, x.branch_id, b.name as branch_name, x.service_area_id,
      x.service_area_name, x.amount::text as amount, x.refunded_amount::text as refunded_amount,
      x.currency, x.status, x.payment_method_type, x.card_scheme, x.masked_value,
      x.payment_reference, ${ISO('x.paid_at')} as paid_at,
      coalesce((select json_agg(t.ticket_number order by t.ticket_number)
        from table_bill_transaction_tickets l
        join tickets t on t.tenant_id = l.tenant_id and t.id = l.ticket_id
        where l.tenant_id = x.tenant_id and l.transaction_id = x.id), '[]'::json) as ticket_numbers,
      coalesce((select json_agg(json_build_object('id', r.id, 'amount', r.amount::text,
          'at', ${ISO('r.created_at')}, 'by', u.display_name, 'status', r.status)
          order by r.created_at)
        from table_bill_refunds r left join users u on u.id = r.user_id
        where r.tenant_id = x.tenant_id and r.transaction_id = x.id),
        '[]'::json) as refunds
    from table_bill_transactions x
    join branches b on b.id = x.branch_id
    where ${where}
    order by x.paid_at desc, x.id desc
    ${tail}`;
}

export type RangeFilter = { tenantId: string; from: string; to: string; branchId?: string };

const rangeWhere = (f: RangeFilter) =>
  sql.join(
    [
      sql`x.tenant_id = ${f.tenantId}`,
      sql`x.paid_at >= ${f.from}::timestamptz`,
      sql`x.paid_at < ${f.to}::timestamptz`,
      ...(f.branchId ? [sql`x.branch_id = ${f.branchId}`] : []),
    ],
    sql` and `,
  );

/** Table bill queries; every one filters by tenant first. */
export const tableBillsRepository = {
  async serviceArea(q: Q, tenantId: string, serviceAreaId: string) {
    const [row] = await q
      .select({
        id: serviceAreas.id,
        branchId: serviceAreas.branchId,
        title: serviceAreas.title,
        value: serviceAreas.value,
      })
      .from(serviceAreas)
      .where(tenantRow(serviceAreas, tenantId, serviceAreaId))
      .limit(1);
    return row;
  },

  /** The table's tab: accepted pay-later orders not paid yet, oldest first. */
  async tab(q: Q, tenantId: string, serviceAreaId: string, since: Date): Promise<TabTicket[]> {
    const result = await q.execute(sql`
      select t.id, t.ticket_number::text as ticket_number, ${ISO('t.created_at')} as created_at,
        t.total::text as total, t.currency, t.cart_data -> 'cartItems' as lines
      from tickets t
      where ${tabConditions(tenantId, serviceAreaId, since)} and t.status in (${statuses})
      order by t.created_at, t.ticket_number`);
    return rowsOf<TabTicket>(result);
  },

  /** Pay-later orders at the table that staff have not accepted yet. */
  async awaiting(q: Q, tenantId: string, serviceAreaId: string, since: Date): Promise<number> {
    const result = await q.execute(sql`
      select count(*)::int as n from tickets t
      where ${tabConditions(tenantId, serviceAreaId, since)} and t.status in ('UnVerified', 'New')`);
    return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  },

  /**
   * The tab's tickets locked for the payment, with whether each is still on the tab: a
   * concurrent payment or cancel waits for this transaction, or this one for it.
   */
  async lockTab(tx: Tx, tenantId: string, ticketIds: string[]) {
    const result = await tx.execute(sql`
      select t.id, t.total::text as total,
        t.status in (${statuses}) and not exists (select 1 from table_bill_transaction_tickets l
          where l.tenant_id = t.tenant_id and l.ticket_id = t.id) as open
      from tickets t
      where t.tenant_id = ${tenantId} and t.id in (${sql.join(
        ticketIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      for update of t`);
    return rowsOf<{ id: string; total: string; open: boolean }>(result);
  },

  async insert(
    tx: Tx,
    row: typeof tableBillTransactions.$inferInsert,
    ticketIds: string[],
  ): Promise<TransactionRecord> {
    const [created] = await tx.insert(tableBillTransactions).values(row).returning();
    if (!created) throw new Error('table bill transaction not stored');
    await tx.insert(tableBillTransactionTickets).values(
      ticketIds.map((ticketId) => ({
        tenantId: row.tenantId,
        transactionId: created.id,
        ticketId,
      })),
    );
    // Each order the payment settled shows as paid, with the card and the payment's reference.
    const paid = JSON.stringify({
      paymentStatus: 'TABLE_BILL_PAID' satisfies OnlinePaymentStatus,
      cardScheme: created.cardScheme,
      maskedValue: created.maskedValue,
      paymentUniqueInvoiceId: created.paymentReference,
    });
    await tx.execute(sql`
      update tickets set updated_at = now(),
        ticket_details = jsonb_set(ticket_details, '{paymentDetails}',
          coalesce(ticket_details -> 'paymentDetails', '{}'::jsonb) || ${paid}::jsonb)
      where tenant_id = ${row.tenantId}
        and id in (${sql.join(
          ticketIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
    return created;
  },

  async byIdempotencyKey(q: Q, tenantId: string, key: string) {
    const [row] = await q
      .select()
      .from(tableBillTransactions)
      .where(
        and(
          eq(tableBillTransactions.tenantId, tenantId),
          eq(tableBillTransactions.idempotencyKey, key),
        ),
      )
      .limit(1);
    return row;
  },

  async ticketNumbers(q: Q, tenantId: string, transactionId: string): Promise<number[]> {
    const result = await q.execute(sql`
      select t.ticket_number::text as n from table_bill_transaction_tickets l
      join tickets t on t.tenant_id = l.tenant_id and t.id = l.ticket_id
      where l.tenant_id = ${tenantId} and l.transaction_id = ${transactionId}
      order by t.ticket_number`);
    return rowsOf<{ n: string }>(result).map((r) => Number(r.n));
  },

  async view(q: Q, tenantId: string, id: string): Promise<TransactionView | undefined> {
    const result = await q.execute(viewQuery(sql`x.tenant_id = ${tenantId} and x.id = ${id}`));
    return rowsOf<TransactionView>(result)[0];
  },

  /** The newest transactions paid since `since`. */
  async feed(q: Q, tenantId: string, since: Date, limit: number): Promise<TransactionView[]> {
    const result = await q.execute(
      viewQuery(
        sql`x.tenant_id = ${tenantId} and x.paid_at >= ${since.toISOString()}::timestamptz`,
        sql`limit ${limit}`,
      ),
    );
    return rowsOf<TransactionView>(result);
  },

  async page(q: Q, f: RangeFilter, page: number, pageSize: number): Promise<TransactionView[]> {
    const result = await q.execute(
      viewQuery(rangeWhere(f), sql`limit ${pageSize} offset ${page * pageSize}`),
    );
    return rowsOf<TransactionView>(result);
  },

  async totals(q: Q, f: RangeFilter) {
    const result = await q.execute(sql`
      select x.currency, count(*)::int as count, sum(x.amount)::text as paid,
        sum(x.refunded_amount)::text as refunded
      from table_bill_transactions x
      where ${rangeWhere(f)}
      group by x.currency
      order by x.currency`);
    return rowsOf<{ currency: Currency; count: number; paid: string; refunded: string }>(result);
  },

  async lock(tx: Tx, tenantId: string, id: string): Promise<TransactionRecord | undefined> {
    const [row] = await tx
      .select()
      .from(tableBillTransactions)
      .where(tenantRow(tableBillTransactions, tenantId, id))
      .for('update')
      .limit(1);
    return row;
  },

  /** The refund of a transaction whose outcome is not known yet (one at most). */
  async pendingRefund(tx: Tx, tenantId: string, transactionId: string) {
    const [row] = await tx
      .select()
      .from(tableBillRefunds)
      .where(
        and(
          eq(tableBillRefunds.tenantId, tenantId),
          eq(tableBillRefunds.transactionId, transactionId),
          eq(tableBillRefunds.status, 'PENDING'),
        ),
      )
      .limit(1);
    return row;
  },

  /** Refunds of every tenant whose outcome is not known yet (the reconciler's round). */
  async pendingRefunds(q: Q): Promise<{ tenantId: string; transactionId: string }[]> {
    return q
      .select({
        tenantId: tableBillRefunds.tenantId,
        transactionId: tableBillRefunds.transactionId,
      })
      .from(tableBillRefunds)
      .where(eq(tableBillRefunds.status, 'PENDING'))
      .orderBy(tableBillRefunds.createdAt)
      .limit(500);
  },

  async insertRefund(q: Q, row: typeof tableBillRefunds.$inferInsert): Promise<string> {
    const [created] = await q
      .insert(tableBillRefunds)
      .values(row)
      .returning({ id: tableBillRefunds.id });
    if (!created) throw new Error('refund not stored');
    return created.id;
  },

  /** A pending refund the provider refused: nothing was refunded, so nothing is kept. */
  async deleteRefund(q: Q, tenantId: string, id: string) {
    await q
      .delete(tableBillRefunds)
      .where(
        and(tenantRow(tableBillRefunds, tenantId, id), eq(tableBillRefunds.status, 'PENDING')),
      );
  },

  async completeRefund(
    tx: Tx,
    tenantId: string,
    refund: { id: string; providerRefundId: string },
    transaction: { id: string; refundedAmount: string; status: TableBillTransactionStatus },
  ) {
    await tx
      .update(tableBillRefunds)
      .set({ status: 'SUCCEEDED', providerRefundId: refund.providerRefundId })
      .where(tenantRow(tableBillRefunds, tenantId, refund.id));
    await tx
      .update(tableBillTransactions)
      .set({ refundedAmount: transaction.refundedAmount, status: transaction.status })
      .where(tenantRow(tableBillTransactions, tenantId, transaction.id));
  },
};

export type TableBillsRepository = typeof tableBillsRepository;
