import { TICKET_LIMITS, type Currency } from '@app/contracts';
import { Stepper } from '../../components/item-sheet.tsx';
import type { PricedLine } from '../../lib/cart.ts';
import { useErrorText, useI18n } from '../../lib/i18n.tsx';
import { useMoney } from '../../lib/money.ts';

/**
 * The cart's lines with their options and quantity steppers; a line the intake refused (its
 * message) or the price preview would refuse (its code) says so under its title.
 */
export function CartLines({
  priced,
  currency,
  errors,
  quoteErrors,
  onQuantity,
}: {
  priced: PricedLine[];
  currency: Currency;
  /** The intake's messages by line id. */
  errors: Record<string, string>;
  /** The price preview's error codes by line id. */
  quoteErrors: Record<string, string>;
  onQuantity: (lineId: string, quantity: number) => void;
}) {
  const { t, l } = useI18n();
  const money = useMoney(currency);
  const text = useErrorText();
  return (
    <ul className="lines" aria-label={t('cart.title')}>
      {priced.map((p) => (
        <li key={p.line.id} className="line">
          <div className="line-text">
            <span className="item-title">{l(p.item.localizedTitle)}</span>
            {p.item.variants.length > 1 && <span className="muted">{l(p.variantTitle)}</span>}
            {p.modifierTitles.length > 0 && (
              <span className="muted">
                {p.modifierTitles
                  .map((m) => (m.quantity > 1 ? `${m.quantity}× ${l(m.title)}` : l(m.title)))
                  .join(', ')}
              </span>
            )}
            {p.line.specialRequest && <span className="muted">“{p.line.specialRequest}”</span>}
            {(errors[p.line.id] ?? quoteErrors[p.line.id]) && (
              <span className="error" role="alert">
                {errors[p.line.id] ?? text(quoteErrors[p.line.id]!)}
              </span>
            )}
          </div>
          <div className="line-side">
            <span className="item-price">{money(p.total)}</span>
            <Stepper
              label={l(p.item.localizedTitle)}
              value={p.line.quantity}
              min={0}
              max={TICKET_LIMITS.quantityMax}
              onChange={(q) => onQuantity(p.line.id, q)}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
