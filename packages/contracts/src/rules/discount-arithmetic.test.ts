import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Currency } from '../common.ts';
import { priceCart, type PricingLine } from './pricing.ts';
import { discountFor, withDiscount, type DiscountRule } from './discount-arithmetic.ts';

const title = (en: string) => ({ fieldValue: en, en });
const ids = { tea: randomUUID(), grill: randomUUID(), hummus: randomUUID(), cake: randomUUID() };

/** A line of `quantity` units at `price`, with `modifier` added to each unit. */
const line = (itemId: string, price: string, quantity = 1, modifier?: string): PricingLine => ({
  itemId,
  variantId: randomUUID(),
  quantity,
  title: title('Item'),
  description: null,
  variantTitle: title('Regular'),
  basePrice: price,
  effectivePrice: price,
  appliedAdjustmentId: null,
  specialRequest: null,
  modifiers: modifier
    ? [
        {
          id: randomUUID(),
          groupId: randomUUID(),
          groupTitle: title('Extras'),
          title: title('Extra'),
          price: modifier,
          quantity: 1,
        },
      ]
    : [],
  taxes: [],
});

const cart = (lines: PricingLine[], opts: { currency?: Currency; fee?: string | null } = {}) =>
  priceCart({ currency: opts.currency ?? 'JOD', lines, deliveryFee: opts.fee });

const rule = (over: Partial<DiscountRule> = {}): DiscountRule => ({
  id: randomUUID(),
  code: 'SAVE',
  application: 'HIDDEN_CODE',
  type: 'PERCENTAGE',
  value: '10.000',
  minOrderValue: '0.000',
  maximumDiscountValue: '0.000',
  checkoutTemplates: ['DELIVERY', 'PICKUP', 'DINING'],
  limitedToItems: false,
  itemIds: [],
  ...over,
});

const amount = (c: ReturnType<typeof cart>, r: DiscountRule, template = 'PICKUP' as const) => {
  const outcome = discountFor(c, template, r);
  return outcome.applies ? outcome.amount : outcome.refusal;
};

describe('percentage', () => {
  it('takes the share of every line, rounded once half away from zero to the minor unit', () => {
    // 15 % of 3.333 = 0.49995 → 0.500 JOD (three decimals).
    expect(amount(cart([line(ids.tea, '1.111', 3)]), rule({ value: '15.000' }))).toBe('0.500');
    // 12.5 % of 0.90 = 0.1125 → 0.11 EUR; of 0.92 = 0.115 → 0.12 EUR (half away from zero).
    const eur = (price: string) => cart([line(ids.tea, price)], { currency: 'EUR' });
    expect(amount(eur('0.90'), rule({ value: '12.500' }))).toBe('0.110');
    expect(amount(eur('0.92'), rule({ value: '12.500' }))).toBe('0.120');
  });

  it('rounds the sum of the lines, not each line', () => {
    // Each line's 15 % is 0.1665; per line that would round to 0.167 + 0.167 = 0.334.
    const c = cart([line(ids.tea, '1.110'), line(ids.cake, '1.110')]);
    expect(amount(c, rule({ value: '15.000' }))).toBe('0.333');
  });

  it('is capped by the maximum above 0, and 0 sets no cap', () => {
    const c = cart([line(ids.grill, '15.000', 2)]);
    expect(amount(c, rule({ value: '50.000', maximumDiscountValue: '5.000' }))).toBe('5.000');
    expect(amount(c, rule({ value: '50.000', maximumDiscountValue: '0.000' }))).toBe('15.000');
  });

  it('counts only the affected items, modifiers included', () => {
    const c = cart([line(ids.grill, '8.500', 1, '1.500'), line(ids.tea, '0.900', 2)]);
    const r = rule({ value: '10.000', limitedToItems: true, itemIds: [ids.grill] });
    expect(amount(c, r)).toBe('1.000');
  });

  it('never takes more than 100 % of the affected lines', () => {
    expect(amount(cart([line(ids.tea, '2.000')]), rule({ value: '100.000' }))).toBe('2.000');
  });
});

describe('fixed', () => {
  it('takes the value, capped by the maximum above 0', () => {
    const c = cart([line(ids.grill, '15.000')]);
    expect(amount(c, rule({ type: 'FIXED', value: '3.000' }))).toBe('3.000');
    expect(amount(c, rule({ type: 'FIXED', value: '30.000', maximumDiscountValue: '7.500' }))).toBe(
      '7.500',
    );
  });

  it('never takes more than the affected lines cost', () => {
    const c = cart([line(ids.grill, '15.000'), line(ids.tea, '0.900')]);
    const r = rule({ type: 'FIXED', value: '5.000', limitedToItems: true, itemIds: [ids.tea] });
    expect(amount(c, r)).toBe('0.900');
  });

  it('rounds a value finer than the currency to its minor unit', () => {
    const c = cart([line(ids.tea, '5.50')], { currency: 'EUR' });
    expect(amount(c, rule({ type: 'FIXED', value: '1.255' }))).toBe('1.260');
  });
});

describe('buy one get one', () => {
  const bogo = (over: Partial<DiscountRule> = {}) =>
    rule({ type: 'BUY_ONE_GET_ONE', value: '0.000', ...over });

  it('pairs the units from the dearest down and gives the cheaper of each pair', () => {
    // Units 5, 4, 3, 2, 1 → pairs (5,4) (3,2), the 1 alone: 4 + 2 free.
    const c = cart([
      line(ids.grill, '5.000'),
      line(ids.hummus, '2.000'),
      line(ids.tea, '1.000'),
      line(ids.cake, '4.000'),
      line(randomUUID(), '3.000'),
    ]);
    expect(amount(c, bogo())).toBe('6.000');
  });

  it('counts a line of several units as that many units', () => {
    // Three teas at 0.900 and one cake at 4.000: (4.000, 0.900) (0.900, 0.900) → 1.800 free.
    const c = cart([line(ids.tea, '0.900', 3), line(ids.cake, '4.000')]);
    expect(amount(c, bogo())).toBe('1.800');
  });

  it('pairs only the affected items', () => {
    const c = cart([line(ids.grill, '8.500', 2), line(ids.tea, '0.900', 2)]);
    expect(amount(c, bogo({ limitedToItems: true, itemIds: [ids.tea] }))).toBe('0.900');
  });

  it('needs two affected units', () => {
    const c = cart([line(ids.grill, '8.500'), line(ids.tea, '0.900')]);
    expect(amount(c, bogo({ limitedToItems: true, itemIds: [ids.tea] }))).toBe(
      'discount_items_not_in_cart',
    );
  });
});

describe('free delivery', () => {
  const free = rule({
    type: 'FREE_DELIVERY',
    value: '0.000',
    checkoutTemplates: ['DELIVERY'],
  });

  it('takes the delivery fee', () => {
    const c = cart([line(ids.tea, '0.900')], { fee: '2.500' });
    expect(amount(c, free, 'DELIVERY' as never)).toBe('2.500');
    expect(withDiscount(c, free, '2.500').total).toBe('0.900');
  });

  it('takes nothing while the fee is undefined, and still records the discount', () => {
    const c = cart([line(ids.tea, '0.900')], { fee: null });
    expect(amount(c, free, 'DELIVERY' as never)).toBe('0.000');
    expect(withDiscount(c, free, '0.000').discountDetails).toEqual({
      discountCode: 'SAVE',
      discountType: 'FREE_DELIVERY',
      appliedDiscountValue: '0.000',
    });
  });

  it('is refused for another template', () => {
    expect(amount(cart([line(ids.tea, '0.900')]), free)).toBe('discount_template_not_allowed');
  });
});

describe('rules before arithmetic', () => {
  it('compares the minimum with the items total, fees and additive taxes left out', () => {
    const c = cart([line(ids.grill, '9.999')], { fee: '2.500' });
    expect(amount(c, rule({ minOrderValue: '10.000' }))).toBe('discount_min_order_not_met');
    expect(amount(c, rule({ minOrderValue: '9.999' }))).toBe('1.000');
  });

  it('refuses a template the discount is not enabled for', () => {
    const c = cart([line(ids.tea, '1.000')]);
    expect(amount(c, rule({ checkoutTemplates: ['DELIVERY'] }))).toBe(
      'discount_template_not_allowed',
    );
  });

  it('refuses a cart without the affected items, even once they are all deleted', () => {
    const c = cart([line(ids.tea, '1.000')]);
    expect(amount(c, rule({ limitedToItems: true, itemIds: [ids.grill] }))).toBe(
      'discount_items_not_in_cart',
    );
    expect(amount(c, rule({ limitedToItems: true, itemIds: [] }))).toBe(
      'discount_items_not_in_cart',
    );
  });
});

describe('the discounted cart', () => {
  it('records code, type and value and takes the value off the total, additive taxes kept', () => {
    const taxed: PricingLine = {
      ...line(ids.grill, '10.000'),
      taxes: [
        { taxId: randomUUID(), taxType: 'ADDITIVE', percentage: '10.0000', title: title('Svc') },
      ],
    };
    const c = cart([taxed], { fee: '1.500' });
    expect(c.total).toBe('12.500');
    const r = rule({ value: '20.000' });
    const out = withDiscount(c, r, amount(c, r));
    expect(out.discountDetails).toEqual({
      discountCode: 'SAVE',
      discountType: 'PERCENTAGE',
      appliedDiscountValue: '2.000',
    });
    expect(out.total).toBe('10.500');
    expect(out.additiveTaxTotal).toBe('1.000');
  });
});
