import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMilli } from '../money.ts';
import { cartSummary } from './cart-summary.ts';
import { discountFor, withDiscount, type DiscountRule } from './discount-arithmetic.ts';
import { priceCart, type PricingLine, type PricingTax } from './pricing.ts';
import { toCartData } from './stored-cart.ts';

const t = (en: string) => ({ fieldValue: en, en });
const vat: PricingTax = { taxId: 'vat', taxType: 'INCLUSIVE', percentage: '16', title: t('VAT') };
const sales: PricingTax = { taxId: 'st', taxType: 'ADDITIVE', percentage: '10', title: t('Tax') };
const city: PricingTax = { taxId: 'ct', taxType: 'ADDITIVE', percentage: '2.5', title: t('City') };

const line = (price: string, quantity: number, taxes: PricingTax[]): PricingLine => ({
  itemId: `i${price}`,
  variantId: 'v',
  quantity,
  title: t('Item'),
  description: null,
  variantTitle: t('Regular'),
  basePrice: price,
  effectivePrice: price,
  appliedAdjustmentId: null,
  specialRequest: null,
  modifiers: [],
  taxes,
});

const rule = (type: DiscountRule['type'], value: string): DiscountRule => ({
  id: 'd',
  code: 'CODE',
  application: 'MANUAL_ENTRY',
  type,
  value,
  minOrderValue: '0',
  maximumDiscountValue: '0',
  checkoutTemplates: ['DELIVERY'],
  limitedToItems: false,
  itemIds: [],
});

describe('cartSummary', () => {
  it('shows items before added taxes, each tax once, and lines that add up to the total', () => {
    const cart = toCartData(
      priceCart({
        currency: 'JOD',
        deliveryFee: '2.000',
        lines: [line('9.000', 2, [vat, sales])],
      }),
    );
    // 18.000 of items (2.483 VAT inside), 1.800 tax added, 2.000 delivery: 21.800.
    expect(cartSummary(cart)).toEqual({
      items: 18,
      addedTaxes: [{ taxId: 'st', localizedTitle: t('Tax'), percentage: 10, amount: 1.8 }],
      includedTaxes: [{ taxId: 'vat', localizedTitle: t('VAT'), percentage: 16, amount: 2.483 }],
      delivery: 2,
      serviceCharge: 0,
      discount: 0,
      total: 21.8,
    });
  });

  it('adds up to the total to the fil for any cart, tax mix and discount', () => {
    const price = fc.integer({ min: 0, max: 5_000_000 }).map((m) => (m / 1000).toFixed(3));
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price,
            quantity: fc.integer({ min: 1, max: 20 }),
            taxes: fc.subarray([vat, sales, city]),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.option(price, { nil: null }),
        fc.option(
          fc.oneof(
            fc.integer({ min: 1, max: 100 }).map((p) => rule('PERCENTAGE', String(p))),
            price.map((v) => rule('FIXED', v)),
            fc.constant(rule('FREE_DELIVERY', '0')),
          ),
          { nil: null },
        ),
        (lines, fee, discount) => {
          let stored = priceCart({
            currency: 'JOD',
            deliveryFee: fee,
            lines: lines.map((l) => line(l.price, l.quantity, l.taxes)),
          });
          if (discount) {
            const outcome = discountFor(stored, 'DELIVERY', discount);
            if (outcome.applies) stored = withDiscount(stored, discount, outcome.amount);
          }
          const s = cartSummary(toCartData(stored));
          const m = (v: number) => toMilli(String(v));
          const sum =
            m(s.items) +
            s.addedTaxes.reduce((n, x) => n + m(x.amount), 0n) +
            m(s.delivery ?? 0) +
            m(s.serviceCharge) -
            m(s.discount);
          expect(sum).toBe(m(s.total));
        },
      ),
    );
  });
});
