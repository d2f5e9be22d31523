import { describe, expect, it } from 'vitest';
import {
  CatalogItemBody,
  CatalogItemFields,
  Money,
  Schedule,
  variantTitlesRule,
  variantTitlesRuleAlways,
} from './catalog.ts';

const codes = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('Money', () => {
  it('keeps prices exact as decimal text', () => {
    expect(Money.parse(1.75)).toBe('1.750');
    expect(Money.parse('0.1')).toBe('0.100');
    expect(Money.parse(100000)).toBe('100000.000');
  });
  it('refuses more than three decimals, negatives and prices over 100000', () => {
    expect(codes(Money.safeParse('1.2345'))).toContain('price_invalid');
    expect(codes(Money.safeParse(-1))).toEqual(['price_range']);
    expect(codes(Money.safeParse('-0.5'))).toEqual(['price_range']);
    expect(codes(Money.safeParse(100000.001))).toContain('price_range');
  });
});

describe('Schedule', () => {
  it('accepts separate slots on one day', () => {
    const r = Schedule.safeParse([
      { day: 1, openTime: '08:00', closeTime: '11:00' },
      { day: 1, openTime: '12:00', closeTime: '23:59' },
    ]);
    expect(r.success).toBe(true);
  });
  it('refuses an opening after the closing, a duplicate opening and an intersection', () => {
    expect(codes(Schedule.safeParse([{ day: 0, openTime: '12:00', closeTime: '10:00' }]))).toEqual([
      'operating_hour_range_invalid',
    ]);
    expect(
      codes(
        Schedule.safeParse([
          { day: 2, openTime: '10:00', closeTime: '12:00' },
          { day: 2, openTime: '10:00', closeTime: '14:00' },
        ]),
      ),
    ).toEqual(['operating_hour_duplicate_opening_hours']);
    expect(
      codes(
        Schedule.safeParse([
          { day: 3, openTime: '10:00', closeTime: '12:00' },
          { day: 3, openTime: '11:00', closeTime: '14:00' },
        ]),
      ),
    ).toEqual(['operating_hour_intersection']);
  });
  it('does not compare slots of different days', () => {
    expect(
      Schedule.safeParse([
        { day: 3, openTime: '10:00', closeTime: '12:00' },
        { day: 4, openTime: '10:00', closeTime: '12:00' },
      ]).success,
    ).toBe(true);
  });
});

describe('CatalogItemBody', () => {
  const base = {
    categories: ['3f1c8a4e-6b1a-4c1e-9f5e-2a7d9b0c1d2e'],
    localizedTitle: { fieldValue: 'Hummus' },
    variants: [{ price: 1, localizedTitle: { fieldValue: '' } }],
  };
  it('needs no variant title with one variant', () => {
    expect(CatalogItemBody.safeParse(base).success).toBe(true);
  });
  it('needs every variant title with several variants', () => {
    const r = CatalogItemBody.safeParse({
      ...base,
      variants: [...base.variants, { price: 2, localizedTitle: { fieldValue: 'Large' } }],
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['variants', 0, 'localizedTitle']);
  });
  it('bounds the title to 59 characters', () => {
    expect(
      CatalogItemBody.safeParse({ ...base, localizedTitle: { fieldValue: 'x'.repeat(60) } })
        .success,
    ).toBe(false);
    expect(
      CatalogItemBody.safeParse({ ...base, localizedTitle: { fieldValue: 'x'.repeat(59) } })
        .success,
    ).toBe(true);
  });
  it('exports the plain fields, which pick() like any object', () => {
    const titleOnly = CatalogItemFields.pick({ localizedTitle: true });
    expect(titleOnly.safeParse({ localizedTitle: { fieldValue: 'Hummus' } }).success).toBe(true);
  });
  it('reports the variant title rule together with other errors when asked to', () => {
    const body = {
      ...base,
      localizedTitle: { fieldValue: '' },
      variants: [
        { price: 1, localizedTitle: { fieldValue: '' } },
        { price: 'x', localizedTitle: { fieldValue: 'Large' } },
      ],
    };
    const always = CatalogItemFields.superRefine(variantTitlesRule, variantTitlesRuleAlways);
    const paths = always.safeParse(body).error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'localizedTitle.fieldValue',
        'variants.1.price',
        'variants.0.localizedTitle',
      ]),
    );
    // The server's body keeps zod's default: the rule waits for the rest to be valid.
    const serverPaths = CatalogItemBody.safeParse(body).error!.issues.map((i) => i.path.join('.'));
    expect(serverPaths).not.toContain('variants.0.localizedTitle');
  });
});
