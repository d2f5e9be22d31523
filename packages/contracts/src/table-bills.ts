import { z } from 'zod';
import { Currency, Instant, LocalizedText, TenantParams, Text, Uuid } from './common.ts';
import { PUBLIC_TENANT_PATH, routesOf, TENANT_PATH } from './http.ts';
import { ONLINE_PAYMENT_METHODS, PaymentMethodType } from './branch-basics.ts';
import type { TicketStatus } from './tickets.ts';
import { Amount, IdempotencyKey } from './tickets.ts';
import { minorUnit, toMilli, toMilliOrNull } from './money.ts';

/**
 * Table bill payments (operations-platform §2.1 tablebill/live-payments and
 * tablebill/transactions, §6 TableBillPayments, §7.4 receiveTableBillPaymentUpdate, §7.5).
 * A table in 'Open a Tab' mode (§4.4) collects pay-later orders; its *table bill* is the
 * accepted ones not paid yet, which the customer pays online from the table's QR page. Each
 * payment is a *table bill transaction* the owner watches live and may refund.
 */
export const TABLE_BILL_LIMITS = {
  /** A tab holds the pay-later orders placed at the table in the past 12 hours. */
  openTabHours: 12,
  /** The live feed: the payments of the past 24 hours, at most 50. */
  feedHours: 24,
  feedMax: 50,
  pageSize: 25,
  pageSizeMax: 100,
  /** The transactions page spans at most a year. */
  rangeDaysMax: 366,
  minDate: '2020-01-01',
} as const;

const L = TABLE_BILL_LIMITS;

/**
 * The orders a tab holds: pay-later cart tickets accepted by staff (InProgress, Completed);
 * orders not accepted yet wait outside it, rejected and cancelled ones never enter it.
 */
export const TABLE_BILL_STATUSES = ['InProgress', 'Completed'] as const satisfies readonly [
  TicketStatus,
  ...TicketStatus[],
];

/** A table bill is paid with an online method, through the payment provider. */
export const TableBillPaymentMethod = PaymentMethodType.extract(
  ONLINE_PAYMENT_METHODS as ['CREDIT_CARD_ONLINE', 'APPLE_PAY', 'GOOGLE_PAY'],
);
export type TableBillPaymentMethod = z.infer<typeof TableBillPaymentMethod>;

export const TableBillTransactionStatus = z.enum(['PAID', 'PARTIALLY_REFUNDED', 'REFUNDED']);
export type TableBillTransactionStatus = z.infer<typeof TableBillTransactionStatus>;

/** What a transaction's status is once `refunded` of `amount` has gone back. */
export const transactionStatusOf = (
  amountMilli: bigint,
  refundedMilli: bigint,
): TableBillTransactionStatus =>
  refundedMilli <= 0n ? 'PAID' : refundedMilli >= amountMilli ? 'REFUNDED' : 'PARTIALLY_REFUNDED';

/**
 * Whether an amount is a whole number of the currency's minor unit (JOD 0.001, EUR 0.01),
 * exactly: its decimal text, as JSON sent it, in thousandths (no float tolerance).
 */
export function fitsMinorUnit(amount: number, currency: Currency): boolean {
  const milli = toMilliOrNull(amount);
  return milli !== null && milli % minorUnit(currency) === 0n;
}

/** A refund is PENDING from when it is asked until the gateway's answer is known. */
export const TableBillRefundStatus = z.enum(['PENDING', 'SUCCEEDED']);
export type TableBillRefundStatus = z.infer<typeof TableBillRefundStatus>;

export const TableBillRefund = z.object({
  id: Uuid,
  amount: Amount,
  /** PENDING: asked, with no answer from the gateway yet (it may have been made). */
  status: TableBillRefundStatus,
  /** When it was refunded (ISO 8601, UTC). */
  at: z.string(),
  /** The staff member who refunded it. */
  by: z.string().nullable(),
});
export type TableBillRefund = z.infer<typeof TableBillRefund>;

/** One payment of a table bill, as the owner's screens show it. */
export const TableBillTransaction = z.object({
  /** The id the refund call names (§7.5 tableBillTransactionId). */
  tableBillTransactionId: Uuid,
  tenantId: Uuid,
  branchId: Uuid,
  branchName: LocalizedText,
  serviceAreaId: Uuid.nullable(),
  /** The table as printed on the tickets: "Table 12". */
  serviceArea: z.string(),
  /** The orders the payment settled. */
  ticketNumbers: z.array(z.number().int()),
  amount: Amount,
  refundedAmount: Amount,
  currency: Currency,
  status: TableBillTransactionStatus,
  paymentMethodType: TableBillPaymentMethod,
  cardScheme: z.string().nullable(),
  maskedValue: z.string().nullable(),
  /** The payment provider's id of the payment. */
  paymentReference: z.string(),
  /** When it was paid (ISO 8601, UTC). */
  paidAt: z.string(),
  /** Oldest first. */
  refunds: z.array(TableBillRefund),
});
export type TableBillTransaction = z.infer<typeof TableBillTransaction>;

/** Why a range of the transactions page is refused, and on which field. */
export type DateRangeProblem = {
  field: 'dateFrom' | 'dateTo';
  code: 'date_min' | 'date_before_start' | 'range_too_long';
};

/**
 * THE rule of a transactions range, from `fromMs` (included) to `toMs` (excluded): not before
 * TABLE_BILL_LIMITS.minDate (in any zone), ending after it starts, at most rangeDaysMax days and
 * one more (a last day in a zone an hour away, a day of clock change). The server's query and
 * the admin's date pickers (their days as the instants it sends) both ask it.
 */
export function dateRangeProblem(fromMs: number, toMs: number): DateRangeProblem | null {
  if (fromMs < Date.parse(`${L.minDate}T00:00:00Z`) - 14 * 3_600_000)
    return { field: 'dateFrom', code: 'date_min' };
  if (toMs <= fromMs) return { field: 'dateTo', code: 'date_before_start' };
  if (toMs - fromMs > (L.rangeDaysMax + 1) * 86_400_000)
    return { field: 'dateTo', code: 'range_too_long' };
  return null;
}

/**
 * THE rule of a partial refund's amount, in exact thousandths: above 0 (`min`), a whole number
 * of the currency's minor unit and not rounding to nothing (`amount_invalid`), at most what is
 * left of the payment (`refund_exceeds_paid`). The server's refund and the admin's dialog ask it.
 */
export function refundAmountProblem(
  amount: number,
  remainingMilli: bigint,
  currency: Currency,
): 'min' | 'amount_invalid' | 'refund_exceeds_paid' | null {
  if (!(amount > 0)) return 'min';
  if (!fitsMinorUnit(amount, currency)) return 'amount_invalid';
  const milli = toMilli(amount.toFixed(3));
  if (milli <= 0n) return 'amount_invalid';
  if (milli > remainingMilli) return 'refund_exceeds_paid';
  return null;
}

/** An instant with its offset, as `toISOString()` writes it or with +03:00. */

/**
 * GET …/tablebillpayment/transactions: payments from `dateFrom` (included) to `dateTo`
 * (excluded), a page at a time. Field codes: `date_invalid`, `date_min`, `date_before_start`,
 * `range_too_long`.
 */
export const TableBillTransactionsQuery = z
  .object({
    dateFrom: Instant,
    dateTo: Instant,
    branchId: Uuid.optional(),
    page: z.coerce.number().int().min(0).max(1_000_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(L.pageSizeMax).default(L.pageSize),
  })
  .superRefine((q, ctx) => {
    const problem = dateRangeProblem(Date.parse(q.dateFrom), Date.parse(q.dateTo));
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.code });
  })
  .meta({
    examples: [
      { dateFrom: '2026-11-01T00:00:00+03:00', dateTo: '2026-11-08T00:00:00+03:00' },
      { dateFrom: '2026-10-31T22:00:00.000Z', dateTo: '2026-11-30T22:00:00.000Z', page: 1 },
    ],
  });
export type TableBillTransactionsQuery = z.infer<typeof TableBillTransactionsQuery>;

export const TableBillTotals = z.object({
  count: z.number().int(),
  /** Per currency: what was paid and what went back. */
  amounts: z.array(z.object({ currency: Currency, paid: Amount, refunded: Amount })),
});
export type TableBillTotals = z.infer<typeof TableBillTotals>;

export const TableBillTransactionsResponse = z.object({
  results: z.array(TableBillTransaction),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: TableBillTotals,
});
export type TableBillTransactionsResponse = z.infer<typeof TableBillTransactionsResponse>;

/**
 * PATCH …/tablebillpayment/refund (§7.5 tableBillTransactionId). Without `amount` the whole
 * remainder goes back; with it, that part (partial refunds add up to at most what was paid).
 */
export const TableBillRefundBody = z.object({
  tableBillTransactionId: Uuid,
  amount: z.number().positive({ message: 'min' }).max(1_000_000, { message: 'max' }).optional(),
});
export type TableBillRefundBody = z.infer<typeof TableBillRefundBody>;

/** The hub's receiveTableBillPaymentUpdate (§7.4): ids and amounts, never card or customer data. */
export const TableBillPaymentUpdate = z.object({
  change: z.enum(['paid', 'refunded']),
  tenantId: Uuid,
  branchId: Uuid,
  tableBillTransactionId: Uuid,
  status: TableBillTransactionStatus,
  amount: Amount,
  refundedAmount: Amount,
  currency: Currency,
  at: z.string(),
});
export type TableBillPaymentUpdate = z.infer<typeof TableBillPaymentUpdate>;

// ---------------------------------------------------------------------------------------------
// The customer's side: a table's bill and its payment (the storefront's table page).

export const PublicTableBillOrder = z.object({
  ticketId: Uuid,
  ticketNumber: z.number().int(),
  timestamp: z.string(),
  total: Amount,
  lines: z.array(
    z.object({ localizedTitle: LocalizedText, quantity: z.number().int(), total: Amount }),
  ),
});

export const PublicTableBill = z.object({
  tenantId: Uuid,
  branchId: Uuid,
  serviceAreaId: Uuid,
  serviceArea: z.string(),
  currency: Currency,
  /** The accepted pay-later orders not paid yet, oldest first. */
  orders: z.array(PublicTableBillOrder),
  amountDue: Amount,
  /** Pay-later orders placed here that staff have not accepted yet (paid once accepted). */
  awaitingAcceptance: z.number().int(),
  /** The methods the bill can be paid with now; empty without a payment provider. */
  paymentMethods: z.array(TableBillPaymentMethod),
});
export type PublicTableBill = z.infer<typeof PublicTableBill>;

export const PayTableBillBody = z.object({
  /** The amount due the customer saw: a bill that changed meanwhile is not charged. */
  amount: z.number().positive({ message: 'min' }).max(1_000_000, { message: 'max' }),
  paymentMethodType: TableBillPaymentMethod.default('CREDIT_CARD_ONLINE'),
  paymentToken: Text.trim().min(1).max(200),
});
export type PayTableBillBody = z.infer<typeof PayTableBillBody>;

/** The customer's receipt of a table bill payment. */
export const TableBillReceipt = z.object({
  tableBillTransactionId: Uuid,
  amount: Amount,
  currency: Currency,
  ticketNumbers: z.array(z.number().int()),
  cardScheme: z.string().nullable(),
  maskedValue: z.string().nullable(),
  paidAt: z.string(),
});
export type TableBillReceipt = z.infer<typeof TableBillReceipt>;

const route = routesOf('table-bills');
const PUBLIC_BILL = `${PUBLIC_TENANT_PATH}/serviceareas/:serviceAreaId/tablebill`;
const access = { permission: 'TableBillPayments' } as const;
const BillParams = z.object({ tenantId: Uuid, serviceAreaId: Uuid });

/** §7.5 and the storefront's two calls that make the payments. */
export const tableBillsRoutes = {
  paymentsFeed: route({
    method: 'GET',
    path: `${TENANT_PATH}/tablebillpayment/paymentsfeed`,
    access,
    summary: 'The live feed: table bill payments of the past 24 hours, newest first',
    description: `At most ${L.feedMax}. The hub's receiveTableBillPaymentUpdate says when to read it again.`,
    params: TenantParams,
    results: z.array(TableBillTransaction),
  }),
  transactions: route({
    method: 'GET',
    path: `${TENANT_PATH}/tablebillpayment/transactions`,
    access,
    summary: 'Table bill payments from dateFrom to dateTo (ISO 8601), a page at a time',
    description:
      'Newest first; `dateTo` is excluded. `totals` count every payment of the range and add up what was paid and refunded per currency.',
    params: TenantParams,
    query: TableBillTransactionsQuery,
    response: TableBillTransactionsResponse,
  }),
  refund: route({
    method: 'PATCH',
    path: `${TENANT_PATH}/tablebillpayment/refund`,
    access,
    summary: 'Refund a table bill payment, wholly or in part, through the payment provider',
    description: [
      'Without `amount` the rest of the payment goes back. 409 `already_refunded` when nothing',
      'is left to refund, `refund_in_progress` while another refund of it is under way; 422',
      '`refund_exceeds_paid` (field `amount`) above what is left, `amount_invalid` for an',
      'amount finer than the currency’s minor unit; 503 `payment_provider_unavailable` when the',
      'provider did not refund (nothing changed).',
    ].join('\n'),
    params: TenantParams,
    body: TableBillRefundBody,
    results: TableBillTransaction,
    conflicts: ['already_refunded', 'refund_in_progress'],
  }),
  publicBill: route({
    method: 'GET',
    path: PUBLIC_BILL,
    access: { public: true },
    summary: "A table's open bill: its accepted pay-later orders not paid yet",
    description: '404 for a service area that is not one of the tenant’s dine-in tables.',
    params: BillParams,
    results: PublicTableBill,
  }),
  payBill: route({
    method: 'POST',
    path: `${PUBLIC_BILL}/payments`,
    access: { public: true },
    summary: "Pay a table's bill online through the payment provider",
    description: [
      '`amount` is the amount due the customer saw; a bill that changed since answers 409',
      '`table_bill_changed` (nothing is charged), and one with nothing to pay 409',
      '`nothing_to_pay`. A retry with the same `Idempotency-Key` answers the first payment',
      '(200). 422 `payment_declined` (field `paymentToken`), `payment_method_not_accepted`',
      '(field `paymentMethodType`, no payment provider is set up); 503',
      '`payment_provider_unavailable` when the provider cannot be reached (nothing charged).',
    ].join('\n'),
    params: BillParams,
    headers: z.looseObject({ 'idempotency-key': IdempotencyKey.optional() }),
    body: PayTableBillBody,
    results: TableBillReceipt,
    status: 201,
    alsoAnswers: [200],
    conflicts: ['table_bill_changed', 'nothing_to_pay', 'idempotency_key_reused'],
  }),
};
