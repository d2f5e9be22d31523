import { type CheckoutTemplate } from '../common.ts';
import {
  OPEN_AROUND_THE_CLOCK,
  hoursOpenAt,
  slotStart,
  type StoreHoursDay,
} from '../outlet-settings/index.ts';
import { branchLocalTime } from './local-time.ts';

export type WeekDay = Pick<StoreHoursDay, 'day' | 'dayClosed' | 'hours'>;

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The full week of one template: stored days as they are, the others open around the clock. */
export function fullWeek(template: CheckoutTemplate, stored: readonly WeekDay[]): StoreHoursDay[] {
  return Array.from({ length: 7 }, (_, day) => {
    const row = stored.find((d) => d.day === day);
    return row
      ? { day, checkoutTemplate: template, dayClosed: row.dayClosed, hours: row.hours }
      : { day, checkoutTemplate: template, dayClosed: false, hours: [OPEN_AROUND_THE_CLOCK] };
  });
}

/** The wall-clock time `at` shows in the zone, read as if it were UTC (ms). */
function wallOf(at: number, timeZone: string): number {
  const { dateTime } = branchLocalTime(new Date(at), timeZone);
  const [date = '', time = ''] = dateTime.split('T');
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, mo - 1, d, h, mi);
}

/** The zone's offset from UTC at an instant, in ms (minutes precision). */
const offsetAt = (at: number, timeZone: string) =>
  wallOf(at, timeZone) - Math.floor(at / MINUTE) * MINUTE;

/**
 * The first instant whose clock in the zone shows `wall` (ms, a wall time read as UTC). A wall
 * time shown twice (clocks going back) is its first showing; one skipped (clocks going forward)
 * gives the instant the clocks jumped, the first moment at or after it on the clock.
 */
export function firstInstantAt(wall: number, timeZone: string): number {
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const candidates = [...new Set([wall - before, wall - after])]
    .filter((t) => wallOf(t, timeZone) === wall)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0]!;
  // Skipped: the offset changes between the two readings; find the minute it does.
  let lo = Math.min(wall - before, wall - after);
  let hi = Math.max(wall - before, wall - after);
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / MINUTE / 2) * MINUTE;
    if (offsetAt(mid, timeZone) === after) hi = mid;
    else lo = mid;
  }
  return hi;
}

export type NextOpening = { at: Date; localDateTime: string };

/**
 * When a template closed by its hours at `now` next takes orders, in the branch's zone (summer
 * time included); null when no day of the week opens.
 */
export function nextOpening(
  week: readonly WeekDay[],
  now: Date,
  timeZone: string,
): NextOpening | null {
  const local = branchLocalTime(now, timeZone);
  const [y, mo, d] = local.dateTime.slice(0, 10).split('-').map(Number) as [number, number, number];
  for (let ahead = 0; ahead <= 7; ahead++) {
    const weekday = (local.day + ahead) % 7;
    const row = week.find((x) => x.day === weekday);
    const starts = !row ? [0] : row.dayClosed ? [] : row.hours.map(slotStart).sort((a, b) => a - b);
    for (const start of starts) {
      if (ahead === 0 && start <= local.minutes) continue;
      const at = firstInstantAt(Date.UTC(y, mo - 1, d + ahead) + start * MINUTE, timeZone);
      if (at <= now.getTime()) continue;
      const there = branchLocalTime(new Date(at), timeZone);
      // A slot wholly inside a skipped hour never opens that day.
      if (hoursOpenAt(week, there)) return { at: new Date(at), localDateTime: there.dateTime };
    }
  }
  return null;
}

export type OpenState = { open: true } | { open: false; next: NextOpening | null };

/** Whether the template takes orders at `now` by its hours, and if not, when it next does. */
export function openState(week: readonly WeekDay[], now: Date, timeZone: string): OpenState {
  if (hoursOpenAt(week, branchLocalTime(now, timeZone))) return { open: true };
  return { open: false, next: nextOpening(week, now, timeZone) };
}

/**
 * When a template open by its hours at `now` next stops taking orders (to the minute), in the
 * branch's zone; null when closed now, or open for the whole coming week.
 */
export function nextClosing(week: readonly WeekDay[], now: Date, timeZone: string): Date | null {
  const openAt = (t: number) => hoursOpenAt(week, branchLocalTime(new Date(t), timeZone));
  const start = Math.floor(now.getTime() / MINUTE) * MINUTE;
  if (!openAt(start)) return null;
  const STEP = 5 * MINUTE;
  for (let t = start + STEP; t <= start + 7 * DAY; t += STEP) {
    if (openAt(t)) continue;
    // Closed within the last step: the first closed minute of it.
    let m = t - STEP + MINUTE;
    while (openAt(m)) m += MINUTE;
    return new Date(m);
  }
  return null;
}
