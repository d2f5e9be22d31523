import { describe, expect, it } from 'vitest';
import { checkForm, emptyForm, intakeBody, offeredPayments, parseExpiry } from './checkout.ts';
import type { CartLine } from './cart.ts';

const variantId = '00000000-0000-4000-8000-000000000002';
const zoneId = '00000000-0000-4000-8000-000000000077';
const lines: CartLine[] = [
  { id: 'x', itemId: 'i', variantId, quantity: 1, modifiers: [], specialRequest: '' },
];
const check = (
  template: 'DELIVERY' | 'PICKUP' | 'DINING',
  changes: Partial<ReturnType<typeof emptyForm>> = {},
  tableId: string | null = null,
) => {
  const form = { ...emptyForm('CASH'), ...changes };
  return checkForm(intakeBody({ template, lines, form, tableId, lang: 'en' }), form);
};

describe('the checkout asks for what the intake requires per template', () => {
  it('a pickup paid in cash, as soon as possible, needs nothing more', () => {
    expect(check('PICKUP')).toEqual({});
  });

  it('a delivery needs a zone, an address and a valid phone', () => {
    expect(check('DELIVERY')).toEqual({
      deliveryZoneId: ['required'],
      'shippingAddress.address1': ['required'],
      phoneNumber: ['required'],
    });
    expect(check('DELIVERY', { zoneId, address1: 'Abdoun Circle', phone: '12' })).toEqual({
      phoneNumber: ['phone_invalid'],
    });
    expect(
      check('DELIVERY', { zoneId, address1: 'Abdoun Circle', phone: '+962 79 111 2233' }),
    ).toEqual({});
  });

  it('dine-in needs a table unless the QR code gave one', () => {
    expect(check('DINING')).toEqual({ serviceAreaId: ['required'] });
    expect(check('DINING', {}, zoneId)).toEqual({});
  });

  it('a later time needs a time, and a payment method is always needed', () => {
    expect(check('PICKUP', { asap: false })).toEqual({
      preferredFulfillmentLocalDateTime: ['required'],
    });
    expect(check('PICKUP', { asap: false, time: '2026-02-30T10:00' })).toEqual({
      preferredFulfillmentLocalDateTime: ['datetime_invalid'],
    });
    expect(check('PICKUP', { payment: '' })).toEqual({ paymentMethodType: ['required'] });
  });

  it('an online card needs a card number, an expiry and a security code', () => {
    expect(check('PICKUP', { payment: 'CREDIT_CARD_ONLINE' })).toEqual({
      cardNumber: ['invalid_card'],
      cardExpiry: ['invalid_card'],
      cardCvc: ['invalid_card'],
    });
    expect(
      check('PICKUP', {
        payment: 'CREDIT_CARD_ONLINE',
        cardNumber: '4242 4242 4242 4242',
        cardExpiry: '12/34',
        cardCvc: '123',
      }),
    ).toEqual({});
    expect(parseExpiry('7/2031')).toEqual({ expMonth: 7, expYear: 2031 });
    expect(parseExpiry('13/30')).toBeNull();
  });
});

describe('payment methods offered', () => {
  it('are the branch’s, without wallets, and online card only with a payment provider', () => {
    const methods = ['CASH', 'CREDIT_CARD_ONLINE', 'APPLE_PAY', 'GOOGLE_PAY'] as const;
    const menu = { paymentMethods: [...methods] };
    expect(offeredPayments(menu, { tokenUrl: '/t', publishableKey: 'pk' })).toEqual([
      'CASH',
      'CREDIT_CARD_ONLINE',
    ]);
    expect(offeredPayments(menu, null)).toEqual(['CASH']);
  });
});
