import type { Currency, Language, PriceAdjustmentResponse } from '@app/contracts';

/** menu-management.md §9: prices show in the tenant's default currency with 2 decimals. */
export const PRICE_DISPLAY_DECIMALS = 2;

export interface DisplayPrice {
  amount: number;
  /** More than one variant: the card says "starts from" the lowest price. */
  startsFrom: boolean;
}

/** The price an item card shows: the lowest variant price, or null without variants. */
export function displayPrice(variants: readonly { price: number }[]): DisplayPrice | null {
  if (variants.length === 0) return null;
  const amount = Math.min(...variants.map((v) => v.price));
  return { amount, startsFrom: variants.length > 1 };
}

/** Latin digits in every language, so prices read the same on receipts and screens. */
export function formatPrice(amount: number, currency: Currency | null, lang: Language): string {
  const locale = `${lang}-u-nu-latn`;
  const digits = {
    minimumFractionDigits: PRICE_DISPLAY_DECIMALS,
    maximumFractionDigits: PRICE_DISPLAY_DECIMALS,
  };
  return currency
    ? new Intl.NumberFormat(locale, { style: 'currency', currency, ...digits }).format(amount)
    : new Intl.NumberFormat(locale, digits).format(amount);
}

/** A price adjustment's amount: "10%", or the flat amount in the tenant's currency. */
export function adjustmentAmountText(
  a: Pick<PriceAdjustmentResponse, 'adjustmentType' | 'amount'>,
  currency: Currency | null,
  lang: Language,
): string {
  if (a.adjustmentType !== 'Percentage') return formatPrice(a.amount, currency, lang);
  const percent = new Intl.NumberFormat(`${lang}-u-nu-latn`, { maximumFractionDigits: 3 });
  return `${percent.format(a.amount)}%`;
}
