import { formatMoney, fromMilli, type Currency } from '@app/contracts';
import { useI18n } from './i18n.tsx';

/** Amounts in the menu's currency, in the customer's language (contracts' one money format). */
export function useMoney(currency: Currency) {
  const { lang } = useI18n();
  return (amount: number | bigint) =>
    formatMoney(typeof amount === 'bigint' ? fromMilli(amount) : amount, currency, lang);
}
