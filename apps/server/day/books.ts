// The books at the end of a simulated day: the simulator's own ledger against what the product
// says (its tickets, the orders report and its Excel export, the dashboard, the discount's
// uses) and what the card gateway holds.
import ExcelJS from 'exceljs';
import { minorUnit, type Currency, type TicketStatus } from '@app/contracts';
import { REPORT_LABELS } from '../src/modules/reports/report-labels.ts';
import type { BillPayment, LedgerOrder } from './customers.ts';

/** Minor units (3 decimals, as JOD): sums compared exactly, without float drift. */
export const minor = (amount: number) => Math.round(amount * 1000);

/** The statuses an order's money counts under (order-buckets.ts's definitions). */
export function bucketOf(status: string | undefined): 'sales' | 'awaiting' | 'cancelled' {
  if (status === 'InProgress' || status === 'Completed') return 'sales';
  if (status === 'Cancelled') return 'cancelled';
  return 'awaiting';
}

export type Sums = { count: number; total: number };
export type Buckets = Record<'sales' | 'awaiting' | 'cancelled', Sums>;
const emptyBuckets = (): Buckets => ({
  sales: { count: 0, total: 0 },
  awaiting: { count: 0, total: 0 },
  cancelled: { count: 0, total: 0 },
});

/** The ledger's acknowledged orders by bucket (totals in minor units). */
export function ledgerBuckets(
  orders: LedgerOrder[],
  filter: (o: LedgerOrder) => boolean = () => true,
) {
  const b = emptyBuckets();
  for (const o of orders) {
    if (o.outcome !== 'acknowledged' || !filter(o)) continue;
    const s = b[bucketOf(o.status)];
    s.count++;
    s.total += minor(o.total ?? 0);
  }
  return b;
}

/** What the product says, read before and after the day (its figures are compared as deltas). */
export type ProductFigures = {
  report: Buckets;
  reportOnline: Buckets;
  /** Today's figures; sales in minor units. */
  dashboard: { orders: number; sales: number; awaiting: number; cancelled: number };
  discountUses: number;
  automaticUses: number;
};

export function delta(after: ProductFigures, before: ProductFigures): ProductFigures {
  const minus = (a: Buckets, b: Buckets): Buckets => ({
    sales: { count: a.sales.count - b.sales.count, total: a.sales.total - b.sales.total },
    awaiting: {
      count: a.awaiting.count - b.awaiting.count,
      total: a.awaiting.total - b.awaiting.total,
    },
    cancelled: {
      count: a.cancelled.count - b.cancelled.count,
      total: a.cancelled.total - b.cancelled.total,
    },
  });
  return {
    report: minus(after.report, before.report),
    reportOnline: minus(after.reportOnline, before.reportOnline),
    dashboard: {
      orders: after.dashboard.orders - before.dashboard.orders,
      sales: after.dashboard.sales - before.dashboard.sales,
      awaiting: after.dashboard.awaiting - before.dashboard.awaiting,
      cancelled: after.dashboard.cancelled - before.dashboard.cancelled,
    },
    discountUses: after.discountUses - before.discountUses,
    automaticUses: after.automaticUses - before.automaticUses,
  };
}

/** One row of an exported report, read back: number, status label, total. */
export type ExportRow = { number: number; status: string; total: number };

/** The data rows of the report's Excel export (the table under its header row). */
export async function exportRows(xlsx: Buffer): Promise<ExportRow[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(new Uint8Array(xlsx).buffer);
  const ws = wb.worksheets[0]!;
  const labels = REPORT_LABELS.en.columns;
  let columns: { number: number; status: number; total: number } | null = null;
  const rows: ExportRow[] = [];
  ws.eachRow((row) => {
    const values = row.values as unknown[];
    if (!columns) {
      if (values[1] === labels.ticketNumber)
        columns = {
          number: 1,
          status: values.indexOf(labels.status),
          total: values.indexOf(labels.total),
        };
      return;
    }
    const number = Number(values[columns.number]);
    if (!Number.isInteger(number) || number <= 0) return;
    rows.push({
      number,
      status: String(values[columns.status]),
      total: Number(values[columns.total]),
    });
  });
  return rows;
}

export type Stored = { id: string; key: string; status: string; total: number };
/** A payment as the gateway holds it: amounts in the currency's minor units (fils, cents). */
export type GatewayPayment = {
  capturedAmount: number;
  refundedAmount: number;
  currency: string;
  reference: string;
};

/** A gateway amount (minor units) in thousandths, as `minor` counts (contracts' `minorUnit`). */
const gatewayMilli = (amount: number, currency: string) =>
  amount * Number(minorUnit(currency.toUpperCase() as Currency));

/** A delivery as the dispatch provider holds it: whose ticket, and the cash its driver takes. */
export type ProviderDelivery = {
  reference: string;
  cashToCollect: { amount: number; currency: string } | null;
};

export type BookRow = { what: string; ledger: string; product: string; ok: boolean };

/**
 * Compares the ledger with the product, line by line: each line is what a restaurant owner
 * would check at closing. `figures` are the product's deltas over the day.
 */
export function balance(input: {
  ledger: LedgerOrder[];
  stored: Stored[];
  figures: ProductFigures;
  exported: ExportRow[];
  gateway: GatewayPayment[];
  promoCode: string;
  promoLimit: number;
  automaticCode: string;
  /** Tables' bills paid by card, from the ledger; and the product's totals of the day's. */
  bills: BillPayment[];
  billTotals: { count: number; paid: number; refunded: number };
  /** Every delivery the dispatch provider was asked for during the day. */
  deliveries: ProviderDelivery[];
}): { rows: BookRow[]; lost: number; duplicated: number; balanced: boolean } {
  const { ledger, stored, figures, exported, gateway, promoCode } = input;
  const acked = ledger.filter((o) => o.outcome === 'acknowledged');
  const byKey = new Map<string, Stored[]>();
  for (const s of stored) byKey.set(s.key, [...(byKey.get(s.key) ?? []), s]);
  const lost = acked.filter((o) => !(byKey.get(o.key) ?? []).some((s) => o.ids.has(s.id))).length;
  const duplicated =
    [...byKey.values()].filter((list) => list.length > 1).length +
    acked.filter((o) => o.ids.size > 1).length;
  const rows: BookRow[] = [];
  const row = (what: string, ledgerValue: string, productValue: string) =>
    rows.push({
      what,
      ledger: ledgerValue,
      product: productValue,
      ok: ledgerValue === productValue,
    });
  const money = (m: number) => (m / 1000).toFixed(3);
  const sums = (s: Sums) => `${s.count} · ${money(s.total)}`;

  row('orders acknowledged, stored once each', String(acked.length), String(acked.length - lost));
  const notAcked = new Set(ledger.filter((o) => o.outcome !== 'acknowledged').map((o) => o.key));
  row(
    'orders stored that the customer was told were refused',
    '0',
    String(stored.filter((s) => notAcked.has(s.key)).length),
  );
  const wrongStatus = acked.filter((o) => {
    const s = (byKey.get(o.key) ?? [])[0];
    return !s || s.status !== o.status;
  }).length;
  row(
    'orders in the status staff left them',
    String(acked.length),
    String(acked.length - wrongStatus),
  );
  const expected = ledgerBuckets(ledger);
  for (const bucket of ['sales', 'awaiting', 'cancelled'] as const)
    row(`report: ${bucket}`, sums(expected[bucket]), sums(figures.report[bucket]));
  row(
    'dashboard today: orders · sales',
    sums(expected.sales),
    `${figures.dashboard.orders} · ${money(figures.dashboard.sales)}`,
  );
  row(
    'dashboard today: awaiting · cancelled',
    `${expected.awaiting.count} · ${expected.cancelled.count}`,
    `${figures.dashboard.awaiting} · ${figures.dashboard.cancelled}`,
  );
  const numbers = new Map(acked.map((o) => [o.ticketNumber!, o]));
  const inExport = exported.filter((r) => numbers.has(r.number));
  const exportMatches = inExport.filter((r) => {
    const o = numbers.get(r.number)!;
    return (
      minor(r.total) === minor(o.total ?? 0) &&
      r.status === REPORT_LABELS.en.status[o.status as TicketStatus]
    );
  }).length;
  row(
    'Excel export read back: rows of the day, each total and status',
    `${acked.length} · ${money(acked.reduce((n, o) => n + minor(o.total ?? 0), 0))}`,
    `${exportMatches} · ${money(inExport.reduce((n, r) => n + minor(r.total), 0))}`,
  );
  const online = ledgerBuckets(ledger, (o) => o.payment === 'CARD');
  const onlineNet = online.sales.total + online.awaiting.total;
  const billsPaid = input.bills.reduce((n, b) => n + minor(b.amount), 0);
  const billsRefunded = input.bills.reduce((n, b) => n + minor(b.refunded), 0);
  row(
    "tables' bills paid by card: count · paid · refunded",
    `${input.bills.length} · ${money(billsPaid)} · ${money(billsRefunded)}`,
    `${input.billTotals.count} · ${money(input.billTotals.paid)} · ${money(input.billTotals.refunded)}`,
  );
  const captured = gateway.reduce((n, p) => n + gatewayMilli(p.capturedAmount, p.currency), 0);
  const refunded = gateway.reduce((n, p) => n + gatewayMilli(p.refundedAmount, p.currency), 0);
  const gatewayNet = captured - refunded;
  const productNet =
    figures.reportOnline.sales.total +
    figures.reportOnline.awaiting.total +
    input.billTotals.paid -
    input.billTotals.refunded;
  row(
    "card gateway: captured − refunded = online orders' net + tables' bills' net",
    money(onlineNet + billsPaid - billsRefunded),
    gatewayNet === productNet
      ? money(gatewayNet)
      : `gateway ${money(gatewayNet)}, report and bills ${money(productNet)}`,
  );
  // A cancelled order gives its use of the code back (it may then be used by another).
  const uses = acked.filter((o) => o.discountCode === promoCode && o.status !== 'Cancelled');
  row(
    `uses of the code ${promoCode} (cancelled orders give theirs back)`,
    String(uses.length),
    String(figures.discountUses),
  );
  row(
    `uses of the code ${promoCode} within its limit`,
    'yes',
    figures.discountUses <= input.promoLimit
      ? 'yes'
      : `no: ${figures.discountUses} > ${input.promoLimit}`,
  );
  const automatic = acked.filter(
    (o) => o.discountCode === input.automaticCode && o.status !== 'Cancelled',
  ).length;
  row(
    `uses of the automatic discount ${input.automaticCode}`,
    String(automatic),
    String(figures.automaticUses),
  );
  // Drivers: each request once at the provider, none nobody asked for, and the cash each
  // driver collects the order's total (nothing for an order paid by card).
  const asked = acked.filter((o) => o.driver === 'requested');
  const byTicket = new Map<string, ProviderDelivery[]>();
  for (const d of input.deliveries)
    byTicket.set(d.reference, [...(byTicket.get(d.reference) ?? []), d]);
  const askedIds = new Set(asked.map((o) => o.ticketId!));
  row(
    'drivers requested, each booked once at the provider',
    String(asked.length),
    String(asked.filter((o) => byTicket.get(o.ticketId!)?.length === 1).length),
  );
  row(
    'deliveries at the provider that staff never asked for',
    '0',
    String(input.deliveries.filter((d) => !askedIds.has(d.reference)).length),
  );
  // What every driver sent for the order collects (two drivers for one order collect twice).
  const cashOf = (o: LedgerOrder) =>
    (byTicket.get(o.ticketId!) ?? []).reduce(
      (n, d) => n + (d.cashToCollect ? minor(d.cashToCollect.amount) : 0),
      0,
    );
  const cashOrders = asked.filter((o) => o.payment === 'CASH');
  const cardOrders = asked.filter((o) => o.payment === 'CARD');
  row(
    'cash the drivers collect: cash orders · their total · card orders with none to collect',
    `${cashOrders.length} · ${money(cashOrders.reduce((n, o) => n + minor(o.total ?? 0), 0))} · ${cardOrders.length}`,
    `${cashOrders.filter((o) => cashOf(o) === minor(o.total ?? 0)).length} · ${money(cashOrders.reduce((n, o) => n + cashOf(o), 0))} · ${cardOrders.filter((o) => byTicket.has(o.ticketId!) && cashOf(o) === 0).length}`,
  );
  const balanced = lost === 0 && duplicated === 0 && rows.every((r) => r.ok);
  return { rows, lost, duplicated, balanced };
}

/**
 * Which acknowledged orders a staff screen of their branch showed, and how long after the
 * order was sent the first one did (ms), by acknowledgement time.
 */
export function seenOnScreens(
  ledger: LedgerOrder[],
  screens: { branchId: string; seen: ReadonlyMap<number, number> }[],
) {
  const latencies: [number, number][] = [];
  const unseen: LedgerOrder[] = [];
  for (const o of ledger) {
    if (o.outcome !== 'acknowledged') continue;
    const times = screens
      .filter((s) => s.branchId === o.branchId && s.seen.has(o.ticketNumber!))
      .map((s) => s.seen.get(o.ticketNumber!)!);
    if (times.length === 0) unseen.push(o);
    else latencies.push([o.ackAt!, Math.max(0, Math.min(...times) - o.sentAt!)]);
  }
  return { seen: latencies.length, unseen, latencies };
}
