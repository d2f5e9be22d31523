import { TICKET_LIMITS, type PublicQuote } from '@app/contracts';
import { Section } from '../../components/form-fields.tsx';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The promo code field: Apply asks the price preview with the code, Remove takes it back; the
 * note under it says what the preview made of it (applied, refused, still checking).
 */
export function PromoCode(p: {
  value: string;
  onChange: (value: string) => void;
  /** The code in the field is the one the preview was asked with. */
  applied: boolean;
  /** The field's own error (the intake's or the form check's), an error code. */
  error: string | undefined;
  /** The preview's refusal of the applied code, an error code. */
  refusal: string | null;
  discount: PublicQuote['discount'];
  /** A code is typed (Apply asks the preview with it). */
  canApply: boolean;
  money: (amount: number) => string;
  onApply: () => void;
  onRemove: () => void;
  text: (code: string) => string;
}) {
  const { t, l } = useI18n();
  const { money } = p;
  const invalid = Boolean(p.error || p.refusal);
  const note = p.error
    ? p.text(p.error)
    : !p.applied
      ? ''
      : p.refusal
        ? p.text(p.refusal)
        : p.discount
          ? t('checkout.promoApplied', {
              name: l(p.discount.localizedName),
              amount: money(p.discount.appliedDiscountValue),
            })
          : t('checkout.promoChecking');
  return (
    <Section title={t('checkout.promo')}>
      <div className={`field promo${p.error ? ' invalid' : ''}`}>
        <label htmlFor="promo-code" className="visually-hidden">
          {t('checkout.promo')}
        </label>
        <div className="row">
          <input
            id="promo-code"
            value={p.value}
            dir="ltr"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={TICKET_LIMITS.discountCodeMax}
            placeholder={t('checkout.promoPlaceholder')}
            aria-invalid={invalid ? true : undefined}
            aria-describedby="promo-code-note"
            onChange={(e) => p.onChange(e.target.value)}
            onKeyDown={(e) => {
              // Enter applies the code; it does not place the order.
              if (e.key === 'Enter') {
                e.preventDefault();
                p.onApply();
              }
            }}
          />
          {p.applied ? (
            <button type="button" className="button secondary" onClick={p.onRemove}>
              {t('checkout.promoRemove')}
            </button>
          ) : (
            <button
              type="button"
              className="button secondary"
              disabled={!p.canApply}
              onClick={p.onApply}
            >
              {t('checkout.promoApply')}
            </button>
          )}
        </div>
        <span id="promo-code-note" role="status" className={invalid ? 'error' : 'muted small'}>
          {note}
        </span>
      </div>
    </Section>
  );
}
