/**
 * en-GB dates and times (spec §9), the same in every UI language: 27/11/2026 14:05, in digits
 * only, so no English month name shows in the Arabic or Spanish admin.
 */
const NUMERIC = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const DATE = new Intl.DateTimeFormat('en-GB', NUMERIC);
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  ...NUMERIC,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export const formatDate = (iso: string): string => DATE.format(new Date(iso));
export const formatDateTime = (iso: string): string => DATE_TIME.format(new Date(iso));

/** Whole minutes as hours and minutes: { hours: 2, minutes: 5 }. */
export function splitMinutes(total: number): { hours: number; minutes: number } {
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** A table column shown from the md breakpoint up; phones keep the essential columns. */
export const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;
