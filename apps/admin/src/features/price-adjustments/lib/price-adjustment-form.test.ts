import { describe, expect, it } from 'vitest';
import type { PriceAdjustmentResponse } from '@app/contracts';
import { priceAdjustment } from '../test/fixtures.ts';
import {
  newPriceAdjustmentForm,
  newPrices,
  priceAdjustmentErrorKey,
  priceAdjustmentResolver,
  toPriceAdjustmentBody,
} from './price-adjustment-form.ts';

const VARIANT = '55555555-0000-4000-8000-000000000001';
const adjustment = (over: Partial<PriceAdjustmentResponse>): PriceAdjustmentResponse =>
  priceAdjustment({
    linkedVariants: [
      {
        variantId: VARIANT,
        itemId: '77777777-0000-4000-8000-000000000001',
        itemTitle: 'Wrap',
        variantTitle: '',
        oldPrice: 8.5,
        newPrice: 9.35,
        priceReachesZero: false,
      },
    ],
    ...over,
  });
const MONDAY_NOON = { day: 1, minutes: 12 * 60 };

describe('the price adjustment form', () => {
  it('shows every §5 message at once on an empty submit', async () => {
    const values = newPriceAdjustmentForm();
    const result = await priceAdjustmentResolver(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    const keys = Object.entries(result.errors).map(([field, error]) =>
      priceAdjustmentErrorKey(
        field as keyof typeof values,
        (error as { message: string }).message,
        values,
      ),
    );
    expect(keys.sort()).toEqual(
      [
        'nameRequired',
        'typeRequired',
        'directionRequired',
        'amountRequired',
        'templatesRequired',
        'priorityRequired',
      ].sort(),
    );
  });

  it('words the name, amount and priority codes as §5 and §8 do', () => {
    const form = { ...newPriceAdjustmentForm(), name: 'abc', amount: '150', priority: '16' };
    expect(priceAdjustmentErrorKey('name', 'min', form)).toBe('nameMin');
    expect(priceAdjustmentErrorKey('name', 'max', form)).toBe('nameMax');
    expect(priceAdjustmentErrorKey('name', 'ItemAlreadyExists', form)).toBe('alreadyExists');
    expect(
      priceAdjustmentErrorKey('amount', 'max', { ...form, adjustmentType: 'Percentage' }),
    ).toBe('percentageMax');
    expect(priceAdjustmentErrorKey('amount', 'max', { ...form, adjustmentType: 'Flat' })).toBe(
      'amountMax',
    );
    expect(priceAdjustmentErrorKey('amount', 'amount_invalid', form)).toBe('amountInvalid');
    expect(priceAdjustmentErrorKey('priority', 'max', form)).toBe('priorityRange');
    expect(priceAdjustmentErrorKey('adjustmentType', 'adjustment_type_not_supported', form)).toBe(
      'typeNotSupported',
    );
  });

  it('always sends isActive true', () => {
    expect(toPriceAdjustmentBody({ ...newPriceAdjustmentForm(), priority: '3' })).toMatchObject({
      isActive: true,
      priority: 3,
    });
  });
});

describe('the new price preview', () => {
  it('follows the highest-priority adjustment of all, as the server prices orders', () => {
    const percent = adjustment({});
    const flat = adjustment({
      id: '66666666-0000-4000-8000-000000000002',
      name: 'Lunch deal',
      adjustmentType: 'Flat',
      adjustmentDirection: 'Decrease',
      amount: 0.5,
      priority: 1,
    });
    const [alone] = newPrices(percent.linkedVariants[0]!, percent, [percent], MONDAY_NOON);
    expect(alone).toEqual({
      template: 'DELIVERY',
      price: '9.350',
      appliedAdjustmentId: percent.id,
    });
    const [both] = newPrices(percent.linkedVariants[0]!, percent, [percent, flat], MONDAY_NOON);
    expect(both).toEqual({ template: 'DELIVERY', price: '8.000', appliedAdjustmentId: flat.id });
  });

  it('gives one price per covered template and respects schedules', () => {
    const a = adjustment({ checkoutTemplates: ['PICKUP', 'DELIVERY'] });
    const pickupOnly = adjustment({
      id: '66666666-0000-4000-8000-000000000003',
      adjustmentDirection: 'Decrease',
      amount: 100,
      checkoutTemplates: ['PICKUP'],
      priority: 1,
      // Closed on Mondays.
      schedule: [{ day: 1, dayClosed: true, openTime: null, closeTime: null }],
    });
    const monday = newPrices(a.linkedVariants[0]!, a, [a, pickupOnly], MONDAY_NOON);
    expect(monday.map((p) => [p.template, p.price])).toEqual([
      ['DELIVERY', '9.350'],
      ['PICKUP', '9.350'],
    ]);
    const tuesday = newPrices(a.linkedVariants[0]!, a, [a, pickupOnly], { day: 2, minutes: 600 });
    expect(tuesday.map((p) => [p.template, p.price])).toEqual([
      ['DELIVERY', '9.350'],
      ['PICKUP', '0.000'],
    ]);
  });
});
