import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Currency } from '../common.ts';
import { fromMilli, toMilli } from '../money.ts';
import { minorUnit } from '../money.ts';
import { priceCart, toRate, type PricingLine, type PricingTax } from './pricing.ts';

const t = (en: string) => ({ fieldValue: en, en });
const vat: PricingTax = {
  taxId: 'vat',
  taxType: 'INCLUSIVE',
  percentage: '16.0000',
  title: t('VAT'),
};
const service: PricingTax = {
  taxId: 'svc',
  taxType: 'ADDITIVE',
  percentage: '10.0000',
  title: t('Service'),
};

const line = (over: Partial<PricingLine>): PricingLine => ({
  itemId: 'i',
  variantId: 'v',
  quantity: 1,
  title: t('Item'),
  description: null,
  variantTitle: t('Regular'),
  basePrice: '1.000',
  effectivePrice: '1.000',
  appliedAdjustmentId: null,
  specialRequest: null,
  modifiers: [],
  taxes: [],
  ...over,
});

describe('priceCart', () => {
  it('contains inclusive taxes and adds additive ones', () => {
    const cart = priceCart({
      currency: 'JOD',
      deliveryFee: '1.500',
      lines: [line({ effectivePrice: '8.500', taxes: [vat, service] })],
    });
    expect(cart.cartItems[0]).toMatchObject({
      total: '8.500',
      totalForDisplay: '9.350',
      taxAmount: '2.022',
    });
    expect(cart.cartItems[0]!.taxes.map((x) => x.taxAmount)).toEqual(['1.172', '0.850']);
    expect(cart).toMatchObject({ deliveryTotal: '1.500', total: '10.850' });
  });

  it('shares several inclusive rates out of one net amount', () => {
    const other: PricingTax = { ...vat, taxId: 'x', percentage: '4' };
    const cart = priceCart({
      currency: 'JOD',
      deliveryFee: undefined,
      lines: [line({ effectivePrice: '12.000', taxes: [vat, other] })],
    });
    // Net 12 / 1.20 = 10: 16 % is 1.600, 4 % is 0.400.
    expect(cart.cartItems[0]!.taxes.map((x) => x.taxAmount)).toEqual(['1.600', '0.400']);
    expect(cart.total).toBe('12.000');
  });

  it('reads tax rates to four decimals exactly', () => {
    expect(toRate('16.0000')).toBe(160_000n);
    expect(toRate('7.125')).toBe(71_250n);
    expect(() => toRate('abc')).toThrow();
  });

  it('keeps every amount whole in the currency and the total consistent', () => {
    const currencies: Currency[] = ['JOD', 'EUR', 'USD'];
    const price = fc.integer({ min: 0, max: 100_000_000 }).map((m) => fromMilli(BigInt(m)));
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.array(
          fc.record({
            price,
            quantity: fc.integer({ min: 1, max: 99 }),
            taxes: fc.subarray([vat, service]),
            modifiers: fc.array(fc.record({ price, quantity: fc.integer({ min: 1, max: 5 }) }), {
              maxLength: 3,
            }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.option(price, { nil: null }),
        (currency, lines, fee) => {
          const cart = priceCart({
            currency,
            deliveryFee: fee,
            lines: lines.map((l) =>
              line({
                effectivePrice: l.price,
                quantity: l.quantity,
                taxes: l.taxes,
                modifiers: l.modifiers.map((m, i) => ({
                  id: `m${i}`,
                  groupId: 'g',
                  groupTitle: t('G'),
                  title: t('M'),
                  price: m.price,
                  quantity: m.quantity,
                })),
              }),
            ),
          });
          const unit = minorUnit(currency);
          let additive = 0n;
          let items = 0n;
          for (const l of cart.cartItems) {
            items += toMilli(l.total);
            for (const x of l.taxes) {
              expect(toMilli(x.taxAmount) % unit).toBe(0n);
              if (x.taxType === 'ADDITIVE') additive += toMilli(x.taxAmount);
              else expect(toMilli(x.taxAmount)).toBeLessThanOrEqual(toMilli(l.total));
            }
            expect(toMilli(l.variant.price) % unit).toBe(0n);
          }
          expect(toMilli(cart.itemsTotal)).toBe(items);
          expect(toMilli(cart.additiveTaxTotal)).toBe(additive);
          expect(cart.deliveryFeesUnDefined).toBe(fee === null);
          expect(toMilli(cart.total)).toBe(items + additive + (fee ? toMilli(fee) : 0n));
        },
      ),
      { numRuns: 300 },
    );
  });
});
