import { useId, type ReactNode } from 'react';
import type { CardEntry } from '../lib/checkout.ts';
import { useI18n } from '../lib/i18n.tsx';

export function BackLink({ onBack }: { onBack: () => void }) {
  const { t, lang } = useI18n();
  return (
    <button type="button" className="link back" onClick={onBack}>
      <span aria-hidden="true">{lang === 'ar' ? '→' : '←'}</span> {t('common.back')}
    </button>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** The card's number, expiry and CVC, typed left to right in every language. */
export function CardFields({
  card,
  errors,
  onChange,
  text,
}: {
  card: CardEntry;
  errors: Partial<Record<keyof CardEntry, string>>;
  onChange: (field: keyof CardEntry, value: string) => void;
  text: (code: string) => string;
}) {
  const { t } = useI18n();
  return (
    <>
      <Input
        label={t('checkout.cardNumber')}
        value={card.number}
        inputMode="numeric"
        dir="ltr"
        autoComplete="cc-number"
        required
        error={errors.number}
        onChange={(v) => onChange('number', v)}
        text={text}
      />
      <div className="pair">
        <Input
          label={t('checkout.cardExpiry')}
          value={card.expiry}
          dir="ltr"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          required
          error={errors.expiry}
          onChange={(v) => onChange('expiry', v)}
          text={text}
        />
        <Input
          label={t('checkout.cardCvc')}
          value={card.cvc}
          inputMode="numeric"
          dir="ltr"
          autoComplete="cc-csc"
          required
          error={errors.cvc}
          onChange={(v) => onChange('cvc', v)}
          text={text}
        />
      </div>
      <p className="muted small">{t('checkout.cardNote')}</p>
    </>
  );
}

type InputProps = {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  text: (code: string) => string;
  type?: string;
  required?: boolean;
  multiline?: boolean;
  hideLabel?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  placeholder?: string;
  maxLength?: number;
  dir?: 'ltr';
  /** Checks the field as the customer leaves it (a phone read in the branch's country). */
  onBlur?: () => void;
};

export function Input(p: InputProps) {
  const id = useId();
  const common = {
    id,
    value: p.value,
    required: p.required,
    'aria-invalid': p.error ? true : undefined,
    'aria-describedby': p.error ? `${id}-error` : undefined,
    autoComplete: p.autoComplete,
    placeholder: p.placeholder,
    maxLength: p.maxLength,
    dir: p.dir,
  };
  return (
    <div className={`field${p.error ? ' invalid' : ''}`}>
      <label htmlFor={id} className={p.hideLabel ? 'visually-hidden' : undefined}>
        {p.label}
        {p.required && <span aria-hidden="true"> *</span>}
      </label>
      {p.multiline ? (
        <textarea {...common} rows={2} onChange={(e) => p.onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={p.type ?? 'text'}
          inputMode={p.inputMode}
          onChange={(e) => p.onChange(e.target.value)}
          onBlur={p.onBlur}
        />
      )}
      {p.error && (
        <span id={`${id}-error`} className="error">
          {p.text(p.error)}
        </span>
      )}
    </div>
  );
}

export function Select(p: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  placeholder: string;
  error?: string;
  required?: boolean;
  text: (code: string) => string;
}) {
  const id = useId();
  return (
    <div className={`field${p.error ? ' invalid' : ''}`}>
      <label htmlFor={id}>
        {p.label}
        {p.required && <span aria-hidden="true"> *</span>}
      </label>
      <select
        id={id}
        value={p.value}
        required={p.required}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${id}-error` : undefined}
        onChange={(e) => p.onChange(e.target.value)}
      >
        <option value="">{p.placeholder}</option>
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {p.error && (
        <span id={`${id}-error`} className="error">
          {p.text(p.error)}
        </span>
      )}
    </div>
  );
}
