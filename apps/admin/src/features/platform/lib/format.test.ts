import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format.ts';

describe("the platform pages' dates", () => {
  it('are en-GB in digits only, so no English month shows in Arabic or Spanish', () => {
    const at = '2026-11-27T10:05:00.000Z';
    expect(formatDate(at)).toMatch(/^\d{2}\/\d{2}\/2026$/);
    expect(formatDateTime(at)).toMatch(/^\d{2}\/\d{2}\/2026, \d{2}:\d{2}$/);
    expect(`${formatDate(at)} ${formatDateTime(at)}`).not.toMatch(/[A-Za-z]/);
  });
});
