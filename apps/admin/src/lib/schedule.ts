import { CATALOG_LIMITS, Schedule, type ScheduleEntry } from '@app/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { errorsFromIssues, issueCode } from './form-errors.ts';

/** What the server fills a day without slots with (menu-management.md §3). */
export const ALL_DAY = { openTime: '00:00', closeTime: '23:59' } as const;

export type ScheduleLike = readonly {
  day: number;
  dayClosed: boolean;
  openTime?: string | null;
  closeTime?: string | null;
}[];

const isAllDayOpen = (e: ScheduleLike[number]) =>
  !e.dayClosed && e.openTime === ALL_DAY.openTime && e.closeTime === ALL_DAY.closeTime;

/**
 * A section has a schedule (its clock button is highlighted) when an entry closes a day or
 * sets an open or close time other than the open-all-day the server fills missing days with.
 */
export const hasSchedule = (schedule: ScheduleLike): boolean =>
  schedule.some((entry) => !isAllDayOpen(entry));

export interface ScheduleSlot {
  openTime: string;
  closeTime: string;
}
export interface ScheduleDay {
  day: number;
  dayClosed: boolean;
  /** No slot on an open day means open all day. */
  slots: ScheduleSlot[];
}
export interface ScheduleForm {
  days: ScheduleDay[];
}

/** Days 0–6 from Sunday, each with its slots; an open-all-day day shows no slot. */
export function toScheduleForm(schedule: ScheduleLike): ScheduleForm {
  const days: ScheduleDay[] = Array.from({ length: CATALOG_LIMITS.scheduleDays }, (_, day) => {
    const entries = schedule.filter((e) => e.day === day);
    const dayClosed = entries.some((e) => e.dayClosed);
    const slots = dayClosed
      ? []
      : entries
          .filter((e) => !isAllDayOpen(e) || entries.length > 1)
          .map((e) => ({ openTime: e.openTime ?? '', closeTime: e.closeTime ?? '' }));
    return { day, dayClosed, slots };
  });
  return { days };
}

export interface FlatSchedule {
  entries: ScheduleEntry[];
  /** The form path of each entry's slot, to put the server's `{index}.field` errors on. */
  slotPaths: (string | null)[];
}

/** "9:05" → "09:05": a single-digit hour is read as 24-hour time. */
export const normalizeTime = (text: string): string => {
  const trimmed = text.trim();
  return /^\d:\d\d$/.test(trimmed) ? `0${trimmed}` : trimmed;
};

/** The body of PUT .../schedule: a closed day is one entry, an open day one entry per slot. */
export function toScheduleEntries(form: ScheduleForm): FlatSchedule {
  const entries: ScheduleEntry[] = [];
  const slotPaths: (string | null)[] = [];
  for (const [d, day] of form.days.entries()) {
    if (day.dayClosed) {
      entries.push({ day: day.day, dayClosed: true, openTime: null, closeTime: null });
      slotPaths.push(null);
      continue;
    }
    for (const [s, slot] of day.slots.entries()) {
      entries.push({
        day: day.day,
        dayClosed: false,
        openTime: normalizeTime(slot.openTime),
        closeTime: normalizeTime(slot.closeTime),
      });
      slotPaths.push(`days.${d}.slots.${s}`);
    }
  }
  return { entries, slotPaths };
}

/**
 * Where a schedule error reported against the flat body (`"3.openTime"`, from the contract's
 * Schedule rules or the server's 422) belongs in the form.
 */
export function scheduleFieldPath(flat: FlatSchedule, field: string): string | null {
  const [index, name] = field.split('.');
  const base = flat.slotPaths[Number(index)];
  if (base === undefined || base === null) return null;
  return name === 'openTime' || name === 'closeTime' ? `${base}.${name}` : `${base}.openTime`;
}

/** The contract's Schedule rules (order, duplicates, overlaps) checked on the form. */
export const scheduleResolver: Resolver<ScheduleForm> = (values) => {
  const flat = toScheduleEntries(values);
  const parsed = Schedule.safeParse(flat.entries, { error: issueCode });
  if (parsed.success) return { values, errors: {} };
  const errors = errorsFromIssues(parsed.error.issues, (path) => scheduleFieldPath(flat, path));
  return { values: {}, errors: errors as FieldErrors<ScheduleForm> };
};
