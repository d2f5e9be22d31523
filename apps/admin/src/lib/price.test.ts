import { describe, expect, it } from 'vitest';
import { adjustmentAmountText, displayPrice } from './price.ts';

describe("an item card's price", () => {
  it('shows the single price of a one-variant item without "starts from"', () => {
    expect(displayPrice([{ price: 2.25 }])).toEqual({ amount: 2.25, startsFrom: false });
  });

  it('starts from the lowest price when there is more than one variant', () => {
    expect(displayPrice([{ price: 15 }, { price: 8.5 }, { price: 12 }])).toEqual({
      amount: 8.5,
      startsFrom: true,
    });
    expect(displayPrice([{ price: 3 }, { price: 3 }])).toEqual({ amount: 3, startsFrom: true });
  });

  it('shows nothing without variants', () => {
    expect(displayPrice([])).toBeNull();
  });
});

describe('adjustmentAmountText', () => {
  it('shows a percentage with its sign and a flat amount in the currency', () => {
    expect(adjustmentAmountText({ adjustmentType: 'Percentage', amount: 12.5 }, 'JOD', 'en')).toBe(
      '12.5%',
    );
    expect(adjustmentAmountText({ adjustmentType: 'Flat', amount: 0.5 }, 'JOD', 'en')).toMatch(
      /^JOD\s0\.500$/,
    );
  });
});
