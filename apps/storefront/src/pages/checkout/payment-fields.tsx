import { isOnlinePayment, type PaymentMethodType } from '@app/contracts';
import { CardFields, Section } from '../../components/form-fields.tsx';
import { formCard, type CheckoutForm } from '../../lib/checkout.ts';
import { useI18n } from '../../lib/i18n.tsx';

/** The payment methods the branch offers for this template, and the card's fields for online ones. */
export function PaymentFields({
  payments,
  form,
  set,
  err,
  text,
}: {
  payments: PaymentMethodType[];
  form: CheckoutForm;
  set: <K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => void;
  /** The first error code of a field of the intake's body. */
  err: (field: string) => string | undefined;
  text: (code: string) => string;
}) {
  const { t } = useI18n();
  const online = form.payment !== '' && isOnlinePayment(form.payment);
  return (
    <Section title={t('checkout.payment')}>
      {payments.length === 0 ? (
        <p className="notice warn">{t('checkout.noPayment')}</p>
      ) : (
        <div
          className={`choices${err('paymentMethodType') ? ' invalid' : ''}`}
          role="radiogroup"
          aria-label={t('checkout.payment')}
        >
          {payments.map((m) => (
            <label key={m} className="option">
              <input
                type="radio"
                name="payment"
                checked={form.payment === m}
                onChange={() => set('payment', m)}
              />
              <span className="option-title">{t(`pay.${m}`)}</span>
            </label>
          ))}
          {err('paymentMethodType') && <p className="error">{text(err('paymentMethodType')!)}</p>}
        </div>
      )}
      {online && (
        <div className="card-fields">
          <CardFields
            card={formCard(form)}
            errors={{
              number: err('cardNumber'),
              expiry: err('cardExpiry'),
              cvc: err('cardCvc'),
            }}
            onChange={(field, v) =>
              set(
                ({ number: 'cardNumber', expiry: 'cardExpiry', cvc: 'cardCvc' } as const)[field],
                v,
              )
            }
            text={text}
          />
        </div>
      )}
    </Section>
  );
}
