import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyAdjustment,
  effectivePrice,
  PriceAdjustmentBody,
  scheduleOpen,
  type AdjustmentRule,
} from './price-adjustments.ts';
import { toMilli } from './money.ts';

const VARIANT = '11111111-1111-4111-8111-111111111111';
const price = fc
  .integer({ min: 0, max: 100_000_000 })
  .map((m) => `${Math.floor(m / 1000)}.${String(m % 1000).padStart(3, '0')}`);
const rule: fc.Arbitrary<AdjustmentRule> = fc.record({
  id: fc.uuid(),
  adjustmentType: fc.constantFrom('Percentage' as const, 'Flat' as const),
  adjustmentDirection: fc.constantFrom('Increase' as const, 'Decrease' as const),
  amount: fc
    .integer({ min: 1, max: 100_000 })
    .map((m) => `${Math.floor(m / 1000)}.${String(m % 1000).padStart(3, '0')}`),
  checkoutTemplates: fc.subarray(['DELIVERY', 'PICKUP', 'DINING'] as const, { minLength: 1 }),
  priority: fc.integer({ min: 1, max: 15 }),
  isActive: fc.boolean(),
  variantIds: fc.constantFrom([VARIANT], [] as string[]),
  schedule: fc.constantFrom([], [{ day: 1, dayClosed: true, openTime: null, closeTime: null }]),
});
const moment = fc.record({
  day: fc.integer({ min: 0, max: 6 }),
  minutes: fc.integer({ min: 0, max: 1439 }),
});
const template = fc.constantFrom('DELIVERY' as const, 'PICKUP' as const, 'DINING' as const);

describe('effectivePrice laws', () => {
  it('leaves the price as it is when no adjustment exists', () => {
    fc.assert(
      fc.property(price, template, moment, (p, t, at) => {
        const r = effectivePrice({ price: p, variantId: VARIANT, template: t, at, rules: [] });
        expect(r).toEqual({ price: p, appliedAdjustmentId: null });
      }),
    );
  });

  it('applies exactly one adjustment: the highest-priority one that matches', () => {
    fc.assert(
      fc.property(price, fc.array(rule, { maxLength: 8 }), template, moment, (p, rules, t, at) => {
        const r = effectivePrice({ price: p, variantId: VARIANT, template: t, at, rules });
        const matching = rules.filter(
          (x) =>
            x.isActive &&
            x.checkoutTemplates.includes(t) &&
            (x.variantIds as string[]).includes(VARIANT) &&
            scheduleOpen(x.schedule, at),
        );
        if (matching.length === 0) {
          expect(r.appliedAdjustmentId).toBeNull();
          expect(r.price).toBe(p);
          return;
        }
        const top = Math.min(...matching.map((x) => x.priority));
        const chosen = rules.find((x) => x.id === r.appliedAdjustmentId)!;
        expect(chosen.priority).toBe(top);
        expect(r.price).toBe(applyAdjustment(p, chosen));
      }),
    );
  });

  it('does not depend on the order the adjustments were linked in', () => {
    fc.assert(
      fc.property(
        price,
        fc.array(rule, { maxLength: 8 }),
        template,
        moment,
        fc.integer(),
        (p, rules, t, at, seed) => {
          const shuffled = [...rules]
            .sort(
              (a, b) =>
                ((a.id.charCodeAt(seed & 7) ^ seed) & 7) - ((b.id.charCodeAt(seed & 7) ^ seed) & 7),
            )
            .reverse();
          expect(
            effectivePrice({ price: p, variantId: VARIANT, template: t, at, rules: shuffled }),
          ).toEqual(effectivePrice({ price: p, variantId: VARIANT, template: t, at, rules }));
        },
      ),
    );
  });

  it('never goes below zero and keeps three exact decimals', () => {
    fc.assert(
      fc.property(price, rule, (p, r) => {
        const out = applyAdjustment(p, r);
        expect(out).toMatch(/^\d+\.\d{3}$/);
        expect(toMilli(out) >= 0n).toBe(true);
      }),
    );
  });
});

describe('effectivePrice examples', () => {
  const base = {
    checkoutTemplates: ['DELIVERY'] as const,
    isActive: true,
    variantIds: [VARIANT],
    schedule: [],
  };
  it('follows priority 1 over priority 2', () => {
    const rules: AdjustmentRule[] = [
      {
        ...base,
        id: 'a',
        adjustmentType: 'Percentage',
        adjustmentDirection: 'Increase',
        amount: '10',
        priority: 2,
      },
      {
        ...base,
        id: 'b',
        adjustmentType: 'Flat',
        adjustmentDirection: 'Decrease',
        amount: '0.500',
        priority: 1,
      },
    ];
    const at = { day: 2, minutes: 600 };
    expect(
      effectivePrice({ price: '8.500', variantId: VARIANT, template: 'DELIVERY', at, rules }),
    ).toEqual({ price: '8.000', appliedAdjustmentId: 'b' });
    expect(
      effectivePrice({
        price: '8.500',
        variantId: VARIANT,
        template: 'DELIVERY',
        at,
        rules: [rules[0]!],
      }).price,
    ).toBe('9.350');
    expect(
      effectivePrice({ price: '8.500', variantId: VARIANT, template: 'PICKUP', at, rules }).price,
    ).toBe('8.500');
  });
  it('rounds a percentage half away from zero to a thousandth', () => {
    expect(
      applyAdjustment('0.005', {
        adjustmentType: 'Percentage',
        adjustmentDirection: 'Increase',
        amount: '10',
      }),
    ).toBe('0.006');
    expect(
      applyAdjustment('1.000', {
        adjustmentType: 'Flat',
        adjustmentDirection: 'Decrease',
        amount: '5',
      }),
    ).toBe('0.000');
  });
  it('respects the schedule: closed days and slots', () => {
    const schedule = [{ day: 5, dayClosed: false, openTime: '12:00', closeTime: '15:00' }];
    expect(scheduleOpen(schedule, { day: 5, minutes: 12 * 60 })).toBe(true);
    expect(scheduleOpen(schedule, { day: 5, minutes: 15 * 60 })).toBe(false);
    expect(scheduleOpen(schedule, { day: 4, minutes: 0 })).toBe(true);
  });
});

describe('PriceAdjustmentBody', () => {
  const ok = {
    name: 'Delivery up',
    adjustmentType: 'Percentage',
    adjustmentDirection: 'Increase',
    amount: 10,
    checkoutTemplates: ['DELIVERY'],
    priority: 2,
  };
  const messages = (v: unknown) => {
    const r = PriceAdjustmentBody.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };
  it('accepts a valid adjustment', () => expect(messages(ok)).toEqual([]));
  it('refuses Override, names outside 5–20, no template, priority outside 1–15', () => {
    expect(messages({ ...ok, adjustmentType: 'Override' })).toContain(
      'adjustmentType:adjustment_type_not_supported',
    );
    expect(messages({ ...ok, name: 'abcd' }).length).toBe(1);
    expect(messages({ ...ok, name: 'x'.repeat(21) }).length).toBe(1);
    expect(messages({ ...ok, checkoutTemplates: [] }).length).toBe(1);
    expect(messages({ ...ok, priority: 16 }).length).toBe(1);
    expect(messages({ ...ok, adjustmentDirection: null })).toContain(
      'adjustmentDirection:required',
    );
    expect(messages({ ...ok, amount: 101 })).toContain('amount:max');
  });
});
