import { useId, useRef, useState, type ReactNode } from 'react';
import {
  DISCOUNT_CODE_TRIES_EXCEEDED,
  TICKET_LIMITS,
  isOnlinePayment,
  normalizeDiscountCode,
  type OrderingTemplate,
  type PublicMenu,
} from '@app/contracts';
import { api, asApiError, cardToken, codeOf } from '../lib/api.ts';
import { itemCount, milli, priceCart } from '../lib/cart.ts';
import {
  checkForm,
  emptyForm,
  intakeBody,
  newIdempotencyKey,
  offeredPayments,
  cardDetails,
  formCard,
  quoteBody,
  type CardEntry,
  type CheckoutForm,
  type FieldErrors,
} from '../lib/checkout.ts';
import { hasMessage, useErrorText, useI18n } from '../lib/i18n.tsx';
import { useMoney } from '../lib/money.ts';
import type { Cart } from '../lib/use-cart.ts';
import { Stepper } from '../components/item-sheet.tsx';
import { Notices } from '../components/notices.tsx';
import { ErrorSummary } from '../components/states.tsx';
import { Totals } from '../components/totals.tsx';
import { useQuote } from '../lib/use-quote.ts';
import type { OrderingProps } from './ordering-props.ts';

type Attempt = { hash: string; key: string; token: string | null; outcome: 'unknown' | 'failed' };

/** The cart, the details its template needs, payment, and placing the order. */
export function CheckoutView({
  store,
  branch,
  template,
  table,
  uniqueLinkId,
  menu,
  cart,
  onBack,
  onPlaced,
}: Omit<OrderingProps, 'template'> & {
  template: OrderingTemplate;
  menu: PublicMenu;
  cart: Cart;
  onBack: () => void;
  onPlaced: (ticketId: string) => void;
}) {
  const { t, l, lang } = useI18n();
  const money = useMoney(menu.currency);
  const payments = offeredPayments(menu, store.payments);
  const [form, setForm] = useState<CheckoutForm>(() => emptyForm(payments[0] ?? ''));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [codeInput, setCodeInput] = useState('');
  // The code the price preview is asked with (Apply); the order carries the field's code.
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const attempt = useRef<Attempt | null>(null);
  const summary = useRef<HTMLParagraphElement>(null);

  // Lines the menu no longer offers (hidden, sold out, out of schedule) are not ordered.
  const { priced, unavailable, itemsTotal } = priceCart(menu, cart.lines);
  const count = itemCount(priced.map((p) => p.line));
  const orderLines = priced.map((p) => p.line);
  const quote = useQuote(
    store.tenantId,
    branch.branchId,
    quoteBody({ template, lines: orderLines, zoneId: form.zoneId, discountCode: appliedCode }),
  );
  const shown = quote.data ?? quote.last;
  const typedCode = normalizeDiscountCode(codeInput) || null;
  // Too many wrong codes from this address: the preview refuses any code for a while.
  const triesExceeded = quote.error?.code === DISCOUNT_CODE_TRIES_EXCEEDED;
  const refusal = appliedCode
    ? (quote.data?.discountCodeRefusal ?? (triesExceeded ? DISCOUNT_CODE_TRIES_EXCEEDED : null))
    : null;
  const appliedDiscount =
    appliedCode && quote.data?.discount?.discountCode === appliedCode ? quote.data.discount : null;
  // The preview's refusals of lines (sold out since the menu loaded), as the intake would say.
  const quoteLineErrors: Record<string, string> = {};
  for (const [field, codes] of Object.entries(quote.error?.fields ?? {})) {
    const line = /^cartItems\.(\d+)/.exec(field);
    const target = line && orderLines[Number(line[1])];
    if (target) quoteLineErrors[target.id] = codes[0] ?? 'invalid';
  }

  const zone = menu.deliveryZones.find((z) => z.deliveryZoneId === form.zoneId);
  const fee = template === 'DELIVERY' && zone ? milli(zone.deliveryFee) : 0n;
  const set = <K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const err = (field: string) => errors[field]?.[0];
  const text = useErrorText();

  function applyCode() {
    setErrors(({ discountCode: _, ...rest }) => rest);
    setAppliedCode(typedCode);
  }

  async function place() {
    setProblem(null);
    setLineErrors({});
    const lines = orderLines;
    const base = intakeBody({
      template,
      lines,
      form,
      tableId: table?.id ?? null,
      lang,
      discountCode: typedCode,
      uniqueLinkId: uniqueLinkId ?? null,
    });
    const found = checkForm(base, form);
    // A code the preview refused would be refused by the intake too: the customer decides.
    if (typedCode && typedCode === appliedCode && refusal) found.discountCode = [refusal];
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setProblem(t('error.form_invalid'));
      summary.current?.focus();
      return;
    }
    const hash = JSON.stringify(base);
    // The same order retried after an unknown outcome keeps its key (and card token): the
    // intake then answers the first ticket instead of making a second.
    const again = attempt.current?.hash === hash && attempt.current.outcome === 'unknown';
    const key = again ? attempt.current!.key : newIdempotencyKey();
    setBusy(true);
    try {
      let token = again ? attempt.current!.token : null;
      if (base.paymentMethodType && isOnlinePayment(base.paymentMethodType) && !token) {
        token = await cardToken(store.payments!, cardDetails(formCard(form)));
      }
      attempt.current = { hash, key, token, outcome: 'unknown' };
      const ticket = await api.placeOrder(
        store.tenantId,
        branch.branchId,
        { ...base, paymentToken: token } as Parameters<typeof api.placeOrder>[2],
        key,
      );
      cart.clear();
      onPlaced(ticket.id);
    } catch (e) {
      const error = asApiError(e);
      const code = codeOf(error);
      if (attempt.current && error.status > 0) attempt.current.outcome = 'failed';
      const fields: FieldErrors =
        code === DISCOUNT_CODE_TRIES_EXCEEDED ? { discountCode: [code] } : {};
      const byLine: Record<string, string> = {};
      let banner: string | null = null;
      for (const [field, codes] of Object.entries(error.fields)) {
        const code = codes[0] ?? 'invalid';
        const line = /^cartItems\.(\d+)/.exec(field);
        if (line) {
          const target = lines[Number(line[1])];
          if (target) byLine[target.id] = text(code);
        } else if (['branchId', 'checkoutTemplate', 'uniqueLinkId'].includes(field))
          banner = text(code);
        else if (field === 'paymentToken' || field === 'card') {
          fields.cardNumber = [code];
          banner = text(code);
        } else fields[field] = [code];
      }
      setErrors(fields);
      setLineErrors(byLine);
      setProblem(
        banner ??
          (code === 'form_invalid' || code === 'network'
            ? Object.keys(error.fields).length > 0
              ? t('error.form_invalid')
              : t('error.unknown')
            : hasMessage(`error.${code}`)
              ? text(code)
              : t('error.unknown')),
      );
      summary.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  const unavailableNote = unavailable.length > 0 && (
    <p className="notice warn">{t('cart.unavailable', { count: itemCount(unavailable) })}</p>
  );
  if (priced.length === 0)
    return (
      <main className="page">
        <BackLink onBack={onBack} />
        {unavailableNote}
        <p className="state">{t('cart.empty')}</p>
        <button type="button" className="button secondary" onClick={onBack}>
          {t('cart.browse')}
        </button>
      </main>
    );

  const online = form.payment !== '' && isOnlinePayment(form.payment);
  return (
    <main className="page with-bar">
      <BackLink onBack={onBack} />
      <h1 className="title">{t('cart.title')}</h1>
      <p className="muted">
        {l(branch.branchName)} · {t(`template.${template}`)}
        {table && ` · ${t('menu.table', { table: table.title ?? table.value })}`}
      </p>
      <Notices
        menu={menu}
        template={template}
        table={table}
        preview={false}
        timeZone={branch.timeZone}
      />
      {unavailableNote}
      <ErrorSummary ref={summary} problem={problem} />

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
              {(lineErrors[p.line.id] ?? quoteLineErrors[p.line.id]) && (
                <span className="error" role="alert">
                  {lineErrors[p.line.id] ?? text(quoteLineErrors[p.line.id]!)}
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
                onChange={(q) => cart.setQuantity(p.line.id, q)}
              />
            </div>
          </li>
        ))}
      </ul>

      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void place();
        }}
      >
        {template === 'DINING' && !table && (
          <Section title={t('checkout.table')}>
            <Select
              label={t('checkout.table')}
              value={form.serviceAreaId}
              error={err('serviceAreaId')}
              onChange={(v) => set('serviceAreaId', v)}
              placeholder={t('checkout.chooseTable')}
              options={menu.serviceAreas.map((a) => ({ value: a.id, label: a.title ?? a.value }))}
              text={text}
            />
          </Section>
        )}

        <Section title={t('checkout.details')}>
          <div className="pair">
            <Input
              label={t('checkout.firstName')}
              value={form.firstName}
              autoComplete="given-name"
              maxLength={TICKET_LIMITS.nameMax}
              error={err('firstName')}
              onChange={(v) => set('firstName', v)}
              text={text}
            />
            <Input
              label={t('checkout.lastName')}
              value={form.lastName}
              autoComplete="family-name"
              maxLength={TICKET_LIMITS.nameMax}
              error={err('lastName')}
              onChange={(v) => set('lastName', v)}
              text={text}
            />
          </div>
          <Input
            label={t('checkout.phone')}
            value={form.phone}
            type="tel"
            dir="ltr"
            autoComplete="tel"
            required={template === 'DELIVERY'}
            error={err('phoneNumber')}
            onChange={(v) => set('phone', v)}
            text={text}
          />
        </Section>

        {template === 'DELIVERY' && (
          <Section title={t('checkout.address')}>
            <Select
              label={t('checkout.zone')}
              value={form.zoneId}
              required
              error={err('deliveryZoneId')}
              onChange={(v) => set('zoneId', v)}
              placeholder={t('checkout.chooseZone')}
              options={menu.deliveryZones.map((z) => ({
                value: z.deliveryZoneId,
                label: `${l(z.localizedTitle)} · ${money(z.deliveryFee)}`,
              }))}
              text={text}
            />
            <Input
              label={t('checkout.address1')}
              value={form.address1}
              required
              autoComplete="address-line1"
              maxLength={TICKET_LIMITS.addressLineMax}
              error={err('shippingAddress.address1') ?? err('shippingAddress')}
              onChange={(v) => set('address1', v)}
              text={text}
            />
            <Input
              label={t('checkout.streetAddress')}
              value={form.streetAddress}
              autoComplete="address-line2"
              maxLength={TICKET_LIMITS.addressLineMax}
              error={err('shippingAddress.streetAddress')}
              onChange={(v) => set('streetAddress', v)}
              text={text}
            />
            <div className="triple">
              {(['building', 'floor', 'apartment'] as const).map((k) => (
                <Input
                  key={k}
                  label={t(`checkout.${k}`)}
                  value={form[k]}
                  maxLength={TICKET_LIMITS.addressShortMax}
                  error={err(`shippingAddress.${k}`)}
                  onChange={(v) => set(k, v)}
                  text={text}
                />
              ))}
            </div>
            <Input
              label={t('checkout.directions')}
              value={form.directions}
              multiline
              maxLength={TICKET_LIMITS.instructionsMax}
              error={err('shippingAddress.manualDirections')}
              onChange={(v) => set('directions', v)}
              text={text}
            />
          </Section>
        )}

        {template !== 'DINING' && (
          <Section title={t('checkout.when')}>
            <div className="choices" role="radiogroup" aria-label={t('checkout.when')}>
              <label className="option">
                <input type="radio" checked={form.asap} onChange={() => set('asap', true)} />
                <span className="option-title">{t('checkout.asap')}</span>
              </label>
              <label className="option">
                <input type="radio" checked={!form.asap} onChange={() => set('asap', false)} />
                <span className="option-title">{t('checkout.scheduled')}</span>
              </label>
            </div>
            {!form.asap && (
              <Input
                label={t('checkout.time')}
                type="datetime-local"
                value={form.time}
                required
                error={err('preferredFulfillmentLocalDateTime')}
                onChange={(v) => set('time', v)}
                text={text}
              />
            )}
          </Section>
        )}

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
              {err('paymentMethodType') && (
                <p className="error">{text(err('paymentMethodType')!)}</p>
              )}
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
                    ({ number: 'cardNumber', expiry: 'cardExpiry', cvc: 'cardCvc' } as const)[
                      field
                    ],
                    v,
                  )
                }
                text={text}
              />
            </div>
          )}
        </Section>

        <Section title={t('checkout.instructions')}>
          <Input
            label={t('checkout.instructions')}
            hideLabel
            value={form.instructions}
            multiline
            maxLength={TICKET_LIMITS.instructionsMax}
            error={err('customerCheckoutSpecialInstructions')}
            onChange={(v) => set('instructions', v)}
            text={text}
          />
        </Section>

        <Section title={t('checkout.promo')}>
          <div className={`field promo${err('discountCode') ? ' invalid' : ''}`}>
            <label htmlFor="promo-code" className="visually-hidden">
              {t('checkout.promo')}
            </label>
            <div className="row">
              <input
                id="promo-code"
                value={codeInput}
                dir="ltr"
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                maxLength={TICKET_LIMITS.discountCodeMax}
                placeholder={t('checkout.promoPlaceholder')}
                aria-invalid={err('discountCode') || refusal ? true : undefined}
                aria-describedby="promo-code-note"
                onChange={(e) => setCodeInput(e.target.value)}
                onKeyDown={(e) => {
                  // Enter applies the code; it does not place the order.
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    applyCode();
                  }
                }}
              />
              {appliedCode && typedCode === appliedCode ? (
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => {
                    setCodeInput('');
                    setAppliedCode(null);
                    setErrors(({ discountCode: _, ...rest }) => rest);
                  }}
                >
                  {t('checkout.promoRemove')}
                </button>
              ) : (
                <button
                  type="button"
                  className="button secondary"
                  disabled={!typedCode}
                  onClick={applyCode}
                >
                  {t('checkout.promoApply')}
                </button>
              )}
            </div>
            <span
              id="promo-code-note"
              role="status"
              className={err('discountCode') || refusal ? 'error' : 'muted small'}
            >
              {err('discountCode')
                ? text(err('discountCode')!)
                : !appliedCode || typedCode !== appliedCode
                  ? ''
                  : refusal
                    ? text(refusal)
                    : appliedDiscount
                      ? t('checkout.promoApplied', {
                          name: l(appliedDiscount.localizedName),
                          amount: money(appliedDiscount.appliedDiscountValue),
                        })
                      : t('checkout.promoChecking')}
            </span>
          </div>
        </Section>

        {quote.data || shown ? (
          <div aria-busy={!quote.data}>
            <Totals
              cart={(quote.data ?? shown)!.cartData}
              delivery={template === 'DELIVERY'}
              discountName={(quote.data ?? shown)!.discount?.localizedName}
            />
          </div>
        ) : (
          <dl className="totals">
            <div>
              <dt>{t('checkout.subtotal')}</dt>
              <dd>{money(itemsTotal)}</dd>
            </div>
            {template === 'DELIVERY' && (
              <div>
                <dt>{t('checkout.deliveryFee')}</dt>
                <dd>{zone ? money(fee) : '—'}</dd>
              </div>
            )}
            <div className="grand">
              <dt>{t('checkout.total')}</dt>
              <dd>{money(itemsTotal + fee)}</dd>
            </div>
          </dl>
        )}
        {!quote.data && <p className="muted small">{t('checkout.estimate')}</p>}

        <div className="bar">
          <button
            type="submit"
            className="button primary wide"
            disabled={payments.length === 0}
            aria-busy={busy}
          >
            <span>{busy ? t('checkout.placing') : t('checkout.place')}</span>
            <span className="badge">
              {count === 1 ? t('cart.oneItem') : t('cart.items', { count })}
            </span>
            <span>{shown ? money(shown.cartData.total) : money(itemsTotal + fee)}</span>
          </button>
        </div>
      </form>
    </main>
  );
}

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

function Select(p: {
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
