import { formatMoney, type Currency, type Discount, type Language } from '@app/contracts';

export const DASH = '—';

/** An amount in the tenant's currency, or a dash for 0 (no value, no minimum, no maximum). */
export const amountOrDash = (amount: number, currency: Currency | null, lang: Language): string =>
  amount === 0 ? DASH : formatMoney(amount, currency, lang);

/** §2.5: the value column: a dash when zero, "15%" for a percentage, the currency otherwise. */
export function discountValueText(
  d: Pick<Discount, 'discountType' | 'discountValue'>,
  currency: Currency | null,
  lang: Language,
): string {
  if (d.discountValue === 0) return DASH;
  if (d.discountType !== 'PERCENTAGE') return formatMoney(d.discountValue, currency, lang);
  const percent = new Intl.NumberFormat(`${lang}-u-nu-latn`, { maximumFractionDigits: 3 });
  return `${percent.format(d.discountValue)}%`;
}
