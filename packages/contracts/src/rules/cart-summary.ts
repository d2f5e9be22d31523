import { fromMilli, toMilli } from '../money.ts';
import type { CartData, TicketTax } from '../tickets.ts';
import type { LocalizedText } from '../common.ts';

/** One tax of an order, added up over its lines. */
export type CartTaxLine = {
  taxId: string | null;
  localizedTitle: LocalizedText | null;
  percentage: number;
  amount: number;
};

/**
 * THE lines an order's amounts are shown in, on the ticket view, the receipt, the storefront's
 * checkout and the status page alike, so that they add up:
 * `items + Σ addedTaxes + delivery + serviceCharge − discount = total`. `items` is the lines'
 * menu prices (inclusive taxes contained); `includedTaxes` are told apart, never added again.
 */
export type CartSummary = {
  items: number;
  addedTaxes: CartTaxLine[];
  includedTaxes: CartTaxLine[];
  /** The delivery fee; null while it is to be agreed (a zone without an active fee). */
  delivery: number | null;
  serviceCharge: number;
  discount: number;
  total: number;
};

function byTax(taxes: readonly TicketTax[]): CartTaxLine[] {
  const sums = new Map<string, { tax: TicketTax; milli: bigint }>();
  for (const tax of taxes) {
    const key = `${tax.taxId ?? ''}:${tax.percentage}`;
    const entry = sums.get(key) ?? { tax, milli: 0n };
    entry.milli += toMilli(tax.taxAmount);
    sums.set(key, entry);
  }
  return [...sums.values()].map(({ tax, milli }) => ({
    taxId: tax.taxId,
    localizedTitle: tax.localizedTitle,
    percentage: tax.percentage,
    amount: Number(fromMilli(milli)),
  }));
}

export function cartSummary(cart: CartData): CartSummary {
  // The lines' taxes: the total adds the items' added taxes (itemsTotalForDisplay) only.
  const taxes = cart.cartItems.flatMap((l) => l.taxes);
  return {
    items: cart.itemsTotal,
    addedTaxes: byTax(taxes.filter((t) => t.taxType === 'ADDITIVE')),
    includedTaxes: byTax(taxes.filter((t) => t.taxType === 'INCLUSIVE')),
    delivery: cart.deliveryFeesUnDefined ? null : cart.deliveryTotal,
    serviceCharge: cart.serviceChargeTotal,
    discount: cart.discountDetails.appliedDiscountValue,
    total: cart.total,
  };
}
