import { z } from 'zod';
import { CheckoutTemplate, slotHolds } from '../common.ts';
import { LIMITS_BRANCH } from './branch-profile.ts';

/** Outlet settings: Opening hours (§3 Store hours, §4.4, §5.4, §9). */
/** §5.4 and §9: minutes in steps of five, plus 59 (so a day can close at 23:59). */
export const HOUR_MINUTES: readonly number[] = [...Array.from({ length: 12 }, (_, i) => i * 5), 59];
/** What a day nobody has set is: open around the clock (as before hours existed). */
export const OPEN_AROUND_THE_CLOCK = { openHour: 0, openMinute: 0, closeHour: 23, closeMinute: 59 };
/**
 * The picker's "All day": the whole day (spec §5.4 filled 10:00–23:59, which owners read as a
 * mistake: issue 33 asks that all day mean all day).
 */
export const ALL_DAY_HOURS = OPEN_AROUND_THE_CLOCK;

const Hour = z.number().int().min(0).max(23);
const Minute = z
  .number()
  .int()
  .refine((m) => HOUR_MINUTES.includes(m), { message: 'operating_hour_minute_invalid' });

export const StoreHoursSlot = z.object({
  openHour: Hour,
  openMinute: Minute,
  closeHour: Hour,
  closeMinute: Minute,
});
export type StoreHoursSlot = z.infer<typeof StoreHoursSlot>;

/** One day of one template's week: a day is open when it has at least one slot. */
export const StoreHoursDay = z.object({
  day: z.number().int().min(0).max(6),
  checkoutTemplate: CheckoutTemplate,
  dayClosed: z.boolean(),
  hours: z.array(StoreHoursSlot).max(LIMITS_BRANCH.slotsPerDayMax),
});
export type StoreHoursDay = z.infer<typeof StoreHoursDay>;

export const slotStart = (s: StoreHoursSlot) => s.openHour * 60 + s.openMinute;
export const slotEnd = (s: StoreHoursSlot) => s.closeHour * 60 + s.closeMinute;

/**
 * Hours that close after midnight (18:00–02:00), as the week stores them: a slot to 23:59 on
 * their day, which runs through midnight, and one from 00:00 on the next (each slot stays
 * opening before closing, §5.4). Null for hours that close the same day.
 */
export function overnightParts(
  slot: StoreHoursSlot,
): { evening: StoreHoursSlot; morning: StoreHoursSlot } | null {
  if (slotEnd(slot) >= slotStart(slot) || slotEnd(slot) === 0) return null;
  return {
    evening: { ...slot, closeHour: 23, closeMinute: 59 },
    morning: {
      openHour: 0,
      openMinute: 0,
      closeHour: slot.closeHour,
      closeMinute: slot.closeMinute,
    },
  };
}

/**
 * A day's hours with an overnight slot's morning part added: nothing when the day already opens
 * at 00:00 for that long; its 00:00 slot lengthened when shorter; else the part added.
 */
export function withMorning(
  hours: readonly StoreHoursSlot[],
  morning: StoreHoursSlot,
): StoreHoursSlot[] {
  const early = hours.findIndex((s) => slotStart(s) === 0);
  if (early < 0) return [...hours, morning];
  const current = hours[early]!;
  if (slotEnd(current) >= slotEnd(morning)) return [...hours];
  return hours.map((s, i) =>
    i === early ? { ...s, closeHour: morning.closeHour, closeMinute: morning.closeMinute } : s,
  );
}

/**
 * The slot problems of one day, with paths relative to the day (`hours.1.closeHour`): §5.4's
 * three messages, as the spec's server codes.
 */
export function daySlotIssues(hours: readonly StoreHoursSlot[]): { path: string; code: string }[] {
  const issues: { path: string; code: string }[] = [];
  hours.forEach((slot, i) => {
    if (slotStart(slot) >= slotEnd(slot))
      issues.push({ path: `hours.${i}.closeHour`, code: 'operating_hour_range_invalid' });
  });
  hours.forEach((b, j) => {
    if (slotStart(b) >= slotEnd(b)) return;
    for (let i = 0; i < j; i++) {
      const a = hours[i]!;
      if (slotStart(a) >= slotEnd(a)) continue;
      if (slotStart(a) === slotStart(b)) {
        issues.push({
          path: `hours.${j}.openHour`,
          code: 'operating_hour_duplicate_opening_hours',
        });
        return;
      }
      if (slotStart(a) < slotEnd(b) && slotStart(b) < slotEnd(a)) {
        issues.push({ path: `hours.${j}.openHour`, code: 'operating_hour_intersection' });
        return;
      }
    }
  });
  return issues;
}

/** PUT operatinghours: one or more day records; each replaces that day of its template. */
export const OperatingHoursBody = z
  .array(StoreHoursDay)
  .min(1)
  .max(CheckoutTemplate.options.length * 7)
  .superRefine((days, ctx) => {
    days.forEach((d, i) => {
      if (days.findIndex((x) => x.day === d.day && x.checkoutTemplate === d.checkoutTemplate) < i)
        ctx.addIssue({ code: 'custom', path: [i, 'day'], message: 'operating_hour_day_repeated' });
      if (d.dayClosed) return;
      for (const issue of daySlotIssues(d.hours))
        ctx.addIssue({
          code: 'custom',
          path: [i, ...issue.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))],
          message: issue.code,
        });
    });
  });
export type OperatingHoursBody = z.infer<typeof OperatingHoursBody>;

export const OperatingHoursQuery = z.object({ checkoutTemplate: CheckoutTemplate.optional() });

/** Whether a template's week holds a moment (weekday 0–6 and minutes since midnight). */
export function hoursOpenAt(
  week: readonly Pick<StoreHoursDay, 'day' | 'dayClosed' | 'hours'>[],
  at: { day: number; minutes: number },
): boolean {
  const today = week.find((d) => d.day === at.day);
  // A day nobody has set is open around the clock.
  if (!today) return true;
  if (today.dayClosed) return false;
  return today.hours.some((s) => slotHolds(slotStart(s), slotEnd(s), at.minutes));
}
