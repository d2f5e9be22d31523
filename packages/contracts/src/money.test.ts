import { describe, expect, it } from 'vitest';
import { formatMoney, minorUnit, roundedShare, roundToUnit } from './money.ts';
import { fitsMinorUnit } from './table-bills.ts';

const plain = (text: string) => text.replace(/[\u00a0\u200f\u061c]/g, ' ').trim();

describe('formatMoney, the one way an amount is shown', () => {
  it("shows the currency's own decimals: JOD three, EUR and USD two", () => {
    expect(plain(formatMoney(31.125, 'JOD', 'en'))).toBe('JOD 31.125');
    expect(plain(formatMoney(7.25, 'JOD', 'en'))).toBe('JOD 7.250');
    expect(plain(formatMoney(8.5, 'EUR', 'es'))).toBe('8,50 €');
    expect(formatMoney(0.9, 'USD', 'en')).toBe('$0.90');
    expect(plain(formatMoney('1234.5', 'JOD', 'en'))).toBe('JOD 1,234.500');
  });

  it('rounds half away from zero to the minor unit, as orders are priced, from the exact decimal', () => {
    expect(formatMoney(1.125, 'EUR', 'en')).toBe('€1.13');
    expect(formatMoney(1.005, 'USD', 'en')).toBe('$1.01');
    expect(formatMoney(-1.125, 'EUR', 'en')).toBe('-€1.13');
    expect(formatMoney(0.1 + 0.2, 'USD', 'en')).toBe('$0.30');
  });

  it('writes Latin digits in every language, with or without the currency', () => {
    expect(plain(formatMoney(31.125, 'JOD', 'ar'))).toMatch(/^31\.125 د\.أ\.$/);
    expect(formatMoney(16.35, 'JOD', 'en', { symbol: false })).toBe('16.350');
    expect(formatMoney(16.35, 'JOD', 'es', { symbol: false })).toBe('16,350');
  });

  it('keeps every digit there is while the currency is not known yet', () => {
    expect(formatMoney(3, null, 'en')).toBe('3.00');
    expect(formatMoney(1.125, null, 'en')).toBe('1.125');
  });
});

describe('the minor unit', () => {
  it('tells a whole number of the unit exactly, with no float tolerance', () => {
    expect(fitsMinorUnit(12.35, 'EUR')).toBe(true);
    expect(fitsMinorUnit(12.355, 'EUR')).toBe(false);
    expect(fitsMinorUnit(12.355, 'JOD')).toBe(true);
    // 0.30000000000000004 is no amount a person typed: refused, not rounded into one.
    expect(fitsMinorUnit(0.1 + 0.2, 'JOD')).toBe(false);
    expect(fitsMinorUnit(1e-7, 'JOD')).toBe(false);
  });

  it('rounds every share half away from zero to the unit, through one rule', () => {
    // 10.005 EUR: half a cent rounds up; -10.005 rounds down (away from zero).
    expect(roundToUnit(10_005n, minorUnit('EUR'))).toBe(10_010n);
    expect(roundToUnit(-10_005n, minorUnit('EUR'))).toBe(-10_010n);
    // 100.000 / 3 in JOD: 33.333; in USD: 33.33.
    expect(roundedShare(100_000n, 1n, 3n, minorUnit('JOD'))).toBe(33_333n);
    expect(roundedShare(100_000n, 1n, 3n, minorUnit('USD'))).toBe(33_330n);
  });
});
