import type { CartData, LocalizedText } from '@app/contracts';
import { useI18n } from '../lib/i18n.tsx';
import { useMoney } from '../lib/money.ts';

/**
 * An order's amounts as the server priced them: items, added taxes, delivery fee, service
 * charge, the discount taken off, and the total (the intake's formula, line by line).
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
  return (
    <dl className="totals">
      <div>
        <dt>{t('checkout.subtotal')}</dt>
        <dd>{money(cart.itemsTotal)}</dd>
      </div>
      {cart.additiveTaxTotal > 0 && (
        <div>
          <dt>{t('checkout.taxes')}</dt>
          <dd>{money(cart.additiveTaxTotal)}</dd>
        </div>
      )}
      {delivery && (
        <div>
          <dt>{t('checkout.deliveryFee')}</dt>
          <dd>
            {cart.deliveryFeesUnDefined ? t('checkout.feeToAgree') : money(cart.deliveryTotal)}
          </dd>
        </div>
      )}
      {cart.serviceChargeTotal > 0 && (
        <div>
          <dt>{t('checkout.serviceCharge')}</dt>
          <dd>{money(cart.serviceChargeTotal)}</dd>
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
