import { useEffect, useId, useRef, useState } from 'react';
import { TICKET_LIMITS, type Currency } from '@app/contracts';
import {
  chosenIn,
  lineOf,
  selectionIssues,
  stepModifier,
  toggleModifier,
  unitPrice,
  type CartLine,
  type MenuItem,
  type ModifierGroup,
  type Selection,
} from '../lib/cart.ts';
import { useI18n } from '../lib/i18n.tsx';
import { useMoney } from '../lib/money.ts';

/** One item: its variant, its modifier groups within their min and max, a request, a quantity. */
export function ItemSheet({
  item,
  currency,
  onClose,
  onAdd,
}: {
  item: MenuItem;
  currency: Currency;
  onClose: () => void;
  onAdd: (line: CartLine) => void;
}) {
  const { t, l } = useI18n();
  const money = useMoney(currency);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [variantId, setVariantId] = useState(
    (item.variants.find((v) => !v.soldOut) ?? item.variants[0])?.id ?? '',
  );
  const [selection, setSelection] = useState<Selection>({});
  const [quantity, setQuantity] = useState(1);
  const [request, setRequest] = useState('');
  const [tried, setTried] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  const issues = selectionIssues(item, selection);
  const modifiers = lineOf(item, variantId, selection, 1).modifiers;
  const unit = unitPrice(item, variantId, modifiers) ?? 0n;
  const valid = Object.keys(issues).length === 0 && variantId !== '';

  return (
    <dialog
      ref={dialog}
      className="sheet"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (outside the sheet's box) closes it.
        if (e.target === dialog.current) onClose();
      }}
    >
      <form
        method="dialog"
        className="sheet-body"
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (valid) onAdd(lineOf(item, variantId, selection, quantity, request));
        }}
      >
        <div className="sheet-head">
          <h2 id={titleId}>{l(item.localizedTitle)}</h2>
          <button type="button" className="icon" onClick={onClose} aria-label={t('common.close')}>
            ×
          </button>
        </div>
        {item.thumbnail && <img className="hero" src={item.thumbnail} alt="" />}
        {item.localizedDesc && <p className="muted">{l(item.localizedDesc)}</p>}

        {item.variants.length > 1 && (
          <fieldset className="group">
            <legend>
              <span>{t('item.choose')}</span>
              <span className="chip">{t('item.required')}</span>
            </legend>
            {item.variants.map((v) => (
              <label key={v.id} className="option">
                <input
                  type="radio"
                  name="variant"
                  checked={variantId === v.id}
                  disabled={v.soldOut}
                  onChange={() => setVariantId(v.id)}
                />
                <span className="option-title">{l(v.localizedTitle)}</span>
                {v.soldOut && <span className="chip">{t('menu.soldOut')}</span>}
                <span className="option-price">{money(v.price)}</span>
              </label>
            ))}
          </fieldset>
        )}

        {item.modifierGroups.map((g) => (
          <GroupField
            key={g.id}
            group={g}
            selection={selection}
            issue={tried ? issues[g.id] : undefined}
            onChange={setSelection}
            money={money}
          />
        ))}

        {item.enableSpecialRequest && (
          <label className="field">
            <span>{t('item.specialRequest')}</span>
            <textarea
              value={request}
              maxLength={TICKET_LIMITS.specialRequestMax}
              rows={2}
              onChange={(e) => setRequest(e.target.value)}
            />
          </label>
        )}

        <div className="sheet-foot">
          <Stepper
            label={t('item.quantity')}
            value={quantity}
            min={1}
            max={TICKET_LIMITS.quantityMax}
            onChange={setQuantity}
          />
          <button type="submit" className={`button primary grow${valid ? '' : ' dimmed'}`}>
            {t('item.add', { price: money(unit * BigInt(quantity)) })}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function GroupField({
  group,
  selection,
  issue,
  onChange,
  money,
}: {
  group: ModifierGroup;
  selection: Selection;
  issue: string | undefined;
  onChange: (s: Selection) => void;
  money: (n: number) => string;
}) {
  const { t, l } = useI18n();
  const { minQuantity: min, maxQuantity: max } = group;
  const rule =
    min > 0 && min === max
      ? t('item.exactly', { min })
      : min > 0 && max > 0
        ? t('item.between', { min, max })
        : min > 0
          ? t('item.atLeast', { min })
          : max > 0
            ? t('item.upTo', { max })
            : t('item.optional');
  const full = max > 0 && chosenIn(group, selection) >= max;
  const single = max === 1 && !group.allowModifierItemCounter;
  const errorId = `${group.id}-error`;
  return (
    <fieldset
      className={`group${issue ? ' invalid' : ''}`}
      aria-describedby={issue ? errorId : undefined}
    >
      <legend>
        <span>{l(group.localizedTitle)}</span>
        <span className="chip">{min > 0 ? `${t('item.required')} · ${rule}` : rule}</span>
      </legend>
      {issue && (
        <p id={errorId} className="error" role="alert">
          {t(
            issue === 'modifier_group_min' ? 'item.modifier_group_min' : 'item.modifier_group_max',
            {
              min,
              max,
            },
          )}
        </p>
      )}
      {group.modifierItems.map((m) => {
        const n = selection[m.id] ?? 0;
        if (group.allowModifierItemCounter)
          return (
            <div key={m.id} className="option">
              <span className="option-title">{l(m.localizedTitle)}</span>
              {m.soldOut && <span className="chip">{t('menu.soldOut')}</span>}
              <span className="option-price">{m.price > 0 ? `+${money(m.price)}` : ''}</span>
              <Stepper
                label={l(m.localizedTitle)}
                value={n}
                min={0}
                max={m.soldOut ? n : n + (full ? 0 : 1)}
                onChange={(v) => onChange(stepModifier(group, selection, m.id, v > n ? 1 : -1))}
              />
            </div>
          );
        return (
          <label key={m.id} className="option">
            <input
              type={single ? 'radio' : 'checkbox'}
              name={group.id}
              checked={n > 0}
              disabled={(m.soldOut && n === 0) || (!single && n === 0 && full)}
              onChange={() => onChange(toggleModifier(group, selection, m.id))}
              onClick={() => {
                // A chosen radio of an optional group is cleared by a second tap.
                if (single && n > 0 && min === 0) onChange(toggleModifier(group, selection, m.id));
              }}
            />
            <span className="option-title">{l(m.localizedTitle)}</span>
            {m.soldOut && <span className="chip">{t('menu.soldOut')}</span>}
            <span className="option-price">{m.price > 0 ? `+${money(m.price)}` : ''}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

export function Stepper({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (v: number) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button
        type="button"
        aria-label={`${t('item.less')}: ${label}`}
        disabled={value <= min}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output aria-live="polite">{value}</output>
      <button
        type="button"
        aria-label={`${t('item.more')}: ${label}`}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
