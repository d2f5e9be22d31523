import type { Language } from '@app/contracts';

/** Latin digits in every language, as every amount of the product is shown. */
const localeOf = (lang: Language) => `${lang === 'en' ? 'en-GB' : lang}-u-nu-latn`;

/** "Mon 9" for a local calendar day (YYYY-MM-DD). */
export function dayLabel(date: string, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), {
    weekday: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** "Wednesday 11 June 2025" for the period's heading. */
export function longDate(date: string, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), {
    dateStyle: 'full',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** "09:00": hours of the 24-hour clock (§5.4). */
export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/** An axis figure: 1.2K, 15, 0.5. */
export function compactNumber(value: number, lang: Language): string {
  return new Intl.NumberFormat(localeOf(lang), {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
}

/** A whole count in the user's language, Latin digits. */
export function countText(value: number, lang: Language): string {
  return new Intl.NumberFormat(localeOf(lang)).format(value);
}

/** "14:05" on the user's clock. */
export function timeText(iso: string, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), { timeStyle: 'short' }).format(new Date(iso));
}
