import { type Currency, type LocalizedText } from '../common.ts';
import { type DiscountType } from '../discounts.ts';
import {
  type CartData,
  type TicketCartItem,
  type TicketDetails,
  type TicketModifier,
  type TicketTax,
  type TicketTaxType,
} from '../tickets.ts';

/**
 * The ticket's cart as stored in `tickets.cart_data`: the spec's shape (§3) with every amount
 * as exact decimal text ("12.500"). JSON numbers appear only when a ticket leaves the server.
 */
type Dec = string;

export type StoredTax = {
  taxId: string | null;
  taxType: TicketTaxType;
  percentage: Dec;
  localizedTitle: LocalizedText | null;
  taxAmount: Dec;
};

export type StoredModifier = {
  id: string;
  modifierGroupId: string;
  modifierGroupTitle: LocalizedText;
  localizedTitle: LocalizedText;
  price: Dec;
  quantity: number;
  total: Dec;
  childItemModifiers: { id: string; localizedTitle: LocalizedText; price: Dec; quantity: number }[];
};

export type StoredLine = {
  itemId: string;
  variantId: string;
  quantity: number;
  localizedTitle: LocalizedText;
  localizedDesc: LocalizedText | null;
  price: Dec;
  total: Dec;
  totalForDisplay: Dec;
  specialRequest: string | null;
  variant: {
    id: string;
    localizedTitle: LocalizedText;
    price: Dec;
    basePrice: Dec;
    appliedPriceAdjustmentId: string | null;
  };
  itemModifiers: StoredModifier[];
  taxes: StoredTax[];
  taxAmount: Dec;
};

export type StoredFees = { taxes: StoredTax[]; taxAmount: Dec; totalForDisplay: Dec };

export type StoredCart = {
  cartItems: StoredLine[];
  currency: Currency;
  itemsTotal: Dec;
  itemsTotalForDisplay: Dec;
  inclusiveTaxTotal: Dec;
  additiveTaxTotal: Dec;
  deliveryTotal: Dec;
  serviceChargeTotal: Dec;
  /** discountType is missing on tickets stored before discounts existed. */
  discountDetails: {
    discountCode: string | null;
    discountType?: DiscountType | null;
    appliedDiscountValue: Dec;
  };
  deliveryFeesDetails: StoredFees;
  serviceChargeFeesDetails: StoredFees;
  deliveryFeesUnDefined: boolean;
  total: Dec;
};

/**
 * Customer details hold no amounts: stored exactly as the API shows them (uniqueLink is missing
 * on tickets stored before unique links were recorded).
 */
export type StoredDetails = Omit<TicketDetails, 'uniqueLink'> & {
  uniqueLink?: TicketDetails['uniqueLink'];
};

export const toTicketDetails = (d: StoredDetails): TicketDetails => ({
  ...d,
  uniqueLink: d.uniqueLink ?? null,
});

// At the edge only: decimal text to a JSON number.
const n = (d: Dec) => Number(d);

const tax = (t: StoredTax): TicketTax => ({
  ...t,
  percentage: n(t.percentage),
  taxAmount: n(t.taxAmount),
});

const modifier = (m: StoredModifier): TicketModifier => ({
  ...m,
  price: n(m.price),
  total: n(m.total),
  childItemModifiers: m.childItemModifiers.map((c) => ({ ...c, price: n(c.price) })),
});

const line = (l: StoredLine): TicketCartItem => ({
  ...l,
  price: n(l.price),
  total: n(l.total),
  totalForDisplay: n(l.totalForDisplay),
  variant: { ...l.variant, price: n(l.variant.price), basePrice: n(l.variant.basePrice) },
  itemModifiers: l.itemModifiers.map(modifier),
  taxes: l.taxes.map(tax),
  taxAmount: n(l.taxAmount),
});

const fees = (f: StoredFees) => ({
  taxes: f.taxes.map(tax),
  taxAmount: n(f.taxAmount),
  totalForDisplay: n(f.totalForDisplay),
});

export function toCartData(c: StoredCart): CartData {
  return {
    cartItems: c.cartItems.map(line),
    currency: c.currency,
    itemsTotal: n(c.itemsTotal),
    itemsTotalForDisplay: n(c.itemsTotalForDisplay),
    inclusiveTaxTotal: n(c.inclusiveTaxTotal),
    additiveTaxTotal: n(c.additiveTaxTotal),
    deliveryTotal: n(c.deliveryTotal),
    serviceChargeTotal: n(c.serviceChargeTotal),
    discountDetails: {
      discountCode: c.discountDetails.discountCode,
      discountType: c.discountDetails.discountType ?? null,
      appliedDiscountValue: n(c.discountDetails.appliedDiscountValue),
    },
    deliveryFeesDetails: fees(c.deliveryFeesDetails),
    serviceChargeFeesDetails: fees(c.serviceChargeFeesDetails),
    deliveryFeesUnDefined: c.deliveryFeesUnDefined,
    total: n(c.total),
  };
}
