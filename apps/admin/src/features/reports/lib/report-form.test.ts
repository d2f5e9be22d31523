import { describe, expect, it } from 'vitest';
import { defaultForm, filterOf, today, validateForm } from './report-form.ts';

describe('the report filter form', () => {
  it('starts on today to today in the user’s zone (§9)', () => {
    // 22:30 UTC on 1 March is already 2 March in Amman.
    const at = new Date('2025-03-01T22:30:00Z');
    expect(today('Asia/Amman', at)).toBe('2025-03-02');
    expect(today('UTC', at)).toBe('2025-03-01');
    const form = defaultForm('2025-03-02');
    expect(filterOf(form, 'Asia/Amman')).toMatchObject({
      startDate: '2025-03-02',
      endDate: '2025-03-02',
      timezone: 'Asia/Amman',
    });
  });

  it('names the §5.2 messages by the contract’s codes', () => {
    const form = defaultForm('2025-03-02');
    expect(validateForm({ ...form, startDate: '2019-12-31' })).toEqual({ startDate: 'date_min' });
    expect(validateForm({ ...form, startDate: '' })).toEqual({ startDate: 'date_invalid' });
    expect(validateForm({ ...form, endDate: '2025-03-01' })).toEqual({
      endDate: 'date_before_start',
    });
    expect(validateForm({ ...form, mode: 'ticketNumber' })).toEqual({ ticketNumber: 'required' });
    expect(validateForm({ ...form, mode: 'ticketNumber', ticketNumber: '12a' })).toEqual({
      ticketNumber: 'pattern',
    });
    expect(validateForm({ ...form, mode: 'ticketNumber', ticketNumber: '0' })).toEqual({
      ticketNumber: 'min',
    });
    expect(validateForm({ ...form, mode: 'phoneNumber', phoneNumber: '07-9' })).toEqual({
      phoneNumber: 'pattern',
    });
    expect(validateForm(form)).toEqual({});
  });

  it('searches the whole history by order number or phone, without the dates', () => {
    const form = { ...defaultForm('2025-03-02'), statuses: ['Completed' as const] };
    expect(filterOf({ ...form, mode: 'ticketNumber', ticketNumber: ' 42 ' }, 'UTC')).toEqual({
      ticketNumber: '42',
      timezone: 'UTC',
    });
    expect(filterOf({ ...form, mode: 'phoneNumber', phoneNumber: '0791234567' }, 'UTC')).toEqual({
      phoneNumber: '0791234567',
      timezone: 'UTC',
    });
  });
});
