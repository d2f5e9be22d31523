import {
  formatMoney,
  startingPrice,
  type Currency,
  type Language,
  type PriceAdjustmentResponse,
} from '@app/contracts';

export interface DisplayPrice {
  amount: number;
  /** More than one variant: the card says "starts from" the lowest price. */
  startsFrom: boolean;
}

/** The price an item card shows: the lowest variant price, or null without variants. */
export function displayPrice(variants: readonly { price: number }[]): DisplayPrice | null {
  const start = startingPrice(variants);
  return start && { amount: start.price, startsFrom: start.from };
}

/** A price adjustment's amount: "10%", or the flat amount in the tenant's currency. */
export function adjustmentAmountText(
  a: Pick<PriceAdjustmentResponse, 'adjustmentType' | 'amount'>,
  currency: Currency | null,
  lang: Language,
): string {
  if (a.adjustmentType !== 'Percentage') return formatMoney(a.amount, currency, lang);
  const percent = new Intl.NumberFormat(`${lang}-u-nu-latn`, { maximumFractionDigits: 3 });
  return `${percent.format(a.amount)}%`;
}
