import type { Ticket } from '@app/contracts';
import { placedTicket } from '../../../../../../tools/testing/ticket.ts';

type Line = Ticket['cartData']['cartItems'][number];
const base = placedTicket();
const first = base.cartData.cartItems[0]!;

/** A line of the sample: the shared fixture's line with its titles, quantity and price. */
const line = (
  title: [en: string, ar: string],
  variant: [en: string, ar: string],
  quantity: number,
  price: number,
  more: Partial<Line> = {},
): Line => ({
  ...first,
  quantity,
  localizedTitle: { fieldValue: title[0], ar: title[1] },
  price,
  total: price * quantity,
  totalForDisplay: price * quantity,
  variant: {
    ...first.variant,
    localizedTitle: { fieldValue: variant[0], ar: variant[1] },
    price,
    basePrice: price,
  },
  ...more,
});

/**
 * What the printers' tests and the README draw: a delivery order of Al Bayt Kitchen in Arabic,
 * with a modifier, a request, a code and instructions.
 */
export const sampleTicket: Ticket = placedTicket({
  tenantName: { fieldValue: 'Al Bayt Kitchen', ar: 'مطبخ البيت' },
  branchName: { fieldValue: 'Abdoun', ar: 'عبدون' },
  ticketNumber: 38,
  timestamp: '2026-11-22T17:03:00.000Z',
  status: 'InProgress',
  lang: 'ar',
  ticketDetails: {
    ...base.ticketDetails,
    checkoutUiTemplate: 'DELIVERY',
    lastName: 'Haddad',
    phoneNumber: '+962791112233',
    deliveryZoneId: base.branchId,
    deliveryZone: { fieldValue: 'Abdoun', ar: 'عبدون' },
    shippingAddress: { address1: 'Abdoun Circle', building: '12', floor: '3' },
    customerCheckoutSpecialInstructions: 'Ring twice, please',
  },
  cartData: {
    ...base.cartData,
    cartItems: [
      line(['Mixed grill', 'مشاوي مشكلة'], ['For two', 'لشخصين'], 1, 14.5, {
        itemModifiers: [
          {
            id: first.variantId,
            modifierGroupId: first.itemId,
            modifierGroupTitle: { fieldValue: 'Sides', ar: 'أطباق جانبية' },
            localizedTitle: { fieldValue: 'Extra garlic sauce', ar: 'صلصة ثوم إضافية' },
            price: 0.5,
            quantity: 2,
            total: 1,
            childItemModifiers: [],
          },
        ],
        total: 15.5,
        totalForDisplay: 15.5,
        specialRequest: 'Well done, no onions',
      }),
      line(['Hummus with tahini', 'حمص بالطحينة'], ['', ''], 2, 2.25),
      line(['Fresh lemon with mint', 'ليمون بالنعناع'], ['Large', 'كبير'], 3, 1.75),
    ],
    itemsTotal: 25.25,
    itemsTotalForDisplay: 25.25,
    deliveryTotal: 1.5,
    discountDetails: {
      discountCode: 'DAY7',
      discountType: 'PERCENTAGE',
      appliedDiscountValue: 2.525,
    },
    total: 24.225,
  },
});
