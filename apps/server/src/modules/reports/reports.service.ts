import { PassThrough, type Readable } from 'node:stream';
import {
  REPORT_LIMITS,
  fromMilli,
  localize,
  ORDER_BUCKETS,
  orderBucketOf,
  toMilli,
  type OrderBucket,
  type TicketStatus,
  reportPaymentMethodType,
  type CartTicketsExportBody,
  type CartTicketsReportBody,
  type CartTicketsReportResponse,
  type Currency,
  type DeliveryZoneListItem,
  type ReportFilter,
  type ReportRow,
  type ReportTotals,
  wallClock,
} from '@app/contracts';
import { databaseErrorSummary } from '../../db/errors.ts';
import { ValidationFailed } from '../../errors.ts';
import { REPORT_LABELS, type ReportLabels } from './report-labels.ts';
import { StreamedSheet, type CellValue, type WorkbookSpec } from './report-workbook.ts';
import type {
  ExportRow,
  ReportQuery,
  ReportRowRecord,
  ReportsRepository,
} from './reports.repository.ts';

/** Rows written between two looks at whether the zip and the reader keep up. */
export const DRAIN_EVERY = 250;

export type ReportFile = { fileName: string; stream: Readable };

// PostgreSQL's "time zone not recognized": a zone the browser knows and the database does not.
const INVALID_PARAMETER = '22023';

async function orTimeZoneError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (databaseErrorSummary(err)?.code === INVALID_PARAMETER)
      throw new ValidationFailed('timezone', ['timezone_invalid']);
    throw err;
  }
}

const toRow = (r: ReportRowRecord): ReportRow => ({
  id: r.id,
  tenantId: r.tenant_id,
  ticketNumber: Number(r.ticket_number),
  status: r.status,
  firstName: r.first_name,
  lastName: r.last_name,
  reservationLastName: r.reservation_last_name,
  phoneNumber: r.phone_number,
  paymentMethod: r.payment_method,
  type: r.type,
  total: Number(r.total),
  currency: r.currency,
  branchId: r.branch_id,
  branchName: r.branch_name,
  branchTimeZone: r.branch_time_zone,
  deliveryZone: r.delivery_zone,
  serviceArea: r.service_area,
  timestamp: r.timestamp,
});

/** The calendar day and the time of `at` on the clocks of `timeZone`. */
function localNow(at: Date, timeZone: string) {
  const c = wallClock(at, timeZone);
  const date = `${c.year}-${c.month}-${c.day}`;
  return { date, dateTime: `${date} ${c.hour}:${c.minute}` };
}

/** The report's columns, in order; the date is the second, the amount the one before last. */
const COLUMNS = [
  ['ticketNumber', 12],
  ['timestamp', 17],
  ['status', 14],
  ['type', 12],
  ['firstName', 16],
  ['lastName', 16],
  ['reservationLastName', 18],
  ['phoneNumber', 16],
  ['paymentMethod', 16],
  ['branch', 20],
  ['deliveryZone', 18],
  ['serviceArea', 14],
  ['total', 12],
  ['currency', 9],
] as const satisfies readonly (readonly [keyof ReportLabels['columns'], number])[];
const DATE_COLUMN = 1;
const AMOUNT_COLUMN = 12;

/** The sheet of the export in `lang`, under the lines of `heading`. */
export const sheetSpec = (
  labels: ReportLabels,
  lang: CartTicketsExportBody['lang'],
  heading: [string, string?][],
): WorkbookSpec => ({
  sheetName: labels.sheet,
  rightToLeft: lang === 'ar',
  heading,
  columns: COLUMNS.map(([key, width]) => ({ header: labels.columns[key], width })),
  amountColumn: AMOUNT_COLUMN,
  dateColumn: DATE_COLUMN,
});

/** An exported row's cells, in the order of COLUMNS, texts in the labels' language. */
export const exportCells =
  (labels: ReportLabels, branchName: Map<string, string>) =>
  (r: ExportRow): CellValue[] => [
    Number(r[0]),
    r[13],
    labels.status[r[1]],
    labels.type[r[7]],
    r[2],
    r[3],
    r[4],
    r[5],
    labels.payment[r[6]],
    branchName.get(r[10]) ?? '',
    r[11],
    r[12],
    Number(r[8]),
    r[9],
  ];

export function createReportsService({
  repository,
  clock,
}: {
  repository: ReportsRepository;
  clock: () => Date;
}) {
  /** The lines above the table, naming every part of the filter. */
  async function heading(
    tenantId: string,
    f: ReportFilter,
    labels: ReportLabels,
    lang: CartTicketsExportBody['lang'],
  ): Promise<[string, string?][]> {
    const listed = (values: readonly string[]) =>
      values.length > 0 ? values.join(', ') : labels.all;
    const [branches, zones] = await Promise.all([
      f.branchIds.length > 0 ? repository.branchNames(tenantId) : [],
      f.deliveryZoneIds.length > 0 ? repository.zones(tenantId) : [],
    ]);
    const branchName = new Map(branches.map((b) => [b.id, localize(b.name, lang)]));
    const zoneName = new Map(zones.map((z) => [z.id, localize(z.localizedTitle, lang)]));
    const known = (ids: readonly string[], names: Map<string, string>) =>
      ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : []));
    const start = f.startDate ?? REPORT_LIMITS.minDate;
    const lines: [string, string?][] = [
      [labels.title],
      [labels.dates, f.endDate ? `${start} – ${f.endDate}` : `${labels.from} ${start}`],
      [labels.timeZone, f.timezone],
    ];
    if (f.ticketNumber) lines.push([labels.ticketNumber, f.ticketNumber]);
    if (f.phoneNumber) lines.push([labels.phoneNumber, f.phoneNumber]);
    lines.push(
      [labels.statuses, listed(f.statuses.map((s) => labels.status[s]))],
      [labels.checkoutFlows, listed(f.checkoutFlows.map((c) => labels.type[c]))],
      [
        labels.paymentMethods,
        listed(f.paymentMethods.map((m) => labels.payment[reportPaymentMethodType(m)])),
      ],
      [labels.branches, listed(known(f.branchIds, branchName))],
      [labels.deliveryZones, listed(known(f.deliveryZoneIds, zoneName))],
    );
    if (f.serviceArea) lines.push([labels.serviceArea, f.serviceArea]);
    lines.push([labels.exportedAt, localNow(clock(), f.timezone).dateTime]);
    return lines;
  }

  return {
    async cartTickets(
      tenantId: string,
      body: CartTicketsReportBody,
    ): Promise<CartTicketsReportResponse> {
      const q: ReportQuery = { ...body, tenantId };
      const [rows, sums] = await orTimeZoneError(() =>
        Promise.all([repository.page(q, body.page, body.pageSize), repository.totals(q)]),
      );
      return {
        results: rows.map(toRow),
        page: body.page,
        pageSize: body.pageSize,
        totals: reportTotalsOf(sums),
      };
    },

    /**
     * The filter's tickets as an .xlsx, newest first, streamed batch by batch. The totals at
     * the bottom add up the rows written, so the file always agrees with itself.
     */
    async exportCartTickets(tenantId: string, body: CartTicketsExportBody): Promise<ReportFile> {
      const q: ReportQuery = { ...body, tenantId };
      const { lang } = body;
      const labels = REPORT_LABELS[lang];
      const [lines, branches] = await Promise.all([
        heading(tenantId, body, labels, lang),
        repository.branchNames(tenantId),
      ]);
      const branchName = new Map(branches.map((b) => [b.id, localize(b.name, lang)]));
      const output = new PassThrough();
      const sheet = new StreamedSheet(output, sheetSpec(labels, lang, lines));
      const cells = exportCells(labels, branchName);

      let count = 0;
      // The footer adds up the rows written, by the same definitions as the screen's totals.
      const tally = reportTally();
      let started: () => void = () => undefined;
      const firstRow = new Promise<void>((resolve) => (started = resolve));
      const reading = repository.exportRows(q, lang, branches, (r) => {
        // The reader went away: stop reading the database for nobody.
        if (output.destroyed) throw new Error('export reader gone');
        started();
        sheet.addRow(cells(r), r[9]);
        const milli = Math.round(Number(r[8]) * 1000);
        tally.addStatus(r[9], r[1], 1, milli);
        if (r[14]) tally.addRefunded(r[9], 1, milli);
        return ++count % DRAIN_EVERY === 0 && sheet.needsDrain() ? sheet.drained() : undefined;
      });
      // Answer once the rows come (or there are none): a failing query answers an error, not a
      // cut file.
      try {
        await orTimeZoneError(() => Promise.race([firstRow, reading]));
      } catch (err) {
        output.destroy();
        throw err;
      }
      const finish = async () => {
        await reading;
        sheet.addBlankRow();
        const totals = tally.totals();
        sheet.addTotal(labels.count, totals.count);
        for (const a of totals.amounts)
          for (const bucket of [...ORDER_BUCKETS, 'refunded'] as const)
            sheet.addTotal(
              `${labels.totals[bucket]} (${a[bucket].count})`,
              a[bucket].total,
              a.currency,
            );
        await sheet.finish();
      };
      finish().catch((err: unknown) => output.destroy(err as Error));

      const start = body.startDate ?? REPORT_LIMITS.minDate;
      const end = body.endDate ?? localNow(clock(), body.timezone).date;
      return { fileName: `orders-report_${start}_${end}.xlsx`, stream: output };
    },

    async deliveryZones(tenantId: string): Promise<DeliveryZoneListItem[]> {
      return repository.zones(tenantId);
    },
  };
}

type Bucket = OrderBucket | 'refunded';
type Sums = Record<Bucket, { count: number; milli: number }>;

/**
 * The report's totals added up by currency and by what each ticket counts as (order-buckets.ts),
 * in integer thousandths: exact in a float64 up to 2^53 (9 × 10^12 of a currency), and cheap
 * enough to add every exported row.
 */
export function reportTally() {
  const byCurrency = new Map<Currency, Sums>();
  let count = 0;
  const sumsOf = (currency: Currency) => {
    let sums = byCurrency.get(currency);
    if (!sums) {
      sums = {
        sales: { count: 0, milli: 0 },
        awaiting: { count: 0, milli: 0 },
        cancelled: { count: 0, milli: 0 },
        refunded: { count: 0, milli: 0 },
      };
      byCurrency.set(currency, sums);
    }
    return sums;
  };
  const add = (currency: Currency, bucket: Bucket, n: number, milli: number) => {
    const sum = sumsOf(currency)[bucket];
    sum.count += n;
    sum.milli += milli;
  };
  const sum = (s: { count: number; milli: number }) => ({
    count: s.count,
    total: Number(fromMilli(BigInt(s.milli))),
  });
  return {
    /** `n` tickets of one status adding up to `milli`. */
    addStatus(currency: Currency, status: TicketStatus, n: number, milli: number) {
      count += n;
      add(currency, orderBucketOf(status), n, milli);
    },
    /** `n` cancelled tickets among those already added whose money went back. */
    addRefunded(currency: Currency, n: number, milli: number) {
      add(currency, 'refunded', n, milli);
    },
    totals(): ReportTotals {
      return {
        count,
        amounts: [...byCurrency]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([currency, s]) => ({
            currency,
            sales: sum(s.sales),
            awaiting: sum(s.awaiting),
            cancelled: sum(s.cancelled),
            refunded: sum(s.refunded),
          })),
      };
    },
  };
}

/** The totals of the page's footer from the repository's sums. */
function reportTotalsOf(sums: Awaited<ReturnType<ReportsRepository['totals']>>): ReportTotals {
  const tally = reportTally();
  for (const s of sums.byStatus)
    tally.addStatus(s.currency, s.status, Number(s.count), Number(toMilli(s.total)));
  for (const s of sums.refunded)
    tally.addRefunded(s.currency, Number(s.count), Number(toMilli(s.total)));
  return tally.totals();
}

export type ReportsService = ReturnType<typeof createReportsService>;
