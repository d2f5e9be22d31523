import type { Currency, Discount, Language } from '@app/contracts';
import { formatPrice } from '../../../lib/price.ts';

export const DASH = '—';

/** An amount in the tenant's currency, or a dash for 0 (no value, no minimum, no maximum). */
export const amountOrDash = (amount: number, currency: Currency | null, lang: Language): string =>
  amount === 0 ? DASH : formatPrice(amount, currency, lang);

/** §2.5: the value column: a dash when zero, "15%" for a percentage, the currency otherwise. */
export function discountValueText(
  d: Pick<Discount, 'discountType' | 'discountValue'>,
  currency: Currency | null,
  lang: Language,
): string {
  if (d.discountValue === 0) return DASH;
  if (d.discountType !== 'PERCENTAGE') return formatPrice(d.discountValue, currency, lang);
  const percent = new Intl.NumberFormat(`${lang}-u-nu-latn`, { maximumFractionDigits: 3 });
  return `${percent.format(d.discountValue)}%`;
}
