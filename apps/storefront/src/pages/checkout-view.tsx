import { useState } from 'react';
import {
  DISCOUNT_CODE_TRIES_EXCEEDED,
  TICKET_LIMITS,
  normalizeDiscountCode,
  type OrderingTemplate,
  type PublicMenu,
} from '@app/contracts';
import { itemCount, milli, priceCart } from '../lib/cart.ts';
import {
  emptyForm,
  offeredPayments,
  phoneProblem,
  quoteBody,
  type CheckoutForm,
} from '../lib/checkout.ts';
import { useErrorText, useI18n } from '../lib/i18n.tsx';
import { useMoney } from '../lib/money.ts';
import type { Cart } from '../lib/use-cart.ts';
import { BackLink, Input, Section, Select } from '../components/form-fields.tsx';
import { Notices } from '../components/notices.tsx';
import { ErrorSummary } from '../components/states.tsx';
import { Totals } from '../components/totals.tsx';
import { useQuote } from '../lib/use-quote.ts';
import { CartLines } from './checkout/cart-lines.tsx';
import { DeliveryAddress } from './checkout/delivery-address.tsx';
import { PaymentFields } from './checkout/payment-fields.tsx';
import { PromoCode } from './checkout/promo-code.tsx';
import { usePlaceOrder } from './checkout/use-place-order.ts';
import type { OrderingProps } from './ordering-props.ts';

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
  const { t, l } = useI18n();
  const money = useMoney(menu.currency);
  const payments = offeredPayments(menu, store.payments);
  const [form, setForm] = useState<CheckoutForm>(() => emptyForm(payments[0] ?? ''));
  const [codeInput, setCodeInput] = useState('');
  // The code the price preview is asked with (Apply); the order carries the field's code.
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const { place, busy, errors, setErrors, problem, lineErrors, summary, repeatOf } = usePlaceOrder({
    store,
    branch,
    template,
    table,
    uniqueLinkId,
    phoneCountry: menu.phoneCountry,
    onPlaced: (ticketId) => {
      cart.clear();
      onPlaced(ticketId);
    },
  });

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

      <CartLines
        priced={priced}
        currency={menu.currency}
        errors={lineErrors}
        quoteErrors={quoteLineErrors}
        onQuantity={(id, q) => cart.setQuantity(id, q)}
      />

      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy)
            void place({
              form,
              lines: orderLines,
              discountCode: typedCode,
              refusal: typedCode && typedCode === appliedCode ? refusal : null,
            });
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
            onChange={(v) => {
              set('phone', v);
              // A refusal goes as soon as the number reads right; a new one waits for the blur.
              if (err('phoneNumber') && !phoneProblem(v, menu.phoneCountry))
                setErrors(({ phoneNumber: _, ...rest }) => rest);
            }}
            onBlur={() => {
              const problem = phoneProblem(form.phone, menu.phoneCountry);
              setErrors(({ phoneNumber: _, ...rest }) =>
                problem ? { ...rest, phoneNumber: [problem] } : rest,
              );
            }}
            text={text}
          />
        </Section>

        {template === 'DELIVERY' && (
          <DeliveryAddress menu={menu} form={form} set={set} err={err} text={text} />
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

        <PaymentFields payments={payments} form={form} set={set} err={err} text={text} />

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

        <PromoCode
          value={codeInput}
          onChange={setCodeInput}
          applied={appliedCode !== null && typedCode === appliedCode}
          error={err('discountCode')}
          refusal={refusal}
          discount={appliedDiscount}
          canApply={typedCode !== null}
          money={money}
          onApply={applyCode}
          onRemove={() => {
            setCodeInput('');
            setAppliedCode(null);
            setErrors(({ discountCode: _, ...rest }) => rest);
          }}
          text={text}
        />

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

        {repeatOf !== null && (
          <p className="notice warn" role="alert">
            {t('checkout.repeat', { number: repeatOf })}
          </p>
        )}
        <div className="bar">
          <button
            type="submit"
            className="button primary wide"
            disabled={payments.length === 0}
            aria-busy={busy}
          >
            <span>
              {busy
                ? t('checkout.placing')
                : repeatOf !== null
                  ? t('checkout.placeAgain')
                  : t('checkout.place')}
            </span>
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
