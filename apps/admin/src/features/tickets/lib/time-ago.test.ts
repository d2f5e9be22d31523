import { describe, expect, it } from 'vitest';
import { agoOf, refreshIntervalOf } from './time-ago.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('agoOf (spec §9)', () => {
  it.each([
    [0, { unit: 'minute', value: 0 }],
    [59 * MIN + 59_000, { unit: 'minute', value: 59 }],
    [HOUR, { unit: 'hour', value: 1 }],
    [23 * HOUR + 59 * MIN, { unit: 'hour', value: 23 }],
    [DAY, { unit: 'day', value: 1 }],
    [600 * DAY, { unit: 'day', value: 600 }],
    [601 * DAY, { unit: 'day', value: 0 }],
    // A clock a little ahead of the server's is not "in the future".
    [-30_000, { unit: 'minute', value: 0 }],
  ])('shows an age of %i ms as %o', (age, expected) => {
    expect(agoOf(age)).toEqual(expected);
  });
});

describe('refreshIntervalOf', () => {
  it('refreshes a fresh order every 2 s, then every 15 s, 5 min and 1 h as it ages', () => {
    expect(refreshIntervalOf(10_000)).toBe(2_000);
    expect(refreshIntervalOf(5 * MIN)).toBe(15_000);
    expect(refreshIntervalOf(3 * HOUR)).toBe(5 * MIN);
    expect(refreshIntervalOf(2 * DAY)).toBe(HOUR);
  });
});
