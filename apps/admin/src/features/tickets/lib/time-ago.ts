const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type Ago = { unit: 'minute' | 'hour' | 'day'; value: number };

/**
 * Spec §9: minutes under an hour, hours up to 23, days after that; an age over 600 days (a
 * broken clock, not an order) shows 0.
 */
export function agoOf(ageMs: number): Ago {
  const age = Math.max(0, ageMs);
  if (age < HOUR) return { unit: 'minute', value: Math.floor(age / MINUTE) };
  const hours = Math.floor(age / HOUR);
  if (hours <= 23) return { unit: 'hour', value: hours };
  const days = Math.floor(age / DAY);
  return { unit: 'day', value: days > 600 ? 0 : days };
}

/** Spec §9: how often the text is refreshed, from 2 s for a fresh order to 1 h for an old one. */
export function refreshIntervalOf(ageMs: number): number {
  if (ageMs < MINUTE) return 2_000;
  if (ageMs < HOUR) return 15_000;
  if (ageMs < DAY) return 5 * MINUTE;
  return HOUR;
}
