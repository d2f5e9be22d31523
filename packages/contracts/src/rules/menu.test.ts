import { describe, expect, it } from 'vitest';
import { modifierGroupProblem, startingPrice, unitPriceMilli } from './menu.ts';

describe('the menu rules', () => {
  it('starts a card at the lowest variant, saying "from" only for several', () => {
    expect(startingPrice([{ price: 4.5 }, { price: 2.25 }, { price: 3 }])).toEqual({
      price: 2.25,
      from: true,
    });
    expect(startingPrice([{ price: 1500n }])).toEqual({ price: 1500n, from: false });
    expect(startingPrice([])).toBeNull();
  });

  it('prices one unit as the variant plus each modifier times its quantity, exactly', () => {
    expect(unitPriceMilli(2500n, [])).toBe(2500n);
    expect(
      unitPriceMilli(2500n, [
        { priceMilli: 250n, quantity: 2 },
        { priceMilli: 100n, quantity: 1 },
      ]),
    ).toBe(3100n);
  });

  it('holds a group to its minimum and maximum, a maximum of 0 setting none', () => {
    const group = { minQuantity: 1, maxQuantity: 2 };
    expect(modifierGroupProblem(0, group)).toBe('modifier_group_min');
    expect(modifierGroupProblem(1, group)).toBeNull();
    expect(modifierGroupProblem(3, group)).toBe('modifier_group_max');
    expect(modifierGroupProblem(40, { minQuantity: 0, maxQuantity: 0 })).toBeNull();
  });
});
