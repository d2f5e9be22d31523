import type { Ticket } from '@app/contracts';

const NO_FEES = { taxes: [], taxAmount: 0, totalForDisplay: 0 };

/**
 * An order as the intake answers it (the contracts' Ticket): a pickup of one line paid in
 * cash, for the apps' tests of what follows an order (a fake server answers it).
 */
export function placedTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    ticketType: 'cartticket',
    id: '66666666-6666-4666-8666-666666666666',
    tenantId: '11111111-1111-4111-8111-111111111111',
    tenantName: { fieldValue: 'Test Tavern' },
    branchId: '22222222-2222-4222-8222-222222222222',
    branchName: { fieldValue: 'Harbour Street' },
    ticketNumber: 42,
    timestamp: '2025-03-01T17:05:00.000Z',
    status: 'UnVerified',
    lang: 'en',
    cancellationReason: null,
    ticketDetails: {
      checkoutUiTemplate: 'PICKUP',
      firstName: 'Rana',
      lastName: null,
      reservationLastName: null,
      phoneNumber: null,
      onPropertyInfo: null,
      serviceArea: null,
      preferredFulfillmentLocalDateTime: null,
      isFulfillmentAsap: true,
      deliveryZoneId: null,
      deliveryZone: null,
      shippingAddress: null,
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
          itemId: '88888888-8888-4888-8888-888888888881',
          variantId: '88888888-8888-4888-8888-888888888882',
          quantity: 1,
          localizedTitle: { fieldValue: 'Hummus' },
          localizedDesc: null,
          price: 2.5,
          total: 2.5,
          totalForDisplay: 2.5,
          specialRequest: null,
          variant: {
            id: '88888888-8888-4888-8888-888888888882',
            localizedTitle: { fieldValue: 'Large' },
            price: 2.5,
            basePrice: 2.5,
            appliedPriceAdjustmentId: null,
          },
          itemModifiers: [],
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
      deliveryFeesDetails: NO_FEES,
      serviceChargeFeesDetails: NO_FEES,
      deliveryFeesUnDefined: false,
      total: 2.5,
    },
    history: [],
    ...overrides,
  };
}
