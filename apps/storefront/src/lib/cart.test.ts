import { describe, expect, it } from 'vitest';
import {
  addLine,
  groupIssue,
  itemCount,
  lineOf,
  priceCart,
  selectionIssues,
  setQuantity,
  startsFrom,
  stepModifier,
  toIntakeItems,
  toggleModifier,
  unitPrice,
  type MenuItem,
  type ModifierGroup,
} from './cart.ts';

const text = (en: string) => ({ fieldValue: en, en });
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const sauces: ModifierGroup = {
  id: id(10),
  localizedTitle: text('Sauces'),
  minQuantity: 1,
  maxQuantity: 2,
  allowModifierItemCounter: false,
  modifierItems: [
    { id: id(11), localizedTitle: text('Garlic'), price: 0.25, soldOut: false },
    { id: id(12), localizedTitle: text('Chili'), price: 0.1, soldOut: false },
    { id: id(13), localizedTitle: text('Tahini'), price: 0, soldOut: false },
  ],
};
const bread: ModifierGroup = {
  id: id(20),
  localizedTitle: text('Bread'),
  minQuantity: 0,
  maxQuantity: 1,
  allowModifierItemCounter: false,
  modifierItems: [
    { id: id(21), localizedTitle: text('Pita'), price: 0, soldOut: false },
    { id: id(22), localizedTitle: text('Saj'), price: 0.35, soldOut: false },
  ],
};
const extras: ModifierGroup = {
  id: id(30),
  localizedTitle: text('Extra meat'),
  minQuantity: 0,
  maxQuantity: 3,
  allowModifierItemCounter: true,
  modifierItems: [{ id: id(31), localizedTitle: text('Skewer'), price: 1.125, soldOut: false }],
};
const grill: MenuItem = {
  id: id(1),
  localizedTitle: text('Mixed grill'),
  localizedDesc: null,
  thumbnail: null,
  enableSpecialRequest: true,
  variants: [
    { id: id(2), localizedTitle: text('For one'), price: 8.5, soldOut: false },
    { id: id(3), localizedTitle: text('For two'), price: 15, soldOut: false },
  ],
  modifierGroups: [sauces, bread, extras],
  soldOut: false,
  backAt: null,
};
const coffee: MenuItem = {
  id: id(4),
  localizedTitle: text('Coffee'),
  localizedDesc: null,
  thumbnail: null,
  enableSpecialRequest: false,
  variants: [{ id: id(5), localizedTitle: text('Regular'), price: 1, soldOut: false }],
  modifierGroups: [],
  soldOut: false,
  backAt: null,
};
const menu = {
  sections: [
    { id: id(90), localizedTitle: text('Grills'), parentTitles: [], items: [grill, coffee] },
  ],
};

describe('the menu card price', () => {
  it('shows the cheapest variant, prefixed “from” only when there are several', () => {
    expect(startsFrom(grill)).toEqual({ price: 8.5, from: true });
    expect(startsFrom(coffee)).toEqual({ price: 1, from: false });
  });
});

describe('modifier groups within their min and max', () => {
  it('asks for the minimum and refuses more than the maximum', () => {
    expect(groupIssue(sauces, {})).toBe('modifier_group_min');
    expect(groupIssue(sauces, { [id(11)]: 1 })).toBeNull();
    expect(groupIssue(sauces, { [id(11)]: 1, [id(12)]: 1, [id(13)]: 1 })).toBe(
      'modifier_group_max',
    );
    expect(selectionIssues(grill, {})).toEqual({ [sauces.id]: 'modifier_group_min' });
  });

  it('adds choices until the maximum, then ignores more', () => {
    let s = toggleModifier(sauces, {}, id(11));
    s = toggleModifier(sauces, s, id(12));
    expect(toggleModifier(sauces, s, id(13))).toBe(s);
    expect(toggleModifier(sauces, s, id(11))).toEqual({ [id(12)]: 1 });
  });

  it('swaps the choice of a single-choice group', () => {
    const pita = toggleModifier(bread, {}, id(21));
    expect(toggleModifier(bread, pita, id(22))).toEqual({ [id(22)]: 1 });
  });

  it('counts a counter group’s items up to the group’s maximum', () => {
    let s = {};
    for (let i = 0; i < 5; i++) s = stepModifier(extras, s, id(31), 1);
    expect(s).toEqual({ [id(31)]: 3 });
    expect(stepModifier(extras, s, id(31), -1)).toEqual({ [id(31)]: 2 });
    expect(stepModifier(extras, { [id(31)]: 1 }, id(31), -1)).toEqual({});
  });
});

describe('cart prices, exact to the thousandth', () => {
  it('prices a unit as the variant plus each modifier times its quantity', () => {
    const line = lineOf(grill, id(3), { [id(11)]: 1, [id(22)]: 1, [id(31)]: 2 }, 1);
    // 15 + 0.25 + 0.35 + 2 × 1.125 = 17.85
    expect(unitPrice(grill, line.variantId, line.modifiers)).toBe(17_850n);
  });

  it('never drifts like binary floats (0.1 + 0.2)', () => {
    const item = {
      ...coffee,
      variants: [{ id: id(5), localizedTitle: text('Regular'), price: 0.1, soldOut: false }],
      modifierGroups: [
        {
          ...bread,
          modifierItems: [{ id: id(21), localizedTitle: text('Shot'), price: 0.2, soldOut: false }],
        },
      ],
    };
    const line = lineOf(item, id(5), { [id(21)]: 1 }, 3);
    const { itemsTotal } = priceCart({ sections: [{ ...menu.sections[0]!, items: [item] }] }, [
      line,
    ]);
    expect(itemsTotal).toBe(900n);
  });

  it('merges the same choice into one line and keeps different choices apart', () => {
    const a = lineOf(grill, id(2), { [id(11)]: 1 }, 1);
    const b = lineOf(grill, id(2), { [id(11)]: 1 }, 2);
    const c = lineOf(grill, id(2), { [id(12)]: 1 }, 1);
    const d = lineOf(grill, id(2), { [id(11)]: 1 }, 1, 'well done');
    const lines = [a, b, c, d].reduce(addLine, []);
    expect(lines.map((l) => l.quantity)).toEqual([3, 1, 1]);
    expect(itemCount(lines)).toBe(5);
    expect(setQuantity(lines, a.id, 0)).toHaveLength(2);
    expect(setQuantity(lines, a.id, 500)[0]!.quantity).toBe(99);
  });

  it('totals the lines and sets apart those the menu no longer offers', () => {
    const grillLine = lineOf(grill, id(2), { [id(12)]: 1 }, 2);
    const coffeeLine = lineOf(coffee, id(5), {}, 3);
    const gone = { ...lineOf(coffee, id(5), {}, 1), id: 'gone', variantId: id(99) };
    const { priced, unavailable, itemsTotal } = priceCart(menu, [grillLine, coffeeLine, gone]);
    // 2 × (8.5 + 0.1) + 3 × 1 = 20.2
    expect(itemsTotal).toBe(20_200n);
    expect(priced.map((p) => p.total)).toEqual([17_200n, 3_000n]);
    expect(unavailable).toEqual([gone]);
  });

  it('sends the intake variants, quantities and modifiers only, never a price', () => {
    const line = lineOf(grill, id(2), { [id(31)]: 2, [id(11)]: 1 }, 2, '  no onions ');
    expect(toIntakeItems([line])).toEqual([
      {
        variantId: id(2),
        quantity: 2,
        modifiers: [
          { modifierItemId: id(11), quantity: 1 },
          { modifierItemId: id(31), quantity: 2 },
        ],
        specialRequest: 'no onions',
      },
    ]);
  });
});
