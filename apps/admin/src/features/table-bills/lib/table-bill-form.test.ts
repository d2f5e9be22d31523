import { describe, expect, it } from 'vitest';
import { TableBillTransactionsQuery } from '@app/contracts';
import {
  dateRangeError,
  endOfLocalDay,
  refundAmountError,
  startOfLocalDay,
} from './table-bill-form.ts';

describe('the transactions range', () => {
  it('spans whole local days, the last one included', () => {
    const from = new Date(startOfLocalDay('2025-06-09'));
    const to = new Date(endOfLocalDay('2025-06-11'));
    expect([from.getDate(), from.getHours()]).toEqual([9, 0]);
    expect([to.getDate(), to.getHours()]).toEqual([12, 0]);
  });

  it('refuses what the server refuses', () => {
    expect(dateRangeError('2025-06-01', '2025-06-30')).toBeNull();
    expect(dateRangeError('2025-06-30', '2025-06-01')).toBe('date_before_start');
    expect(dateRangeError('2019-12-31', '2020-01-02')).toBe('date_min');
    expect(dateRangeError('2023-01-01', '2025-01-01')).toBe('range_too_long');
    expect(dateRangeError('', '2025-01-01')).toBe('date_invalid');
  });

  it('agrees with the server’s query on every length around a year, leap years included', () => {
    for (const start of ['2023-03-01', '2024-01-01', '2024-10-20']) {
      for (let days = 360; days <= 370; days++) {
        const first = new Date(`${start}T12:00:00`);
        const last = new Date(first.getTime() + days * 86_400_000);
        const to = `${last.getFullYear()}-${String(last.getMonth() + 1).padStart(2, '0')}-${String(last.getDate()).padStart(2, '0')}`;
        const query = TableBillTransactionsQuery.safeParse({
          dateFrom: startOfLocalDay(start),
          dateTo: endOfLocalDay(to),
        });
        expect(dateRangeError(start, to) === null, `${start} … ${to}`).toBe(query.success);
      }
    }
  });
});

describe('a partial refund amount', () => {
  it('is above zero, within what is left and in the currency’s minor unit', () => {
    expect(refundAmountError('2.500', 5, 'JOD')).toBeNull();
    expect(refundAmountError('2,5', 5, 'EUR')).toBeNull();
    expect(refundAmountError('', 5, 'JOD')).toBe('required');
    expect(refundAmountError('0', 5, 'JOD')).toBe('min');
    expect(refundAmountError('5.001', 5, 'JOD')).toBe('refund_exceeds_paid');
    expect(refundAmountError('1.005', 5, 'EUR')).toBe('amount_invalid');
    expect(refundAmountError('abc', 5, 'JOD')).toBe('amount_invalid');
    // Exact thousandths, no float fudge: what is left is exactly what may go back.
    expect(refundAmountError('0.3', 0.1 + 0.2, 'JOD')).toBeNull();
    expect(refundAmountError('0.0001', 5, 'JOD')).toBe('amount_invalid');
  });
});
