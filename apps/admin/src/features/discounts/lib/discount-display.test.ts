import { describe, expect, it } from 'vitest';
import { amountOrDash, discountValueText } from './discount-display.ts';

describe('discount values as the list shows them (§2.5)', () => {
  it('shows a dash for zero, a percent sign for percentages and the currency otherwise', () => {
    expect(
      discountValueText({ discountType: 'FREE_DELIVERY', discountValue: 0 }, 'JOD', 'en'),
    ).toBe('—');
    expect(
      discountValueText({ discountType: 'PERCENTAGE', discountValue: 12.5 }, 'JOD', 'en'),
    ).toBe('12.5%');
    expect(discountValueText({ discountType: 'FIXED', discountValue: 3 }, 'EUR', 'en')).toBe(
      '€3.00',
    );
    expect(amountOrDash(0, 'JOD', 'en')).toBe('—');
    expect(amountOrDash(5, 'USD', 'en')).toBe('$5.00');
  });

  it('keeps Latin digits in Arabic', () => {
    expect(discountValueText({ discountType: 'PERCENTAGE', discountValue: 15 }, 'JOD', 'ar')).toBe(
      '15%',
    );
  });
});
