import { describe, expect, it } from 'vitest';
import {
  hasSchedule,
  scheduleFieldPath,
  scheduleResolver,
  toScheduleEntries,
  toScheduleForm,
  type ScheduleForm,
} from './schedule.ts';

const allDay = (day: number) => ({ day, dayClosed: false, openTime: '00:00', closeTime: '23:59' });
const week = () => Array.from({ length: 7 }, (_, day) => allDay(day));

describe('section schedules', () => {
  it('is highlighted only when a day is closed or its hours are limited', () => {
    expect(hasSchedule(week())).toBe(false);
    expect(hasSchedule([])).toBe(false);
    const closed = week();
    closed[5] = { day: 5, dayClosed: true, openTime: null!, closeTime: null! };
    expect(hasSchedule(closed)).toBe(true);
    const lunch = week();
    lunch[1] = { day: 1, dayClosed: false, openTime: '12:00', closeTime: '15:00' };
    expect(hasSchedule(lunch)).toBe(true);
  });

  it('turns the server week into days from Sunday, open-all-day days without slots', () => {
    const entries = [
      ...week().filter((e) => e.day !== 1 && e.day !== 5),
      { day: 1, dayClosed: false, openTime: '12:00', closeTime: '15:00' },
      { day: 1, dayClosed: false, openTime: '18:00', closeTime: '22:00' },
      { day: 5, dayClosed: true, openTime: null, closeTime: null },
    ];
    const form = toScheduleForm(entries);
    expect(form.days.map((d) => d.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(form.days[0]).toEqual({ day: 0, dayClosed: false, slots: [] });
    expect(form.days[1]!.slots).toEqual([
      { openTime: '12:00', closeTime: '15:00' },
      { openTime: '18:00', closeTime: '22:00' },
    ]);
    expect(form.days[5]).toEqual({ day: 5, dayClosed: true, slots: [] });
  });

  it('sends one entry per slot and one per closed day, and maps entry errors back', () => {
    const form: ScheduleForm = toScheduleForm(week());
    form.days[2]!.slots = [
      { openTime: '9:00', closeTime: '14:00' },
      { openTime: '13:00', closeTime: '16:00' },
    ];
    form.days[6]!.dayClosed = true;
    const flat = toScheduleEntries(form);
    expect(flat.entries).toEqual([
      { day: 2, dayClosed: false, openTime: '09:00', closeTime: '14:00' },
      { day: 2, dayClosed: false, openTime: '13:00', closeTime: '16:00' },
      { day: 6, dayClosed: true, openTime: null, closeTime: null },
    ]);
    expect(scheduleFieldPath(flat, '1.openTime')).toBe('days.2.slots.1.openTime');
    expect(scheduleFieldPath(flat, '0.closeTime')).toBe('days.2.slots.0.closeTime');
    expect(scheduleFieldPath(flat, '2.openTime')).toBeNull();
  });

  it("checks the contract's rules on the form: order, same opening time, overlaps, format", async () => {
    const form: ScheduleForm = toScheduleForm(week());
    form.days[1]!.slots = [
      { openTime: '10:00', closeTime: '14:00' },
      { openTime: '13:00', closeTime: '16:00' },
    ];
    form.days[3]!.slots = [
      { openTime: '09:00', closeTime: '10:00' },
      { openTime: '09:00', closeTime: '11:00' },
    ];
    form.days[4]!.slots = [{ openTime: '14:00', closeTime: '10:00' }];
    form.days[5]!.slots = [{ openTime: '25:00', closeTime: '' }];
    const result = await scheduleResolver(form, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    const errors = result.errors as Record<string, unknown>;
    const at = (path: string) =>
      path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], errors) as
        { message: string } | undefined;
    expect(at('days.1.slots.1.openTime')?.message).toBe('operating_hour_intersection');
    expect(at('days.3.slots.1.openTime')?.message).toBe('operating_hour_duplicate_opening_hours');
    expect(at('days.4.slots.0.closeTime')?.message).toBe('operating_hour_range_invalid');
    expect(at('days.5.slots.0.openTime')?.message).toBe('pattern');
  });
});
