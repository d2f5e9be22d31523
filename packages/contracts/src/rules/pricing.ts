import { type Currency, type LocalizedText } from '../common.ts';
import { type TaxType } from '../identity.ts';
import { fromMilli, minorUnit, roundToUnit, roundedShare, toMilli } from '../money.ts';
import { unitPriceMilli } from './menu.ts';
import type { StoredCart, StoredLine, StoredTax } from './stored-cart.ts';

/**
 * Pricing of a cart, in exact thousandths (BigInt). Rules:
 * - a line's unit price is the variant's effective price (after the price adjustment, rounded to
 *   the currency's minor unit) plus its modifiers; its total is unit price × quantity;
 * - an INCLUSIVE tax is contained in the line total: with inclusive rates R, the net is
 *   total × 100 / (100 + ΣR) and each tax is its rate of that net;
 * - an ADDITIVE tax is its rate of the line total (the menu price), added on top;
 * - every tax amount is rounded (half away from zero) to the currency's minor unit, per line;
 * - the delivery fee is the branch's fee for the zone; without one the fee is undefined (0).
 */

export type PricingTax = {
  taxId: string;
  taxType: TaxType;
  /** Exact decimal text, e.g. "16.0000". */
  percentage: string;
  title: LocalizedText;
};

export type PricingModifier = {
  id: string;
  groupId: string;
  groupTitle: LocalizedText;
  title: LocalizedText;
  price: string;
  quantity: number;
};

export type PricingLine = {
  itemId: string;
  variantId: string;
  quantity: number;
  title: LocalizedText;
  description: LocalizedText | null;
  variantTitle: LocalizedText;
  basePrice: string;
  /** From effectivePrice; rounded here to the currency. */
  effectivePrice: string;
  appliedAdjustmentId: string | null;
  specialRequest: string | null;
  modifiers: PricingModifier[];
  taxes: PricingTax[];
};

export type PricingInput = {
  currency: Currency;
  lines: PricingLine[];
  /** null: a delivery with no active fee for the zone; undefined: not a delivery. */
  deliveryFee: string | null | undefined;
};

// Every rounding of pricing: money.ts's one rule.
const share = roundedShare;

// Tax rates are numeric(7,4): exact in ten-thousandths of a percent.
const RATE_SCALE = 10_000n;
const HUNDRED = 100n * RATE_SCALE;

export function toRate(percentage: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(percentage.trim());
  if (!m) throw new Error(`not a percentage: ${percentage}`);
  return BigInt(m[1]!) * RATE_SCALE + BigInt((m[2] ?? '').padEnd(4, '0'));
}

function lineTaxes(total: bigint, taxes: PricingTax[], unit: bigint) {
  const inclusiveRate = taxes
    .filter((t) => t.taxType === 'INCLUSIVE')
    .reduce((sum, t) => sum + toRate(t.percentage), 0n);
  let inclusive = 0n;
  let additive = 0n;
  const out: StoredTax[] = taxes.map((t) => {
    const rate = toRate(t.percentage);
    const amount =
      t.taxType === 'INCLUSIVE'
        ? share(total, rate, HUNDRED + inclusiveRate, unit)
        : share(total, rate, HUNDRED, unit);
    if (t.taxType === 'INCLUSIVE') inclusive += amount;
    else additive += amount;
    return {
      taxId: t.taxId,
      taxType: t.taxType,
      percentage: t.percentage,
      localizedTitle: t.title,
      taxAmount: fromMilli(amount),
    };
  });
  return { taxes: out, inclusive, additive };
}

export function priceCart(input: PricingInput): StoredCart {
  const unit = minorUnit(input.currency);
  let itemsTotal = 0n;
  let inclusiveTotal = 0n;
  let additiveTotal = 0n;
  const cartItems: StoredLine[] = input.lines.map((l) => {
    const variantPrice = roundToUnit(toMilli(l.effectivePrice), unit);
    const modifiers = l.modifiers.map((m) => {
      const price = toMilli(m.price);
      return { m, price, total: price * BigInt(m.quantity) };
    });
    const unitPrice = unitPriceMilli(
      variantPrice,
      modifiers.map((x) => ({ priceMilli: x.price, quantity: x.m.quantity })),
    );
    const total = unitPrice * BigInt(l.quantity);
    const taxes = lineTaxes(total, l.taxes, unit);
    itemsTotal += total;
    inclusiveTotal += taxes.inclusive;
    additiveTotal += taxes.additive;
    return {
      itemId: l.itemId,
      variantId: l.variantId,
      quantity: l.quantity,
      localizedTitle: l.title,
      localizedDesc: l.description,
      price: fromMilli(unitPrice),
      total: fromMilli(total),
      totalForDisplay: fromMilli(total + taxes.additive),
      specialRequest: l.specialRequest,
      variant: {
        id: l.variantId,
        localizedTitle: l.variantTitle,
        price: fromMilli(variantPrice),
        basePrice: fromMilli(toMilli(l.basePrice)),
        appliedPriceAdjustmentId: l.appliedAdjustmentId,
      },
      itemModifiers: modifiers.map(({ m, price, total: modTotal }) => ({
        id: m.id,
        modifierGroupId: m.groupId,
        modifierGroupTitle: m.groupTitle,
        localizedTitle: m.title,
        price: fromMilli(price),
        quantity: m.quantity,
        total: fromMilli(modTotal),
        childItemModifiers: [],
      })),
      taxes: taxes.taxes,
      taxAmount: fromMilli(taxes.inclusive + taxes.additive),
    };
  });
  const delivery = input.deliveryFee ? toMilli(input.deliveryFee) : 0n;
  const serviceCharge = 0n;
  const discount = 0n;
  const itemsForDisplay = itemsTotal + additiveTotal;
  const zero = fromMilli(0n);
  return {
    cartItems,
    currency: input.currency,
    itemsTotal: fromMilli(itemsTotal),
    itemsTotalForDisplay: fromMilli(itemsForDisplay),
    inclusiveTaxTotal: fromMilli(inclusiveTotal),
    additiveTaxTotal: fromMilli(additiveTotal),
    deliveryTotal: fromMilli(delivery),
    serviceChargeTotal: fromMilli(serviceCharge),
    discountDetails: {
      discountCode: null,
      discountType: null,
      appliedDiscountValue: fromMilli(discount),
    },
    deliveryFeesDetails: { taxes: [], taxAmount: zero, totalForDisplay: fromMilli(delivery) },
    serviceChargeFeesDetails: {
      taxes: [],
      taxAmount: zero,
      totalForDisplay: fromMilli(serviceCharge),
    },
    deliveryFeesUnDefined: input.deliveryFee === null,
    total: fromMilli(itemsForDisplay + delivery + serviceCharge - discount),
  };
}
