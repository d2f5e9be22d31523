import {
  CURRENCY_DECIMALS,
  TABLE_BILL_LIMITS,
  dateRangeProblem,
  refundAmountProblem,
  toMilli,
  type Currency,
  type Language,
  type TableBillTransaction,
} from '@app/contracts';

const localeOf = (lang: Language) => `${lang === 'en' ? 'en-GB' : lang}-u-nu-latn`;

/** Today on the browser's clock (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The start of a local calendar day, as the instant the API takes. */
export function startOfLocalDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toISOString();
}

/** The start of the day after a local calendar day: the end (excluded) of a range ending on it. */
export function endOfLocalDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + 1).toISOString();
}

export type DateRangeError = 'date_invalid' | 'date_min' | 'date_before_start' | 'range_too_long';

/**
 * The range's problem the server would refuse it for, before asking it: the contracts' own rule
 * over the instants the page sends (the first day's start, the day after the last).
 */
export function dateRangeError(from: string, to: string): DateRangeError | null {
  const valid = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));
  if (!valid(from) || !valid(to)) return 'date_invalid';
  if (from < TABLE_BILL_LIMITS.minDate) return 'date_min';
  if (to < from) return 'date_before_start';
  return (
    dateRangeProblem(Date.parse(startOfLocalDay(from)), Date.parse(endOfLocalDay(to)))?.code ?? null
  );
}

export type RefundAmountError = 'required' | 'min' | 'refund_exceeds_paid' | 'amount_invalid';

/**
 * A partial refund's amount as typed: a decimal number, then the contracts' own rule (above 0,
 * in minor units, within what is left, in exact thousandths).
 */
export function refundAmountError(
  text: string,
  remaining: number,
  currency: Currency,
): RefundAmountError | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return 'required';
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return 'amount_invalid';
  return refundAmountProblem(Number(trimmed), toMilli(remaining.toFixed(3)), currency);
}

export const decimalsOf = (currency: Currency) => CURRENCY_DECIMALS[currency];

/** "11/06/2025, 14:05" on the browser's clock. */
export function paidAtText(iso: string, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** "14:05" on the browser's clock. */
export function timeText(iso: string, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), { timeStyle: 'short' }).format(new Date(iso));
}

/** "#1042, #1043". */
export const orderNumbersText = (numbers: readonly number[]) =>
  numbers.map((n) => `#${n}`).join(', ');

/** The payment's refund the gateway has not confirmed yet (null: none pending). */
export const pendingRefundOf = (tx: Pick<TableBillTransaction, 'refunds'>) =>
  tx.refunds.find((r) => r.status === 'PENDING') ?? null;
