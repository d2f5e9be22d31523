import { describe, expect, it } from 'vitest';
import { formatMoney, type Ticket } from '@app/contracts';
import { placedAt, renderReceipt } from './receipt.ts';

const ID = '00000000-0000-4000-8000-000000000001';
const fees = { taxes: [], taxAmount: 0, totalForDisplay: 0 };

function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    ticketType: 'cartticket',
    id: ID,
    tenantId: ID,
    tenantName: { fieldValue: 'Al Bayt Kitchen', ar: 'مطبخ البيت' },
    branchId: ID,
    branchName: { fieldValue: 'Abdoun', ar: 'عبدون' },
    ticketNumber: 17,
    timestamp: '2026-11-22T02:03:00.000Z',
    status: 'UnVerified',
    lang: 'ar',
    cancellationReason: null,
    ticketDetails: {
      checkoutUiTemplate: 'DELIVERY',
      firstName: 'Rana',
      lastName: null,
      reservationLastName: null,
      phoneNumber: '+962791112233',
      onPropertyInfo: null,
      serviceArea: null,
      preferredFulfillmentLocalDateTime: null,
      isFulfillmentAsap: true,
      deliveryZoneId: ID,
      deliveryZone: { fieldValue: 'Abdoun', ar: 'عبدون' },
      shippingAddress: { address1: 'Abdoun Circle' },
      customerCheckoutSpecialInstructions: null,
      paymentMethodType: 'CASH',
      paymentDetails: {
        paymentMethodType: 'CASH',
        cardScheme: null,
        maskedValue: null,
        paymentStatus: null,
        paymentUniqueInvoiceId: null,
      },
      uniqueLink: null,
    },
    cartData: {
      cartItems: [
        {
          itemId: ID,
          variantId: ID,
          quantity: 1,
          localizedTitle: { fieldValue: 'Hummus', ar: 'حمص' },
          localizedDesc: null,
          price: 2.5,
          total: 2.5,
          totalForDisplay: 2.5,
          specialRequest: null,
          variant: {
            id: ID,
            localizedTitle: { fieldValue: 'Large' },
            price: 2.5,
            basePrice: 2.5,
            appliedPriceAdjustmentId: null,
          },
          itemModifiers: [
            {
              id: ID,
              modifierGroupId: ID,
              modifierGroupTitle: { fieldValue: 'Extras' },
              localizedTitle: { fieldValue: 'M'.repeat(130) },
              price: 0,
              quantity: 1,
              total: 0,
              childItemModifiers: [
                { id: ID, localizedTitle: { fieldValue: 'C'.repeat(90) }, price: 0, quantity: 1 },
              ],
            },
          ],
          taxes: [],
          taxAmount: 0,
        },
      ],
      currency: 'JOD',
      itemsTotal: 2.5,
      itemsTotalForDisplay: 2.5,
      inclusiveTaxTotal: 0,
      additiveTaxTotal: 0,
      deliveryTotal: 0,
      serviceChargeTotal: 0,
      discountDetails: { discountCode: null, discountType: null, appliedDiscountValue: 0 },
      deliveryFeesDetails: fees,
      serviceChargeFeesDetails: fees,
      deliveryFeesUnDefined: true,
      total: 2.5,
    },
    history: [],
    ...overrides,
  };
}

describe('the receipt', () => {
  it("prints the placing time on the branch's clock, day first, in every language", () => {
    expect(placedAt('2026-11-22T02:03:00.000Z', 'Asia/Amman')).toBe('22/11/2026 05:03');
    expect(placedAt('2026-07-01T23:59:00.000Z', 'Europe/Madrid')).toBe('02/07/2026 01:59');
    for (const lang of ['en', 'ar', 'es'] as const) {
      const html = renderReceipt(ticket(), { lang, size: '80', timeZone: 'Asia/Amman' });
      expect(html).toContain('<span dir="ltr">22/11/2026 05:03</span>');
      // No bidi marks from a locale's own date format inside the left-to-right span.
      expect(html).not.toMatch(/[\u200e\u200f\u061c]/);
    }
  });

  it('truncates modifier titles at 120 characters and child modifiers at 80', () => {
    const html = renderReceipt(ticket(), { lang: 'en', size: '58', timeZone: 'UTC' });
    expect(html).toContain(`${'M'.repeat(119)}…`);
    expect(html).not.toContain('M'.repeat(120));
    expect(html).toContain(`(${'C'.repeat(79)}…)`);
    expect(html).not.toContain('C'.repeat(80));
  });

  it('says a delivery fee to be agreed instead of an amount', () => {
    const ar = renderReceipt(ticket(), { lang: 'ar', size: '80', timeZone: 'UTC' });
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('رسوم التوصيل');
    expect(ar).toContain('تحدد لاحقاً');
    const en = renderReceipt(ticket(), { lang: 'en', size: '80', timeZone: 'UTC' });
    expect(en).toContain('to be confirmed');
  });

  it('names the discount by its code and type, free delivery even while it takes 0', () => {
    const withDiscount = (discountDetails: Ticket['cartData']['discountDetails']) =>
      ticket({ cartData: { ...ticket().cartData, discountDetails, total: 2.125 } });
    const en = renderReceipt(
      withDiscount({
        discountCode: 'SAVE15',
        discountType: 'PERCENTAGE',
        appliedDiscountValue: 0.375,
      }),
      { lang: 'en', size: '80', timeZone: 'UTC' },
    );
    expect(en).toContain('Discount (SAVE15, percentage)');
    expect(en).toContain('-<span dir="ltr">0.375</span>');
    const ar = renderReceipt(
      withDiscount({
        discountCode: 'FREEDEL',
        discountType: 'FREE_DELIVERY',
        appliedDiscountValue: 0,
      }),
      { lang: 'ar', size: '80', timeZone: 'UTC' },
    );
    expect(ar).toContain('الخصم (FREEDEL, توصيل مجاني)');
    const none = renderReceipt(ticket(), { lang: 'en', size: '80', timeZone: 'UTC' });
    expect(none).not.toContain('Discount');
  });

  it("prints every amount as the screens show it, with the currency's own digits", () => {
    const big = ticket();
    big.cartData = { ...big.cartData, total: 1234.125 };
    const total = (html: string) =>
      /class="grand".*?<span dir="ltr">([^<]*)<\/span>/s.exec(html)?.[1];
    for (const lang of ['en', 'ar', 'es'] as const) {
      const html = renderReceipt(big, { lang, size: '80', timeZone: 'UTC' });
      expect(total(html)).toBe(formatMoney(1234.125, 'JOD', lang, { symbol: false }));
    }
    expect(total(renderReceipt(big, { lang: 'es', size: '80', timeZone: 'UTC' }))).toBe('1234,125');
    const euros = ticket();
    euros.cartData = { ...euros.cartData, currency: 'EUR', total: 2.5 };
    expect(total(renderReceipt(euros, { lang: 'en', size: '80', timeZone: 'UTC' }))).toBe('2.50');
  });

  it('prints the refund of a cancelled order paid online, with its state', () => {
    const paid = (paymentStatus: string) => {
      const t = ticket({ status: 'Cancelled', cancellationReason: 'OUT_OF_STOCK' });
      t.ticketDetails.paymentDetails = {
        ...t.ticketDetails.paymentDetails,
        paymentMethodType: 'CREDIT_CARD_ONLINE',
        paymentStatus,
      };
      return t;
    };
    const total = ticket().cartData.total;
    const en = renderReceipt(paid('REFUND_PENDING'), { lang: 'en', size: '80', timeZone: 'UTC' });
    expect(en).toContain(
      `<td>Refund (pending)</td><td class="amount">-<span dir="ltr">${formatMoney(total, 'JOD', 'en', { symbol: false })}</span>`,
    );
    const ar = renderReceipt(paid('REFUNDED'), { lang: 'ar', size: '80', timeZone: 'UTC' });
    expect(ar).toContain('<td>مُسترد</td>');
    const es = renderReceipt(paid('REFUND_FAILED'), { lang: 'es', size: '58', timeZone: 'UTC' });
    expect(es).toContain('<td>Reembolso rechazado</td>');
    // Paid and kept: no refund line.
    expect(renderReceipt(paid('SUCCESS'), { lang: 'en', size: '80', timeZone: 'UTC' })).not.toMatch(
      /Refund/,
    );
  });

  it('prints totals whose lines add up, an included tax in brackets', () => {
    const taxed = ticket();
    taxed.ticketDetails = { ...taxed.ticketDetails, checkoutUiTemplate: 'PICKUP' };
    taxed.cartData = {
      ...taxed.cartData,
      cartItems: [
        {
          ...taxed.cartData.cartItems[0]!,
          taxes: [
            {
              taxId: ID,
              taxType: 'INCLUSIVE',
              percentage: 16,
              localizedTitle: { fieldValue: 'VAT 16%' },
              taxAmount: 0.345,
            },
            {
              taxId: null,
              taxType: 'ADDITIVE',
              percentage: 10,
              localizedTitle: null,
              taxAmount: 0.25,
            },
          ],
        },
      ],
      itemsTotalForDisplay: 2.75,
      additiveTaxTotal: 0.25,
      inclusiveTaxTotal: 0.345,
      total: 2.75,
    };
    const html = renderReceipt(taxed, { lang: 'en', size: '80', timeZone: 'UTC' });
    const rows = [
      ...html.matchAll(/<tr[^>]*><td>([^<]*)<\/td><td class="amount">(.*?)<\/td><\/tr>/g),
    ]
      .map(([, label, value]) => [label, value!.replace(/<[^>]+>/g, '')])
      .slice(-4);
    // 2.500 + 0.250 = 2.750; the 0.345 of VAT is inside the 2.500.
    expect(rows).toEqual([
      ['Items total', '2.500'],
      ['VAT 16% (incl.)', '(0.345)'],
      ['Tax 10%', '0.250'],
      ['Total', '2.750 JOD'],
    ]);
  });
});
