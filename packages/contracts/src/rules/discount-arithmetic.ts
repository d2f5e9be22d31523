import {
  type DiscountApplication,
  type DiscountRefusal,
  type DiscountTemplate,
  type DiscountType,
} from '../discounts.ts';
import { fromMilli, minorUnit, roundedShare, toMilli } from '../money.ts';
import { type OrderingTemplate } from '../tickets.ts';
import type { StoredCart } from './stored-cart.ts';

/**
 * How a discount prices an order, as a pure function of the priced cart and the discount.
 *
 * - The order value the minimum is compared with is the items total: the lines' totals at menu
 *   prices (modifiers included, inclusive taxes contained, additive taxes and fees left out).
 * - The affected lines are those of the discount's items, or every line when it has none.
 * - PERCENTAGE: value % of the affected lines' totals, capped by the maximum when it is above 0.
 * - FIXED: the value, capped by the maximum when it is above 0.
 * - BUY_ONE_GET_ONE: the affected units (a line of quantity 3 is three units at its unit price)
 *   paired from the dearest down; the cheaper unit of each pair is free.
 * - FREE_DELIVERY: the delivery fee (0 while the zone's fee is undefined).
 * - No discount exceeds what it applies to (the affected lines, or the delivery fee).
 * - Rounding, once: the exact amount is rounded half away from zero to the currency's minor
 *   unit (0.001 JOD, 0.01 EUR and USD) at the very end. Taxes stay as the menu prices set them;
 *   the discount is taken off the total.
 */

/** A discount as the intake applies it; amounts are exact decimal text. */
export type DiscountRule = {
  id: string;
  code: string;
  application: DiscountApplication;
  type: DiscountType;
  value: string;
  minOrderValue: string;
  maximumDiscountValue: string;
  checkoutTemplates: readonly DiscountTemplate[];
  limitedToItems: boolean;
  itemIds: readonly string[];
};

export type DiscountOutcome =
  | { applies: true; amount: string }
  | {
      applies: false;
      refusal: Exclude<DiscountRefusal, 'discount_code_invalid' | 'discount_usage_limit_reached'>;
    };

const PERCENT = 100_000n; // 100 % in thousandths of a percent

const min = (...values: bigint[]) => values.reduce((a, b) => (b < a ? b : a));

/** What `rule` takes off `cart` for an order placed with `template`, or why it does not apply. */
export function discountFor(
  cart: StoredCart,
  template: OrderingTemplate,
  rule: DiscountRule,
): DiscountOutcome {
  if (!rule.checkoutTemplates.includes(template))
    return { applies: false, refusal: 'discount_template_not_allowed' };
  const lines = cart.cartItems.map((l) => ({
    itemId: l.itemId,
    quantity: l.quantity,
    unit: toMilli(l.price),
    total: toMilli(l.total),
  }));
  const itemsTotal = lines.reduce((sum, l) => sum + l.total, 0n);
  if (itemsTotal < toMilli(rule.minOrderValue))
    return { applies: false, refusal: 'discount_min_order_not_met' };

  const unit = minorUnit(cart.currency);
  // Rounded once, by money's one rule, to the currency's minor unit.
  const round = (numerator: bigint, denominator: bigint) =>
    roundedShare(numerator, 1n, denominator, unit);

  if (rule.type === 'FREE_DELIVERY')
    return { applies: true, amount: fromMilli(round(toMilli(cart.deliveryTotal), 1n)) };

  const items = new Set(rule.itemIds);
  const affected = rule.limitedToItems ? lines.filter((l) => items.has(l.itemId)) : lines;
  const base = affected.reduce((sum, l) => sum + l.total, 0n);
  if (affected.length === 0) return { applies: false, refusal: 'discount_items_not_in_cart' };
  const cap = toMilli(rule.maximumDiscountValue);

  switch (rule.type) {
    case 'PERCENTAGE': {
      // Exact in thousandths × 100000 until the one rounding.
      const exact = base * toMilli(rule.value);
      const bounds = [exact, base * PERCENT];
      if (cap > 0n) bounds.push(cap * PERCENT);
      return { applies: true, amount: fromMilli(round(min(...bounds), PERCENT)) };
    }
    case 'FIXED': {
      const bounds = [toMilli(rule.value), base];
      if (cap > 0n) bounds.push(cap);
      return { applies: true, amount: fromMilli(round(min(...bounds), 1n)) };
    }
    case 'BUY_ONE_GET_ONE': {
      const units = affected
        .flatMap((l) => Array.from({ length: l.quantity }, () => l.unit))
        .sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
      if (units.length < 2) return { applies: false, refusal: 'discount_items_not_in_cart' };
      const free = units.reduce((sum, price, i) => (i % 2 === 1 ? sum + price : sum), 0n);
      return { applies: true, amount: fromMilli(round(free, 1n)) };
    }
  }
}

/** The cart with the discount recorded and taken off its total. */
export function withDiscount(cart: StoredCart, rule: DiscountRule, amount: string): StoredCart {
  const total = toMilli(cart.total) - toMilli(amount);
  return {
    ...cart,
    discountDetails: {
      discountCode: rule.code,
      discountType: rule.type,
      appliedDiscountValue: fromMilli(toMilli(amount)),
    },
    total: fromMilli(total < 0n ? 0n : total),
  };
}
