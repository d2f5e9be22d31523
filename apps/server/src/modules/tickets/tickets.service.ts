import {
  canMoveTicket,
  toMilli,
  currencyOf,
  encodeChangesCursor,
  encodeTicketsCursor,
  Language,
  isNotAccepted,
  isOpenTicket,
  isTicketNumber,
  needsCancellationReason,
  OrderingTemplate,
  TICKET_LIMITS,
  ticketCounters,
  type LocalizedText,
  type ReceiptSize,
  type Ticket,
  type TicketCounters,
  type TicketHistoryEntry,
  type TicketsListQuery,
  type TicketSummary,
  type TransferTicketBody,
  type UpdateTicketStatusBody,
  toCartData,
  toTicketDetails,
  minorUnit,
  type OnlinePaymentStatus,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { Conflict, NotFound, ServiceUnavailable, ValidationFailed } from '../../errors.ts';
import type { PaymentProvider } from '../../integrations/card-gateway/payment-provider.ts';
import type { Notifier } from '../../realtime/notifier.ts';
import { inScope, inTenant } from '../../db/tenant-scope.ts';
import { refundOnline } from './online-payment.ts';
import { recordChange } from '../audit/audit.ts';
import { ticketChange } from './ticket-events.ts';
import { renderReceipt } from './receipt.ts';
import { type TicketsRepository, type TicketRow } from './tickets.repository.ts';

const languageOf = (v: string) => Language.catch('en').parse(v);

type HistoryRow = Awaited<ReturnType<TicketsRepository['history']>>[number];

export function toTicket(
  row: Omit<TicketRow, 'changeXid'>,
  tenantName: LocalizedText,
  branchName: LocalizedText,
  history: HistoryRow[],
): Ticket {
  return {
    ticketType: row.ticketType,
    id: row.id,
    tenantId: row.tenantId,
    tenantName,
    branchId: row.branchId,
    branchName,
    ticketNumber: row.ticketNumber,
    timestamp: row.createdAt.toISOString(),
    status: row.status,
    lang: languageOf(row.lang),
    cancellationReason: row.cancellationReason,
    ticketDetails: toTicketDetails(row.ticketDetails),
    cartData: toCartData(row.cartData),
    history: history.map(({ event: e, by }): TicketHistoryEntry => ({
      at: e.createdAt.toISOString(),
      kind: e.kind,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      reason: e.reason,
      note: e.note,
      fromBranchId: e.fromBranchId,
      toBranchId: e.toBranchId,
      by,
    })),
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;

/**
 * A ticket's entry in the history of changes: its status, branch and refund, never the
 * customer's name, phone or address.
 */
const ticketEntry = (
  tenantId: string,
  row: { id: string; branchId: string; ticketNumber: number },
  action: 'status' | 'refund' | 'update',
) =>
  ({
    tenantId,
    entityType: 'ticket',
    entityId: row.id,
    branchId: row.branchId,
    action,
    label: { fieldValue: `#${row.ticketNumber}` },
  }) as const;

/**
 * Staff's side of tickets (operations-platform §4.1, §7.4): the live list with its counters,
 * one ticket with its history, status changes under a row lock, transfer between branches of
 * the tenant, and receipts for printing.
 */
export function createTicketsService(deps: {
  db: Db;
  repository: TicketsRepository;
  clock: () => Date;
  notifier: Notifier;
  /** Refunds the online payment of a ticket cancelled after it was paid. */
  payments?: PaymentProvider | null;
  /** Gives back the discount use a cancelled order counted, in the cancel's transaction. */
  giveBackDiscountUse?: (tx: Tx, tenantId: string, discountId: string) => Promise<void>;
  /** Queues the accepted order's kitchen tickets, in the accept's transaction (issue 37). */
  onAccepted?: (
    tx: Tx,
    tenantId: string,
    ticket: { id: string; branchId: string },
  ) => Promise<void>;
}) {
  const { db, repository: repo, clock, notifier } = deps;

  const refundKey = (ticketId: string) => `refund:${ticketId}`;

  /** The refund a cancel of `row` owes: its online payment in full, or nothing. */
  function refundOwed(row: TicketRow): { paymentId: string; amountMinor: number } | null {
    const paid = row.ticketDetails.paymentDetails;
    if (paid?.paymentStatus !== 'SUCCESS' || !paid.paymentUniqueInvoiceId) return null;
    if (!deps.payments) throw new ServiceUnavailable('payment_refund_failed');
    const amountMinor = Number(toMilli(row.total) / minorUnit(currencyOf(row.currency)));
    return { paymentId: paid.paymentUniqueInvoiceId, amountMinor };
  }

  const withPaymentStatus = (
    details: TicketRow['ticketDetails'],
    paymentStatus: OnlinePaymentStatus,
  ): TicketRow['ticketDetails'] => ({
    ...details,
    paymentDetails: { ...details.paymentDetails, paymentStatus },
  });

  /**
   * §4.1: the refund of a cancelled order paid online, asked of the gateway under the ticket's
   * one key. It stays REFUND_PENDING while no answer comes (it may have been made); `settle`
   * (a retried cancel, the reconciler) first asks the gateway whether it was. Of two settling
   * at once, the first to lock the ticket writes the outcome.
   */
  async function settleRefund(tenantId: string, ticketId: string, settle: boolean) {
    const payments = deps.payments;
    const row = await repo.byId(db, tenantId, ticketId);
    if (!row || !payments) return;
    const paid = row.ticketDetails.paymentDetails;
    if (paid?.paymentStatus !== 'REFUND_PENDING' || !paid.paymentUniqueInvoiceId) return;
    const amountMinor = Number(toMilli(row.total) / minorUnit(currencyOf(row.currency)));
    const outcome = await refundOnline(payments, {
      paymentId: paid.paymentUniqueInvoiceId,
      amountMinor,
      key: refundKey(ticketId),
      settle,
    });
    if (outcome.state === 'UNKNOWN') return;
    await db.transaction(async (tx) => {
      const locked = await repo.lock(tx, tenantId, ticketId);
      if (locked?.ticketDetails.paymentDetails?.paymentStatus !== 'REFUND_PENDING') return;
      const settled = outcome.state === 'SUCCEEDED' ? 'REFUNDED' : 'REFUND_FAILED';
      await repo.update(tx, tenantId, ticketId, {
        ticketDetails: withPaymentStatus(locked.ticketDetails, settled),
      });
      await recordChange(tx, {
        ...ticketEntry(tenantId, locked, 'refund'),
        changes: [
          { field: 'paymentStatus', before: 'REFUND_PENDING', after: settled },
          { field: 'refundAmount', before: null, after: locked.total },
        ],
      });
      await notifier.publish(tx, ticketChange('status', locked));
    });
  }

  async function read(tenantId: string, ticketId: string, q: Db | Tx = db): Promise<Ticket> {
    // One after another: `q` may be a transaction, whose one connection runs one statement.
    const row = await repo.withNames(q, tenantId, ticketId);
    const history = await repo.history(q, tenantId, ticketId);
    if (!row) throw new NotFound('Ticket');
    return toTicket(row.ticket, row.tenantName, row.branchName, history);
  }

  async function counters(tenantIds: string[]): Promise<TicketCounters> {
    const rows = await repo.openCounts(db, tenantIds);
    return ticketCounters((status) =>
      rows.filter((r) => r.status === status).reduce((s, r) => s + Number(r.n), 0),
    );
  }

  /** The caller's tenants, or the one asked for when the caller may see its tickets. */
  function scope(tenantIds: string[], only: string | undefined): string[] {
    if (!only) return tenantIds;
    return tenantIds.includes(only) ? [only] : [];
  }

  return {
    /** One ticket by its id, or by its number as printed. */
    async get(tenantId: string, idOrNumber: string) {
      if (!isTicketNumber(idOrNumber)) return read(tenantId, idOrNumber);
      const id = await repo.idByNumber(db, tenantId, Number(idOrNumber));
      if (!id) throw new NotFound('Ticket');
      return read(tenantId, id);
    },

    /**
     * One page of the open tickets of any age and tickets finished in the past 12 hours, newest
     * first, with the cursor of the next page (null on the last); or, with `changedSince`, the
     * live tickets changed since that read. Either way `changesCursor` marks this read.
     */
    async list(tenantIds: string[], query: TicketsListQuery) {
      const ids = scope(tenantIds, query.tenantId);
      const since = new Date(clock().getTime() - TICKET_LIMITS.completedWindowHours * 3600_000);
      // Taken before the rows: whatever they do not show was written by a transaction this
      // snapshot did not see as finished, which the next catch-up asks for.
      const snapshot = await repo.snapshot(db);
      const changedFrom = query.changedSince;
      const [found, totals] = await Promise.all([
        // One more than asked tells whether a next page exists.
        repo.live(db, ids, since, query.limit + 1, { after: query.cursor, changedFrom }),
        changedFrom ? null : counters(ids),
      ]);
      const rows = found.slice(0, query.limit);
      const last = rows.at(-1);
      const more = found.length > query.limit;
      const nextCursor =
        more && last && !changedFrom ? encodeTicketsCursor({ at: last.at, id: last.id }) : null;
      const changesCursor = changedFrom && more ? null : encodeChangesCursor(snapshot);
      const results: TicketSummary[] = rows.map((r) => ({
        ticketType: r.ticketType,
        id: r.id,
        tenantId: r.tenantId,
        tenantName: r.tenantName,
        branchId: r.branchId,
        branchName: r.branchName,
        ticketNumber: r.ticketNumber,
        timestamp: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        closedAt: r.closedAt?.toISOString() ?? null,
        escalatedAt: r.escalatedAt?.toISOString() ?? null,
        status: r.status,
        lang: languageOf(r.lang),
        checkoutUiTemplate: OrderingTemplate.catch('PICKUP').parse(r.checkoutTemplate),
        serviceArea: (r.serviceArea ?? null) as TicketSummary['serviceArea'],
        deliveryZone: (r.deliveryZone ?? null) as TicketSummary['deliveryZone'],
        firstName: r.firstName,
        lastName: r.lastName,
        total: Number(r.total),
        currency: currencyOf(r.currency),
        paymentMethodType: r.paymentMethodType,
        paymentStatus: r.paymentStatus,
      }));
      return { results, counters: totals, nextCursor, changesCursor };
    },

    counters: (tenantIds: string[], only?: string) => counters(scope(tenantIds, only)),

    /**
     * §4.1 transitions under a row lock: of two staff acting at once, the second waits for the
     * first to commit, then finds the new status and gets 409 — `status_changed` with the
     * ticket as it is now when it named the status it expected, else when the move is illegal.
     */
    async updateStatus(
      tenantId: string,
      ticketId: string,
      body: UpdateTicketStatusBody,
      userId: string,
    ) {
      const owed = await db.transaction(async (tx) => {
        const row = await repo.lock(tx, tenantId, ticketId);
        if (!row) throw new NotFound('Ticket');
        // A cancel sent again while its refund is pending (its answer lost) settles that
        // refund; after the gateway refused it, asks it again.
        const refund = row.ticketDetails.paymentDetails?.paymentStatus;
        if (
          row.status === 'Cancelled' &&
          body.status === 'Cancelled' &&
          (refund === 'REFUND_PENDING' || refund === 'REFUND_FAILED')
        ) {
          const pending = withPaymentStatus(row.ticketDetails, 'REFUND_PENDING');
          if (refund === 'REFUND_FAILED')
            await repo.update(tx, tenantId, ticketId, { ticketDetails: pending });
          return 'retry' as const;
        }
        if (body.fromStatus && body.fromStatus !== row.status) {
          throw new Conflict(
            'status_changed',
            `The ticket is ${row.status} now, no longer ${body.fromStatus}`,
            { ticket: await read(tenantId, ticketId, tx) },
          );
        }
        if (!canMoveTicket(row.status, body.status)) {
          throw new Conflict(
            'illegal_transition',
            `A ticket ${row.status} cannot become ${body.status}`,
          );
        }
        if (needsCancellationReason(body.status) && !body.reason)
          throw new ValidationFailed('reason', ['required']);
        const reason = body.status === 'Cancelled' ? (body.reason ?? null) : null;
        const closed = !isOpenTicket(body.status);
        // Cancelled with its refund pending, in one transaction: the refund is then asked.
        const owed = body.status === 'Cancelled' ? refundOwed(row) : null;
        // Cancelled is final: the order's discount use goes back once, with the cancel.
        if (body.status === 'Cancelled' && row.discountId)
          await deps.giveBackDiscountUse?.(tx, tenantId, row.discountId);
        await repo.update(tx, tenantId, ticketId, {
          status: body.status,
          cancellationReason: reason,
          ...(closed ? { closedAt: clock() } : {}),
          ...(owed
            ? { ticketDetails: withPaymentStatus(row.ticketDetails, 'REFUND_PENDING') }
            : {}),
        });
        await repo.insertEvent(tx, {
          tenantId,
          ticketId,
          kind: 'status',
          fromStatus: row.status,
          toStatus: body.status,
          reason,
          note: body.note || null,
          userId,
        });
        if (body.status === 'InProgress' && isNotAccepted(row.status))
          await deps.onAccepted?.(tx, tenantId, { id: row.id, branchId: row.branchId });
        await recordChange(tx, {
          ...ticketEntry(tenantId, row, 'status'),
          before: { status: row.status, cancellationReason: row.cancellationReason },
          after: {
            status: body.status,
            cancellationReason: reason,
            ...(owed ? { paymentStatus: 'REFUND_PENDING', refundAmount: row.total } : {}),
          },
        });
        await notifier.publish(tx, ticketChange('status', { ...row, status: body.status }));
        return owed ? ('first' as const) : null;
      });
      if (owed) await settleRefund(tenantId, ticketId, owed === 'retry');
      return read(tenantId, ticketId);
    },

    /**
     * The reconciler's round (on a timer and at start): every ticket refund still pending, of
     * any tenant, asked of the gateway again. Answers how many are still pending.
     */
    async settlePendingRefunds(): Promise<number> {
      const pending = await inScope({ tenantIds: [], crossTenantRead: true }, () =>
        repo.pendingRefunds(db),
      );
      for (const { tenantId, id } of pending)
        await inTenant(tenantId, () => settleRefund(tenantId, id, true));
      return (
        await inScope({ tenantIds: [], crossTenantRead: true }, () => repo.pendingRefunds(db))
      ).length;
    },

    /** Moves an open ticket to another branch of the same tenant. */
    async transfer(
      tenantId: string,
      pathBranchId: string,
      body: TransferTicketBody,
      userId: string,
    ) {
      if (body.ticketTenantId !== tenantId) throw new NotFound('Ticket');
      if (body.branchId !== pathBranchId)
        throw new ValidationFailed('branchId', ['branch_mismatch']);
      await db.transaction(async (tx) => {
        const row = await repo.lock(tx, tenantId, body.ticketId);
        if (!row) throw new NotFound('Ticket');
        const target = await repo.branchOf(tx, tenantId, body.branchId);
        if (!target) throw new ValidationFailed('branchId', ['branch_not_found']);
        if (target.id === row.branchId)
          throw new Conflict('same_branch', 'The ticket is already at that branch');
        if (!isOpenTicket(row.status))
          throw new Conflict('ticket_closed', `A ticket ${row.status} cannot be transferred`);
        await repo.update(tx, tenantId, row.id, { branchId: target.id });
        await recordChange(tx, {
          ...ticketEntry(tenantId, row, 'update'),
          changes: [{ field: 'branchId', before: row.branchId, after: target.id }],
        });
        await repo.insertEvent(tx, {
          tenantId,
          ticketId: row.id,
          kind: 'transfer',
          fromBranchId: row.branchId,
          toBranchId: target.id,
          userId,
        });
        await notifier.publish(tx, ticketChange('transfer', { ...row, branchId: target.id }));
      });
      return read(tenantId, body.ticketId);
    },

    async createPrint(tenantId: string, ticketId: string, userId: string) {
      const row = await repo.withNames(db, tenantId, ticketId);
      if (!row) throw new NotFound('Ticket');
      return { id: await repo.insertPrint(db, { tenantId, ticketId, userId }) };
    },

    /** The ticket as printers print it, and its branch's time zone. */
    async printable(tenantId: string, ticketId: string) {
      const row = await repo.withNames(db, tenantId, ticketId);
      if (!row) throw new NotFound('Ticket');
      const branch = await repo.branchOf(db, tenantId, row.ticket.branchId);
      return {
        ticket: toTicket(row.ticket, row.tenantName, row.branchName, []),
        timeZone: branch?.timeZone ?? 'UTC',
      };
    },

    /** The receipt HTML of a print request, in `language` or else the ticket's own. */
    async receipt(tenantId: string, printId: string, language: string, size: ReceiptSize) {
      const print = await repo.print(db, tenantId, printId);
      if (!print) throw new NotFound('Print');
      const row = await repo.withNames(db, tenantId, print.ticketId);
      if (!row) throw new NotFound('Ticket');
      const branch = await repo.branchOf(db, tenantId, row.ticket.branchId);
      const ticket = toTicket(row.ticket, row.tenantName, row.branchName, []);
      const lang = Language.safeParse(language);
      return renderReceipt(ticket, {
        lang: lang.success ? lang.data : ticket.lang,
        size,
        timeZone: branch?.timeZone ?? 'UTC',
      });
    },
  };
}
