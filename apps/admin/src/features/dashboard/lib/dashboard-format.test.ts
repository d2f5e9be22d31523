import { describe, expect, it } from 'vitest';
import { compactNumber, countText, dayLabel, hourLabel } from './dashboard-format.ts';

describe('dashboard figures as text', () => {
  it('names the day of a local date whatever the browser zone', () => {
    expect(dayLabel('2025-06-09', 'en')).toBe('Mon 9');
    expect(dayLabel('2025-06-09', 'es')).toMatch(/^lun/);
    // Arabic weekday, Latin digits.
    expect(dayLabel('2025-06-09', 'ar')).toContain('9');
    expect(dayLabel('2025-06-09', 'ar')).not.toMatch(/[٠-٩]/);
  });

  it('writes hours on the 24-hour clock and counts with Latin digits', () => {
    expect(hourLabel(0)).toBe('00:00');
    expect(hourLabel(23)).toBe('23:00');
    expect(countText(1234, 'ar')).not.toMatch(/[٠-٩]/);
    expect(compactNumber(1500, 'en')).toBe('1.5k');
  });
});
