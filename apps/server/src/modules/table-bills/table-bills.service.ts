import { randomUUID } from 'node:crypto';
import {
  TABLE_BILL_LIMITS,
  currencyOf,
  fitsMinorUnit,
  fromMilli,
  toMilli,
  transactionStatusOf,
  type PayTableBillBody,
  type PublicTableBill,
  type TableBillReceipt,
  type TableBillRefundBody,
  type TableBillTransaction,
  type TableBillTransactionsQuery,
  type TableBillTransactionsResponse,
  minorUnit,
  refundAmountProblem,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { Conflict, NotFound, ServiceUnavailable, ValidationFailed } from '../../errors.ts';
import type { PaymentProvider } from '../../integrations/card-gateway/payment-provider.ts';
import type { Notifier } from '../../realtime/notifier.ts';
import {
  assertSameRequest,
  chargeOnline,
  refundOnline,
  requestFingerprint,
  type RefundOutcome,
} from '../tickets/online-payment.ts';
import { inScope, inTenant } from '../../db/tenant-scope.ts';
import type { UnstoredRefunds } from '../tickets/unstored-refunds.ts';
import { recordChange } from '../audit/audit.ts';
import { tableBillPaymentUpdate } from './table-bill-events.ts';
import type {
  TableBillsRepository,
  TabTicket,
  TransactionRecord,
  TransactionView,
} from './table-bills.repository.ts';

const L = TABLE_BILL_LIMITS;
const HOUR = 3_600_000;

/** "Table 12", or "12" for a table without a title: as tickets and the report print it. */
const areaName = (a: { title: string | null; value: string }) =>
  a.title ? `${a.title} ${a.value}` : a.value;

const toTransaction = (v: TransactionView): TableBillTransaction => ({
  tableBillTransactionId: v.id,
  tenantId: v.tenant_id,
  branchId: v.branch_id,
  branchName: v.branch_name,
  serviceAreaId: v.service_area_id,
  serviceArea: v.service_area_name,
  ticketNumbers: v.ticket_numbers.map(Number),
  amount: Number(v.amount),
  refundedAmount: Number(v.refunded_amount),
  currency: currencyOf(v.currency),
  status: v.status,
  paymentMethodType: v.payment_method_type,
  cardScheme: v.card_scheme,
  maskedValue: v.masked_value,
  paymentReference: v.payment_reference,
  paidAt: v.paid_at,
  refunds: v.refunds.map((r) => ({ ...r, amount: Number(r.amount) })),
});

const receiptOf = (row: TransactionRecord, ticketNumbers: number[]): TableBillReceipt => ({
  tableBillTransactionId: row.id,
  amount: Number(row.amount),
  currency: currencyOf(row.currency),
  ticketNumbers,
  cardScheme: row.cardScheme,
  maskedValue: row.maskedValue,
  paidAt: row.paidAt.toISOString(),
});

const amountDue = (tab: readonly Pick<TabTicket, 'total'>[]) =>
  tab.reduce((sum, t) => sum + toMilli(t.total), 0n);

const requestHash = (serviceAreaId: string, body: PayTableBillBody) =>
  requestFingerprint({ serviceAreaId, body });

export type PaymentResult = { receipt: TableBillReceipt; replayed: boolean };

/**
 * Table bill payments: a customer pays the accepted pay-later orders of a table online, the
 * owner watches the payments arrive (receiveTableBillPaymentUpdate) and refunds them through
 * the same payment provider, wholly or in parts that never add up to more than was paid.
 */
export function createTableBillsService(deps: {
  db: Db;
  repository: TableBillsRepository;
  clock: () => Date;
  notifier: Notifier;
  payments: PaymentProvider | null;
  /** Gives back money taken for a bill not stored, asked again until the gateway answers. */
  unstoredRefunds?: UnstoredRefunds;
}) {
  const { db, repository: repo, clock, notifier, payments } = deps;

  function provider(): PaymentProvider {
    if (!payments)
      throw new ServiceUnavailable(
        'payment_provider_unavailable',
        'Online payment is not set up on this server',
      );
    return payments;
  }

  async function readBill(tenantId: string, serviceAreaId: string) {
    const area = await repo.serviceArea(db, tenantId, serviceAreaId);
    if (!area) throw new NotFound('Service area');
    const since = new Date(clock().getTime() - L.openTabHours * HOUR);
    const [tab, awaiting] = await Promise.all([
      repo.tab(db, tenantId, serviceAreaId, since),
      repo.awaiting(db, tenantId, serviceAreaId, since),
    ]);
    const currency = currencyOf(tab[0]?.currency ?? 'JOD');
    const due = amountDue(tab);
    const bill: PublicTableBill = {
      tenantId,
      branchId: area.branchId,
      serviceAreaId,
      serviceArea: areaName(area),
      currency,
      orders: tab.map((t) => ({
        ticketId: t.id,
        ticketNumber: Number(t.ticket_number),
        timestamp: t.created_at,
        total: Number(t.total),
        lines: t.lines.map((l) => ({
          localizedTitle: l.localizedTitle,
          quantity: l.quantity,
          total: Number(l.totalForDisplay),
        })),
      })),
      amountDue: Number(fromMilli(due)),
      awaitingAcceptance: awaiting,
      paymentMethods: payments && due > 0n ? ['CREDIT_CARD_ONLINE'] : [],
    };
    return { area, bill, due };
  }

  async function firstPayment(
    tenantId: string,
    first: TransactionRecord,
    hash: string,
  ): Promise<PaymentResult> {
    assertSameRequest(first.requestHash, hash, 'payment');
    return {
      receipt: receiptOf(first, await repo.ticketNumbers(db, tenantId, first.id)),
      replayed: true,
    };
  }

  async function view(tenantId: string, id: string): Promise<TableBillTransaction> {
    const row = await repo.view(db, tenantId, id);
    if (!row) throw new NotFound('Table bill transaction');
    return toTransaction(row);
  }

  /**
   * Asks the provider for the transaction's pending refund under its one key (`settle`: first
   * whether it was made already) and writes what it answered; of two settling at once, the
   * first to lock the payment writes it. Answers the refund's state (null: none was pending).
   */
  async function settleRefund(
    tenantId: string,
    transactionId: string,
    settle: boolean,
  ): Promise<RefundOutcome['state'] | null> {
    const pending = await db.transaction(async (tx) => {
      const row = await repo.lock(tx, tenantId, transactionId);
      const refund = row && (await repo.pendingRefund(tx, tenantId, transactionId));
      return row && refund ? { row, refund } : null;
    });
    if (!pending) return null;
    const { row, refund } = pending;
    const milli = toMilli(refund.amount);
    const outcome = await refundOnline(provider(), {
      paymentId: row.paymentReference,
      amountMinor: Number(milli / minorUnit(currencyOf(row.currency))),
      key: `tablebill-refund:${refund.id}`,
      settle,
    });
    if (outcome.state === 'UNKNOWN') return outcome.state;
    if (outcome.state === 'REFUSED') {
      await repo.deleteRefund(db, tenantId, refund.id);
      return outcome.state;
    }
    await db.transaction(async (tx) => {
      const now = await repo.lock(tx, tenantId, transactionId);
      const still = now && (await repo.pendingRefund(tx, tenantId, transactionId));
      if (!now || still?.id !== refund.id) return;
      const refunded = toMilli(now.refundedAmount) + milli;
      const status = transactionStatusOf(toMilli(now.amount), refunded);
      const refundedAmount = fromMilli(refunded);
      await repo.completeRefund(
        tx,
        tenantId,
        { id: refund.id, providerRefundId: outcome.refundId },
        { id: transactionId, refundedAmount, status },
      );
      await recordChange(tx, {
        tenantId,
        entityType: 'tableBill',
        entityId: transactionId,
        branchId: now.branchId,
        action: 'refund',
        label: { fieldValue: now.serviceAreaName },
        before: { refundedAmount: now.refundedAmount, status: now.status },
        after: { refundedAmount, status },
      });
      await notifier.publish(
        tx,
        tableBillPaymentUpdate('refunded', { ...now, refundedAmount, status }, clock()),
      );
    });
    return outcome.state;
  }

  return {
    bill: async (tenantId: string, serviceAreaId: string): Promise<PublicTableBill> =>
      (await readBill(tenantId, serviceAreaId)).bill,

    /**
     * Pays the bill the customer saw: charged first, then stored with its tickets in one
     * transaction that locks them, so an order cancelled or paid meanwhile refunds the charge.
     */
    async pay(
      tenantId: string,
      serviceAreaId: string,
      body: PayTableBillBody,
      idempotencyKey: string | undefined,
    ): Promise<PaymentResult> {
      const hash = requestHash(serviceAreaId, body);
      if (idempotencyKey) {
        const first = await repo.byIdempotencyKey(db, tenantId, idempotencyKey);
        if (first) return firstPayment(tenantId, first, hash);
      }
      const { area, bill: seen, due } = await readBill(tenantId, serviceAreaId);
      if (seen.orders.length === 0)
        throw new Conflict('nothing_to_pay', 'This table has nothing to pay');
      // As the intake refuses an online method while no payment provider is set up.
      if (!payments)
        throw new ValidationFailed('paymentMethodType', ['payment_method_not_accepted']);
      if (!fitsMinorUnit(body.amount, seen.currency) || toMilli(body.amount.toFixed(3)) !== due)
        throw new Conflict('table_bill_changed', 'The bill changed; read it again', {
          amountDue: seen.amountDue,
        });

      const id = randomUUID();
      const amountMinor = Number(due / minorUnit(seen.currency));
      const ticketIds = seen.orders.map((o) => o.ticketId);
      const paid = await chargeOnline(provider(), {
        amountMinor,
        currency: seen.currency,
        token: body.paymentToken,
        reference: id,
        // A retry under the same Idempotency-Key finds the same payment at the provider.
        key: idempotencyKey ? `tablebill:${tenantId}:${idempotencyKey}` : `tablebill:${id}`,
      });
      try {
        const row = await db.transaction(async (tx) => {
          const locked = await repo.lockTab(tx, tenantId, ticketIds);
          const still = locked.filter((t) => t.open);
          if (still.length !== ticketIds.length || amountDue(still) !== due)
            throw new Conflict('table_bill_changed', 'The bill changed; read it again');
          const created = await repo.insert(
            tx,
            {
              id,
              tenantId,
              branchId: area.branchId,
              serviceAreaId,
              serviceAreaName: areaName(area),
              amount: fromMilli(due),
              currency: seen.currency,
              status: 'PAID',
              paymentMethodType: body.paymentMethodType,
              cardScheme: paid.scheme,
              maskedValue: `•••• ${paid.last4}`,
              paymentReference: paid.paymentId,
              idempotencyKey: idempotencyKey ?? null,
              requestHash: idempotencyKey ? hash : null,
              paidAt: clock(),
            },
            ticketIds,
          );
          await notifier.publish(tx, tableBillPaymentUpdate('paid', created, clock()));
          return created;
        });
        const numbers = seen.orders.map((o) => o.ticketNumber).sort((a, b) => a - b);
        return { receipt: receiptOf(row, numbers), replayed: false };
      } catch (err) {
        // Two requests with one key raced: the loser answers the winner's payment (the same
        // payment at the provider, under the same key), so nothing is refunded, whatever the
        // loser tripped on (the key, or the bill's orders the winner just paid).
        if (idempotencyKey) {
          const first = await repo
            .byIdempotencyKey(db, tenantId, idempotencyKey)
            .catch(() => undefined);
          if (first) return firstPayment(tenantId, first, hash);
        }
        // Not stored, so not kept: the money goes back (kept to ask again without an answer).
        await deps.unstoredRefunds?.giveBack({
          tenantId,
          paymentId: paid.paymentId,
          amountMinor,
          key: `tablebill:${id}:refund`,
        });
        if (isUniqueViolation(err, 'table_bill_transaction_tickets_pk'))
          throw new Conflict('table_bill_changed', 'The bill changed; read it again');
        throw err;
      }
    },

    async feed(tenantId: string): Promise<TableBillTransaction[]> {
      const since = new Date(clock().getTime() - L.feedHours * HOUR);
      return (await repo.feed(db, tenantId, since, L.feedMax)).map(toTransaction);
    },

    async transactions(
      tenantId: string,
      q: TableBillTransactionsQuery,
    ): Promise<TableBillTransactionsResponse> {
      const filter = {
        tenantId,
        from: new Date(q.dateFrom).toISOString(),
        to: new Date(q.dateTo).toISOString(),
        branchId: q.branchId,
      };
      const [rows, sums] = await Promise.all([
        repo.page(db, filter, q.page, q.pageSize),
        repo.totals(db, filter),
      ]);
      return {
        results: rows.map(toTransaction),
        page: q.page,
        pageSize: q.pageSize,
        totals: {
          count: sums.reduce((n, s) => n + s.count, 0),
          amounts: sums.map((s) => ({
            currency: currencyOf(s.currency),
            paid: Number(s.paid),
            refunded: Number(s.refunded),
          })),
        },
      };
    },

    /**
     * Refunds through the provider. The refund is written PENDING first under the payment's row
     * lock (one at a time, never past what was paid), the provider is asked outside any
     * database transaction under the refund's own key, and the refund is then marked done, or
     * deleted when refused. With no answer it stays PENDING, and the owner sees so: a refund
     * asked while one is pending settles that one (the gateway is asked whether it was made,
     * then asked again under the same key), never a second.
     */
    async refund(
      tenantId: string,
      body: TableBillRefundBody,
      userId: string,
    ): Promise<TableBillTransaction> {
      const id = body.tableBillTransactionId;
      // Whether a refund was pending already: then that one is settled, no new one asked.
      const settle = await db.transaction(async (tx) => {
        const row = await repo.lock(tx, tenantId, id);
        if (!row) throw new NotFound('Table bill transaction');
        provider();
        const pending = await repo.pendingRefund(tx, tenantId, id);
        if (pending) return true;
        const currency = currencyOf(row.currency);
        const remaining = toMilli(row.amount) - toMilli(row.refundedAmount);
        if (remaining <= 0n)
          throw new Conflict('already_refunded', 'This payment has been refunded in full');
        // The one rule the admin's dialog asks too (a 1e-320 rounds to nothing: no refund).
        const problem =
          body.amount === undefined ? null : refundAmountProblem(body.amount, remaining, currency);
        if (problem)
          throw new ValidationFailed([
            {
              field: 'amount',
              codes: [problem],
              ...(problem === 'refund_exceeds_paid'
                ? { params: { remaining: Number(fromMilli(remaining)) } }
                : {}),
            },
          ]);
        const milli = body.amount === undefined ? remaining : toMilli(body.amount.toFixed(3));
        await repo.insertRefund(tx, {
          tenantId,
          transactionId: id,
          amount: fromMilli(milli),
          userId,
          createdAt: clock(),
        });
        await recordChange(tx, {
          tenantId,
          entityType: 'tableBill',
          entityId: id,
          branchId: row.branchId,
          action: 'refund',
          label: { fieldValue: row.serviceAreaName },
          changes: [{ field: 'refundAsked', before: null, after: fromMilli(milli) }],
        });
        return false;
      });
      const outcome = await settleRefund(tenantId, id, settle);
      if (outcome === 'REFUSED')
        throw new Conflict(
          'refund_refused',
          'The payment provider refused the refund; nothing was refunded.',
        );
      return view(tenantId, id);
    },

    /**
     * The reconciler's round (on a timer and at start): every refund still pending, of any
     * tenant, asked of the gateway again. Answers how many are still pending.
     */
    async settlePendingRefunds(): Promise<number> {
      const everyTenant = () =>
        inScope({ tenantIds: [], crossTenantRead: true }, () => repo.pendingRefunds(db));
      for (const { tenantId, transactionId } of await everyTenant())
        await inTenant(tenantId, () => settleRefund(tenantId, transactionId, true));
      return (await everyTenant()).length;
    },
  };
}

export type TableBillsService = ReturnType<typeof createTableBillsService>;
