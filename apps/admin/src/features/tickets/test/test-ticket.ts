import type { Ticket } from '@app/contracts';
import { TEST_PROFILE, TEST_TENANT } from '../../../test/app-render.tsx';

export const TICKET_ID = '66666666-6666-4666-8666-666666666666';
export const HARBOUR = TEST_PROFILE.branchProfiles[0]!.branchId;
export const OLD_TOWN = TEST_PROFILE.branchProfiles[1]!.branchId;
const ZERO_FEES = { taxes: [], taxAmount: 0, totalForDisplay: 0 };

/** A delivery ticket of the test tenant with one line, a modifier and a child modifier. */
export function testTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    ticketType: 'cartticket',
    id: TICKET_ID,
    tenantId: TEST_TENANT.tenantId,
    tenantName: TEST_TENANT.localizedName,
    branchId: HARBOUR,
    branchName: { fieldValue: 'Harbour Street' },
    ticketNumber: 42,
    timestamp: '2025-03-01T17:05:00.000Z',
    status: 'UnVerified',
    lang: 'en',
    cancellationReason: null,
    ticketDetails: {
      checkoutUiTemplate: 'DELIVERY',
      firstName: 'Rana',
      lastName: 'Haddad',
      reservationLastName: null,
      phoneNumber: '+962791112233',
      onPropertyInfo: null,
      serviceArea: null,
      preferredFulfillmentLocalDateTime: null,
      isFulfillmentAsap: true,
      deliveryZoneId: '77777777-7777-4777-8777-777777777777',
      deliveryZone: { fieldValue: 'Abdoun', ar: 'عبدون' },
      shippingAddress: {
        lat: 31.95,
        lng: 35.88,
        address1: 'Abdoun Circle',
        streetAddress: 'Cairo Street',
        building: '12',
        floor: '3',
        apartment: '7',
        manualDirections: 'Blue door',
      },
      customerCheckoutSpecialInstructions: 'Ring twice',
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
          quantity: 2,
          localizedTitle: { fieldValue: 'Hummus', ar: 'حمص' },
          localizedDesc: null,
          price: 3.25,
          total: 6.5,
          totalForDisplay: 6.5,
          specialRequest: 'No garlic',
          variant: {
            id: '88888888-8888-4888-8888-888888888882',
            localizedTitle: { fieldValue: 'Large', ar: 'كبير' },
            price: 2.5,
            basePrice: 2.5,
            appliedPriceAdjustmentId: null,
          },
          itemModifiers: [
            {
              id: '88888888-8888-4888-8888-888888888883',
              modifierGroupId: '88888888-8888-4888-8888-888888888884',
              modifierGroupTitle: { fieldValue: 'Extras' },
              localizedTitle: { fieldValue: 'Pine nuts' },
              price: 0.75,
              quantity: 1,
              total: 0.75,
              childItemModifiers: [
                {
                  id: '88888888-8888-4888-8888-888888888885',
                  localizedTitle: { fieldValue: 'Toasted' },
                  price: 0,
                  quantity: 1,
                },
              ],
            },
          ],
          taxes: [
            {
              taxId: null,
              taxType: 'INCLUSIVE',
              percentage: 16,
              localizedTitle: null,
              taxAmount: 0.897,
            },
          ],
          taxAmount: 0.897,
        },
      ],
      currency: 'JOD',
      itemsTotal: 6.5,
      itemsTotalForDisplay: 6.5,
      inclusiveTaxTotal: 0.897,
      additiveTaxTotal: 0,
      deliveryTotal: 1.25,
      serviceChargeTotal: 0,
      discountDetails: { discountCode: null, discountType: null, appliedDiscountValue: 0 },
      deliveryFeesDetails: ZERO_FEES,
      serviceChargeFeesDetails: ZERO_FEES,
      deliveryFeesUnDefined: false,
      total: 7.75,
    },
    history: [],
    ...overrides,
  };
}
