import { z } from 'zod';
import { Currency, Language, LocalizedText, TenantParams, Text, Uuid } from './common.ts';
import { routesOf, TENANT_PATH } from './http.ts';
import { PaymentMethodType } from './branch-basics.ts';
import { Amount, OrderingTemplate, TicketStatus } from './tickets.ts';

/**
 * The orders report (operations-platform §2.6, §3 report filter and row, §5.2, §7.1, §9): cart
 * tickets of one tenant by a filter, a page at a time with totals over the whole filter, and
 * the same rows as an .xlsx file.
 */
export const REPORT_LIMITS = {
  /** §9: the screen's paginator shows 10 rows a page. */
  pageSize: 10,
  pageSizeMax: 100,
  /** §5.2, §9: no date before this one. */
  minDate: '2020-01-01',
  ticketNumberMaxDigits: 15,
  phoneMax: 20,
  serviceAreaMax: 100,
  idsMax: 200,
} as const;

/** §3: the statuses the filter offers; UnVerified also finds New (both not yet accepted, §4.1). */
export const ReportStatus = TicketStatus.extract([
  'UnVerified',
  'InProgress',
  'Completed',
  'Cancelled',
]);
export type ReportStatus = z.infer<typeof ReportStatus>;

type LowerPaymentMethod = Lowercase<PaymentMethodType>;
const lowerPaymentMethods = PaymentMethodType.options.map((m) => m.toLowerCase()) as [
  LowerPaymentMethod,
  ...LowerPaymentMethod[],
];

/** §3: the payment method types (branch-basics) in the lowercase form the filter sends. */
export const ReportPaymentMethod = z.enum(lowerPaymentMethods);
export type ReportPaymentMethod = z.infer<typeof ReportPaymentMethod>;

export const reportPaymentMethodType = (m: ReportPaymentMethod): PaymentMethodType =>
  m.toUpperCase() as PaymentMethodType;

export const ExportFormat = z.enum(['excel']);
export type ExportFormat = z.infer<typeof ExportFormat>;

const isCalendarDate = (v: string) => {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

/** A calendar day (YYYY-MM-DD) in the filter's time zone. */
export const ReportDate = Text.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date_invalid' }).refine(
  isCalendarDate,
  { message: 'date_invalid' },
);

export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** An IANA time zone name (Asia/Amman); the days of the filter are days of this zone. */
export const TimeZone = Text.min(1)
  .max(64)
  .refine((v) => v === 'UTC' || /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(v), {
    message: 'timezone_invalid',
  })
  .refine(isTimeZone, { message: 'timezone_invalid' });

const L = REPORT_LIMITS;

/**
 * §3 Orders report filter. Every part narrows the rows; an empty list means any. Without dates
 * the whole history from 2020-01-01 is searched (a search by order number or phone).
 * Field codes: `pattern` and `min` (ticketNumber: digits, at least 1), `pattern` (phoneNumber:
 * digits and +), `date_invalid`, `date_min` (before 2020-01-01), `date_before_start` (endDate),
 * `timezone_invalid`.
 */
const filterShape = {
  ticketNumber: Text.trim()
    .min(1)
    .max(L.ticketNumberMaxDigits)
    .regex(/^\d+$/)
    .refine((v) => !/^0+$/.test(v), { message: 'min' })
    .nullish(),
  /** Sent as text; matched against the end of the customer's number (leading 0s and + dropped). */
  phoneNumber: Text.trim()
    .min(1)
    .max(L.phoneMax)
    .regex(/^\+?\d+$/)
    .nullish(),
  statuses: z.array(ReportStatus).max(ReportStatus.options.length).default([]),
  checkoutFlows: z.array(OrderingTemplate).max(OrderingTemplate.options.length).default([]),
  startDate: ReportDate.nullish(),
  endDate: ReportDate.nullish(),
  paymentMethods: z.array(ReportPaymentMethod).max(ReportPaymentMethod.options.length).default([]),
  branchIds: z.array(Uuid).max(L.idsMax).default([]),
  deliveryZoneIds: z.array(Uuid).max(L.idsMax).default([]),
  /** A table, room or sunbed: its value ("12") or its full name ("Table 12"), any case. */
  serviceArea: Text.trim().max(L.serviceAreaMax).nullish(),
  /** The user's time zone: the dates are its days. */
  timezone: TimeZone.default('UTC'),
};

type FilterFields = {
  startDate?: string | null;
  endDate?: string | null;
};

function checkDates(f: FilterFields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (f.startDate && f.startDate < L.minDate) issue('startDate', 'date_min');
  if (f.endDate && f.endDate < L.minDate) issue('endDate', 'date_min');
  else if (f.startDate && f.endDate && f.endDate < f.startDate)
    issue('endDate', 'date_before_start');
}

export const ReportFilter = z.object(filterShape).superRefine(checkDates);
export type ReportFilter = z.infer<typeof ReportFilter>;
export type ReportFilterInput = z.input<typeof ReportFilter>;

/** POST .../reports/carttickets: the filter and the page wanted (0 first). */
export const CartTicketsReportBody = z
  .object({
    ...filterShape,
    page: z.number().int().min(0).max(1_000_000).default(0),
    pageSize: z.number().int().min(1).max(L.pageSizeMax).default(L.pageSize),
  })
  .superRefine(checkDates);
export type CartTicketsReportBody = z.infer<typeof CartTicketsReportBody>;

/** POST .../reports/carttickets/export: the filter; labels in `lang`. */
export const CartTicketsExportBody = z
  .object({
    ...filterShape,
    exportFormat: ExportFormat.default('excel'),
    lang: Language.default('en'),
  })
  .superRefine(checkDates);
export type CartTicketsExportBody = z.infer<typeof CartTicketsExportBody>;

/** §3 Report row. */
export const ReportRow = z.object({
  id: Uuid,
  tenantId: Uuid,
  ticketNumber: z.number().int(),
  status: TicketStatus,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  reservationLastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** CASH when the ticket names none (§3). */
  paymentMethod: PaymentMethodType,
  type: OrderingTemplate,
  total: Amount,
  currency: Currency,
  branchId: Uuid,
  branchName: LocalizedText,
  /** The zone of the branch's clock: the screen shows `timestamp` on it, as the ticket does. */
  branchTimeZone: z.string(),
  deliveryZone: LocalizedText.nullable(),
  /** The table, room or sunbed as printed: "Table 12". */
  serviceArea: z.string().nullable(),
  /** When the ticket was placed (ISO 8601, UTC). */
  timestamp: z.string(),
});
export type ReportRow = z.infer<typeof ReportRow>;

/** How many tickets, and their totals added up. */
export const ReportSum = z.object({ count: z.number().int(), total: Amount });
export type ReportSum = z.infer<typeof ReportSum>;

/**
 * The footer of the whole filter: how many tickets it finds, and in each currency what they
 * add up to by what they count as (order-buckets.ts, the dashboard's definitions): sales
 * (accepted, not cancelled), awaiting acceptance, cancelled, and of the cancelled the refunded.
 */
export const ReportTotals = z.object({
  count: z.number().int(),
  amounts: z.array(
    z.object({
      currency: Currency,
      sales: ReportSum,
      awaiting: ReportSum,
      cancelled: ReportSum,
      refunded: ReportSum,
    }),
  ),
});
export type ReportTotals = z.infer<typeof ReportTotals>;

/** `results` stays the list of rows the spec reads; the page and the totals ride beside it. */
export const CartTicketsReportResponse = z.object({
  results: z.array(ReportRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: ReportTotals,
});
export type CartTicketsReportResponse = z.infer<typeof CartTicketsReportResponse>;

/** §3 Delivery zone list item. */
export const DeliveryZoneListItem = z.object({ id: Uuid, localizedTitle: LocalizedText });
export type DeliveryZoneListItem = z.infer<typeof DeliveryZoneListItem>;

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const route = routesOf('reports');
const access = { permission: 'Reports' } as const;

/** operations-platform §7.1: the report, its export and the zones its filter offers. */
export const reportsRoutes = {
  cartTickets: route({
    method: 'POST',
    path: `${TENANT_PATH}/reports/carttickets`,
    access,
    summary: 'One page of cart tickets by the report filter, with totals over the whole filter',
    description:
      'Newest first. `totals` count every ticket the filter finds and, per currency, add up their totals as sales (accepted, not cancelled), awaiting acceptance, cancelled, and refunded (cancelled orders whose online payment went back). Dates are days of `timezone`, from 2020-01-01.',
    params: TenantParams,
    body: CartTicketsReportBody,
    response: CartTicketsReportResponse,
  }),
  exportCartTickets: route({
    method: 'POST',
    path: `${TENANT_PATH}/reports/carttickets/export`,
    access,
    summary: 'Every ticket of the filter as an Excel file, streamed',
    description:
      'An .xlsx with a header naming the filter, the rows newest first and the totals per currency; the file name comes in Content-Disposition.',
    params: TenantParams,
    body: CartTicketsExportBody,
    produces: XLSX_CONTENT_TYPE,
  }),
  deliveryZones: route({
    method: 'POST',
    path: `${TENANT_PATH}/extracharges/delivery/zones`,
    access,
    summary: "The tenant's delivery zones (the report filter's choices)",
    params: TenantParams,
    body: z.object({}),
    results: z.array(DeliveryZoneListItem),
  }),
};
