import { describe, expect, it } from 'vitest';
import {
  OperatingHoursBody,
  daySlotIssues,
  hoursOpenAt,
  overnightParts,
  withMorning,
} from '../outlet-settings/index.ts';
import { firstInstantAt, nextOpening, openState, type WeekDay } from './opening-hours.ts';

const slot = (open: string, close: string) => {
  const [oh, om] = open.split(':').map(Number) as [number, number];
  const [ch, cm] = close.split(':').map(Number) as [number, number];
  return { openHour: oh, openMinute: om, closeHour: ch, closeMinute: cm };
};
const everyDay = (...slots: ReturnType<typeof slot>[]): WeekDay[] =>
  Array.from({ length: 7 }, (_, day) => ({ day, dayClosed: false, hours: slots }));
const utc = (iso: string) => new Date(`${iso}Z`);

describe('wall times in a zone with summer time', () => {
  it('finds the instant of an ordinary wall time on either side of the change', () => {
    // Madrid: CET (+1) in winter, CEST (+2) in summer.
    expect(new Date(firstInstantAt(Date.UTC(2025, 0, 15, 10), 'Europe/Madrid')).toISOString()).toBe(
      '2025-01-15T09:00:00.000Z',
    );
    expect(new Date(firstInstantAt(Date.UTC(2025, 6, 15, 10), 'Europe/Madrid')).toISOString()).toBe(
      '2025-07-15T08:00:00.000Z',
    );
  });

  it('takes the first of a wall time shown twice, and the jump for one skipped', () => {
    // 26 Oct 2025: 03:00 CEST goes back to 02:00 CET; 02:30 shows at 00:30 and 01:30 UTC.
    expect(
      new Date(firstInstantAt(Date.UTC(2025, 9, 26, 2, 30), 'Europe/Madrid')).toISOString(),
    ).toBe('2025-10-26T00:30:00.000Z');
    // 30 Mar 2025: 02:00 CET jumps to 03:00 CEST; 02:30 never shows, the jump is at 01:00 UTC.
    expect(
      new Date(firstInstantAt(Date.UTC(2025, 2, 30, 2, 30), 'Europe/Madrid')).toISOString(),
    ).toBe('2025-03-30T01:00:00.000Z');
    // New York springs forward at 02:00 EST (07:00 UTC) on 9 Mar 2025.
    expect(
      new Date(firstInstantAt(Date.UTC(2025, 2, 9, 2, 15), 'America/New_York')).toISOString(),
    ).toBe('2025-03-09T07:00:00.000Z');
  });
});

describe('next opening', () => {
  it('is tomorrow morning in the summer offset when the clocks change overnight', () => {
    // Saturday 29 March 2025, 23:30 CET; Sunday opens 09:00 CEST = 07:00 UTC.
    const next = nextOpening(
      everyDay(slot('09:00', '23:00')),
      utc('2025-03-29T22:30'),
      'Europe/Madrid',
    );
    expect(next?.at.toISOString()).toBe('2025-03-30T07:00:00.000Z');
    expect(next?.localDateTime).toBe('2025-03-30T09:00');
  });

  it('opens at the jump for a slot starting inside the skipped hour', () => {
    const week = everyDay(slot('02:30', '05:00'));
    const next = nextOpening(week, utc('2025-03-30T00:30'), 'Europe/Madrid');
    expect(next?.at.toISOString()).toBe('2025-03-30T01:00:00.000Z');
    expect(next?.localDateTime).toBe('2025-03-30T03:00');
  });

  it('skips closed days and later slots of today, and is null for a week with none', () => {
    const week: WeekDay[] = [
      { day: 1, dayClosed: false, hours: [slot('12:00', '15:00'), slot('19:00', '23:00')] },
      ...[0, 2, 3, 4, 5, 6].map((day) => ({ day, dayClosed: true, hours: [] })),
    ];
    // Monday 10 Nov 2025, 16:00 in Amman (UTC+3 all year): the evening slot is next.
    expect(nextOpening(week, utc('2025-11-10T13:00'), 'Asia/Amman')?.localDateTime).toBe(
      '2025-11-10T19:00',
    );
    // Monday 23:30: next Monday noon.
    expect(nextOpening(week, utc('2025-11-10T20:30'), 'Asia/Amman')?.localDateTime).toBe(
      '2025-11-17T12:00',
    );
    const shut = week.map((d) => ({ ...d, dayClosed: true, hours: [] }));
    expect(openState(shut, utc('2025-11-10T13:00'), 'Asia/Amman')).toEqual({
      open: false,
      next: null,
    });
  });

  it('counts a day closing at 23:59 as open to midnight and an unset day as open', () => {
    expect(hoursOpenAt(everyDay(slot('10:00', '23:59')), { day: 2, minutes: 23 * 60 + 59 })).toBe(
      true,
    );
    expect(hoursOpenAt(everyDay(slot('10:00', '22:00')), { day: 2, minutes: 22 * 60 })).toBe(false);
    expect(hoursOpenAt([], { day: 3, minutes: 3 * 60 })).toBe(true);
  });
});

describe('opening hours rules (§5.4)', () => {
  const day = (hours: ReturnType<typeof slot>[]) => [
    { day: 1, checkoutTemplate: 'PICKUP', dayClosed: false, hours },
  ];
  const codes = (body: unknown) => {
    const parsed = OperatingHoursBody.safeParse(body);
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('names each broken rule on its field', () => {
    expect(codes(day([slot('12:00', '10:00')]))).toEqual({
      '0.hours.0.closeHour': 'operating_hour_range_invalid',
    });
    expect(codes(day([slot('10:00', '12:00'), slot('10:00', '11:00')]))).toEqual({
      '0.hours.1.openHour': 'operating_hour_duplicate_opening_hours',
    });
    expect(codes(day([slot('10:00', '14:00'), slot('13:00', '18:00')]))).toEqual({
      '0.hours.1.openHour': 'operating_hour_intersection',
    });
    expect(codes(day([slot('10:07', '14:00')]))).toEqual({
      '0.hours.0.openMinute': 'operating_hour_minute_invalid',
    });
    expect(codes(day([slot('10:00', '14:00'), slot('14:00', '23:59')]))).toEqual({});
  });
});

describe('hours past midnight (18:00–02:00)', () => {
  it('are stored as the evening to 23:59 and the next morning from 00:00', () => {
    expect(overnightParts(slot('18:00', '02:00'))).toEqual({
      evening: slot('18:00', '23:59'),
      morning: slot('00:00', '02:00'),
    });
    // Same-day hours, and hours closing at midnight itself, are not split.
    expect(overnightParts(slot('10:00', '14:00'))).toBeNull();
    expect(overnightParts(slot('18:00', '00:00'))).toBeNull();
  });

  it("join the next day's hours: nothing added when it opens at midnight long enough", () => {
    const morning = slot('00:00', '02:00');
    expect(withMorning([slot('00:00', '23:59')], morning)).toEqual([slot('00:00', '23:59')]);
    expect(withMorning([slot('00:00', '01:00'), slot('12:00', '15:00')], morning)).toEqual([
      slot('00:00', '02:00'),
      slot('12:00', '15:00'),
    ]);
    expect(withMorning([slot('12:00', '15:00')], morning)).toEqual([
      slot('12:00', '15:00'),
      slot('00:00', '02:00'),
    ]);
    // A next day whose hours then overlap is for the owner to change first.
    expect(
      daySlotIssues(withMorning([slot('00:00', '01:00'), slot('01:30', '05:00')], morning)),
    ).toEqual([{ path: 'hours.1.openHour', code: 'operating_hour_intersection' }]);
  });

  it('keep the outlet open from the evening through the night, and closed after', () => {
    // Friday 18:00–02:00: Friday to 23:59 and Saturday from 00:00; Saturday is otherwise 12–15.
    const week: WeekDay[] = [
      { day: 5, dayClosed: false, hours: [slot('18:00', '23:59')] },
      { day: 6, dayClosed: false, hours: [slot('12:00', '15:00'), slot('00:00', '02:00')] },
    ];
    expect(hoursOpenAt(week, { day: 5, minutes: 23 * 60 + 59 })).toBe(true);
    expect(hoursOpenAt(week, { day: 6, minutes: 0 })).toBe(true);
    expect(hoursOpenAt(week, { day: 6, minutes: 60 + 59 })).toBe(true);
    expect(hoursOpenAt(week, { day: 6, minutes: 2 * 60 })).toBe(false);
    expect(hoursOpenAt(week, { day: 5, minutes: 17 * 60 })).toBe(false);
    // The server takes both days in one body, each slot opening before it closes.
    expect(
      OperatingHoursBody.safeParse(week.map((d) => ({ ...d, checkoutTemplate: 'PICKUP' }))).success,
    ).toBe(true);
  });
});
