import {
  ReportFilter,
  issueCode,
  type Language,
  type OrderingTemplate,
  type ReportFilterInput,
  type ReportPaymentMethod,
  type ReportStatus,
} from '@app/contracts';

export type SearchMode = 'filters' | 'ticketNumber' | 'phoneNumber';

/** What the filter form holds: texts as typed, lists as chosen. */
export interface ReportForm {
  mode: SearchMode;
  ticketNumber: string;
  phoneNumber: string;
  startDate: string;
  endDate: string;
  statuses: ReportStatus[];
  checkoutFlows: OrderingTemplate[];
  paymentMethods: ReportPaymentMethod[];
  branchIds: string[];
  deliveryZoneIds: string[];
  serviceArea: string;
}

export type FormField = 'ticketNumber' | 'phoneNumber' | 'startDate' | 'endDate';
export type FormErrors = Partial<Record<FormField | 'other', string>>;

/** The browser's time zone: the report's days are the user's days. */
export const userTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Today's date (YYYY-MM-DD) on the user's clock. */
export function today(timeZone = userTimeZone(), now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** §9: the default range is today to today. */
export function defaultForm(date = today()): ReportForm {
  return {
    mode: 'filters',
    ticketNumber: '',
    phoneNumber: '',
    startDate: date,
    endDate: date,
    statuses: [],
    checkoutFlows: [],
    paymentMethods: [],
    branchIds: [],
    deliveryZoneIds: [],
    serviceArea: '',
  };
}

/**
 * The filter a form sends. A search by order number or phone looks through the whole history
 * (no dates); a search by filters sends the dates and the chosen lists.
 */
export function filterOf(form: ReportForm, timezone = userTimeZone()): ReportFilterInput {
  if (form.mode === 'ticketNumber') return { ticketNumber: form.ticketNumber.trim(), timezone };
  if (form.mode === 'phoneNumber') return { phoneNumber: form.phoneNumber.trim(), timezone };
  return {
    startDate: form.startDate,
    endDate: form.endDate,
    statuses: form.statuses,
    checkoutFlows: form.checkoutFlows,
    paymentMethods: form.paymentMethods,
    branchIds: form.branchIds,
    deliveryZoneIds: form.deliveryZoneIds,
    serviceArea: form.serviceArea.trim() || null,
    timezone,
  };
}

const FORM_FIELDS: readonly string[] = ['ticketNumber', 'phoneNumber', 'startDate', 'endDate'];

/**
 * The codes of a form's broken rules, by field: the contract's own filter rules (the ones the
 * server applies), plus what each search mode requires.
 */
export function validateForm(form: ReportForm): Partial<Record<FormField | 'other', string>> {
  const codes: Partial<Record<FormField | 'other', string>> = {};
  if (form.mode === 'ticketNumber' && !form.ticketNumber.trim()) codes.ticketNumber = 'required';
  if (form.mode === 'phoneNumber' && !form.phoneNumber.trim()) codes.phoneNumber = 'required';
  if (form.mode === 'filters') {
    if (!form.startDate) codes.startDate = 'date_invalid';
    if (!form.endDate) codes.endDate = 'date_invalid';
  }
  if (Object.keys(codes).length > 0) return codes;
  const parsed = ReportFilter.safeParse(filterOf(form));
  if (parsed.success) return {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    const key = (FORM_FIELDS.includes(field) ? field : 'other') as FormField | 'other';
    codes[key] ??= issueCode(issue);
  }
  return codes;
}

/** Date and time on the user's clock; §9 names en-GB for dates. */
export function formatDateTime(iso: string, lang: Language, timeZone = userTimeZone()): string {
  const locale = lang === 'en' ? 'en-GB' : lang;
  return new Intl.DateTimeFormat(`${locale}-u-nu-latn`, {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** "1.2 MB" for the export's progress. */
export function formatBytes(bytes: number, lang: Language): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const number = new Intl.NumberFormat(`${lang}-u-nu-latn`, {
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
  return `${number} ${units[unit]}`;
}
