import { localMoment, wallClock, type LocalMoment } from '../common.ts';

export type BranchLocalTime = LocalMoment & {
  /** Wall-clock date and time in the branch's zone, to the minute: 2025-03-01T19:30. */
  dateTime: string;
};

/** The moment `at` as seen on the branch's clock (IANA zone): weekday 0–6 from Sunday. */
export function branchLocalTime(at: Date, timeZone: string): BranchLocalTime {
  const c = wallClock(at, timeZone);
  return {
    ...localMoment(at, timeZone),
    dateTime: `${c.year}-${c.month}-${c.day}T${c.hour}:${c.minute}`,
  };
}
