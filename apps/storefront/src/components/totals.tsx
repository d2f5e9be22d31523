import { cartSummary, type CartData, type CartTaxLine, type LocalizedText } from '@app/contracts';
import { useI18n } from '../lib/i18n.tsx';
import { useMoney } from '../lib/money.ts';

/**
 * An order's amounts as the server priced them, in the lines every screen shows them in
 * (cartSummary): items, each added tax, delivery fee, service charge, the discount taken off,
 * and the total, adding up; a tax the prices already contain is told apart, not added again.
 */
export function Totals({
  cart,
  delivery,
  discountName,
}: {
  cart: CartData;
  delivery: boolean;
  /** The discount's name where it is known (the price preview); else its code. */
  discountName?: LocalizedText | null;
}) {
  const { t, l } = useI18n();
  const money = useMoney(cart.currency);
  const discount = cart.discountDetails;
  const label = discountName ? l(discountName) : discount.discountCode;
  const summary = cartSummary(cart);
  // A tax's own title (it names its rate, as "VAT 16%"), else its rate.
  const taxName = (tax: CartTaxLine) =>
    tax.localizedTitle
      ? l(tax.localizedTitle)
      : t('checkout.taxRate', { percentage: tax.percentage });
  return (
    <dl className="totals">
      <div>
        <dt>{t('checkout.subtotal')}</dt>
        <dd>{money(summary.items)}</dd>
      </div>
      {summary.includedTaxes.map((tax) => (
        <div key={`in-${tax.taxId}-${tax.percentage}`} className="included">
          <dt>{t('checkout.includedTax', { tax: taxName(tax) })}</dt>
          <dd>({money(tax.amount)})</dd>
        </div>
      ))}
      {summary.addedTaxes.map((tax) => (
        <div key={`add-${tax.taxId}-${tax.percentage}`}>
          <dt>{taxName(tax)}</dt>
          <dd>{money(tax.amount)}</dd>
        </div>
      ))}
      {delivery && (
        <div>
          <dt>{t('checkout.deliveryFee')}</dt>
          <dd>{summary.delivery === null ? t('checkout.feeToAgree') : money(summary.delivery)}</dd>
        </div>
      )}
      {summary.serviceCharge > 0 && (
        <div>
          <dt>{t('checkout.serviceCharge')}</dt>
          <dd>{money(summary.serviceCharge)}</dd>
        </div>
      )}
      {(discount.appliedDiscountValue > 0 || discount.discountCode) && (
        <div className="discount">
          <dt>{label ? t('checkout.discountNamed', { name: label }) : t('checkout.discount')}</dt>
          <dd>{money(-discount.appliedDiscountValue)}</dd>
        </div>
      )}
      <div className="grand">
        <dt>{t('checkout.total')}</dt>
        <dd>{money(cart.total)}</dd>
      </div>
    </dl>
  );
}
