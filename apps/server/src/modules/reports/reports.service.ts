import { PassThrough, type Readable } from 'node:stream';
import {
  REPORT_LIMITS,
  fromMilli,
  localize,
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
      const totals: ReportTotals = {
        count: sums.reduce((n, s) => n + Number(s.count), 0),
        amounts: sums.map((s) => ({ currency: s.currency, total: Number(s.total) })),
      };
      return { results: rows.map(toRow), page: body.page, pageSize: body.pageSize, totals };
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
      // Integer thousandths in a float64: exact up to 2^53 (9 × 10^12 of a currency), and a
      // tenth of the cost of a regular expression and two BigInts for every row.
      const sums = new Map<Currency, number>();
      let started: () => void = () => undefined;
      const firstRow = new Promise<void>((resolve) => (started = resolve));
      const reading = repository.exportRows(q, lang, (r) => {
        // The reader went away: stop reading the database for nobody.
        if (output.destroyed) throw new Error('export reader gone');
        started();
        sheet.addRow(cells(r), r[9]);
        sums.set(r[9], (sums.get(r[9]) ?? 0) + Math.round(Number(r[8]) * 1000));
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
        sheet.addTotal(labels.count, count);
        for (const [currency, milli] of [...sums].sort(([a], [b]) => a.localeCompare(b)))
          sheet.addTotal(labels.total, Number(fromMilli(BigInt(milli))), currency);
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

export type ReportsService = ReturnType<typeof createReportsService>;
