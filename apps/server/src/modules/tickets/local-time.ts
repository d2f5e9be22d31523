import type { LocalMoment } from '@app/contracts';

export type BranchLocalTime = LocalMoment & {
  /** Wall-clock date and time in the branch's zone, to the minute: 2025-03-01T19:30. */
  dateTime: string;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function formatterFor(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The moment `at` as seen on the branch's clock (IANA zone): weekday 0–6 from Sunday. */
export function branchLocalTime(at: Date, timeZone: string): BranchLocalTime {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(at)) parts[p.type] = p.value;
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  const hh = String(hour).padStart(2, '0');
  return {
    day: WEEKDAYS.indexOf(parts.weekday ?? ''),
    minutes: hour * 60 + minute,
    dateTime: `${parts.year}-${parts.month}-${parts.day}T${hh}:${parts.minute}`,
  };
}
