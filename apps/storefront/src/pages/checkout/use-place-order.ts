import { useRef, useState } from 'react';
import {
  DISCOUNT_CODE_TRIES_EXCEEDED,
  isOnlinePayment,
  type OrderingTemplate,
} from '@app/contracts';
import { api, asApiError, cardToken, codeOf } from '../../lib/api.ts';
import type { CartLine } from '../../lib/cart.ts';
import {
  cardDetails,
  checkForm,
  formCard,
  intakeBody,
  newIdempotencyKey,
  type CheckoutForm,
  type FieldErrors,
} from '../../lib/checkout.ts';
import { hasMessage, useErrorText, useI18n } from '../../lib/i18n.tsx';
import type { OrderingProps } from '../ordering-props.ts';

type Attempt = { hash: string; key: string; token: string | null; outcome: 'unknown' | 'failed' };

/** An order placed with the same lines within this long asks before being placed again. */
export const REPEAT_WINDOW_MS = 10 * 60_000;

type LastOrder = { print: string; at: number; ticketNumber: number };

/** The lines as ordered, whatever their order in the cart: what "the same order" means. */
const printOf = (lines: CartLine[]) => JSON.stringify(lines.map((l) => [l.id, l.quantity]).sort());

function readLast(key: string): LastOrder | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? 'null') as LastOrder | null;
    return saved && typeof saved.print === 'string' ? saved : null;
  } catch {
    return null;
  }
}

/**
 * Placing the order: the form checked as the intake would, the card tokenized, the order sent
 * with an idempotency key, and the intake's refusals spread over the fields, the lines and the
 * banner (focused for screen readers). The same order retried after an unknown outcome keeps
 * its key and card token, so the intake answers the first ticket instead of making a second.
 */
export function usePlaceOrder({
  store,
  branch,
  template,
  table,
  uniqueLinkId,
  phoneCountry,
  onPlaced,
}: Pick<OrderingProps, 'store' | 'branch' | 'table' | 'uniqueLinkId'> & {
  template: OrderingTemplate;
  /** The branch's country for phones typed without their country code (PublicMenu). */
  phoneCountry: string | null;
  onPlaced: (ticketId: string) => void;
}) {
  const { t, lang } = useI18n();
  const text = useErrorText();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const attempt = useRef<Attempt | null>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  // The same lines ordered a moment ago: the number of that order, until the customer confirms.
  const [repeatOf, setRepeatOf] = useState<number | null>(null);
  const repeatConfirmed = useRef<string | null>(null);
  const lastOrderKey = `storefront.lastOrder:${store.tenantId}:${branch.branchId}`;

  async function place(order: {
    form: CheckoutForm;
    lines: CartLine[];
    /** The code typed in the field, normalized (null: none). */
    discountCode: string | null;
    /** The preview's refusal of that same code, when it was applied. */
    refusal: string | null;
  }) {
    const { form, lines, discountCode } = order;
    setProblem(null);
    setLineErrors({});
    const base = intakeBody({
      template,
      lines,
      form,
      tableId: table?.id ?? null,
      lang,
      discountCode,
      uniqueLinkId: uniqueLinkId ?? null,
    });
    const found = checkForm(base, form, phoneCountry);
    // A code the preview refused would be refused by the intake too: the customer decides.
    if (discountCode && order.refusal) found.discountCode = [order.refusal];
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
    // The same lines as an order placed minutes ago (a second tap, a reopened link): asked
    // first, placed on the second press.
    const print = printOf(lines);
    const last = readLast(lastOrderKey);
    if (
      !again &&
      last?.print === print &&
      Date.now() - last.at < REPEAT_WINDOW_MS &&
      repeatConfirmed.current !== print
    ) {
      repeatConfirmed.current = print;
      setRepeatOf(last.ticketNumber);
      return;
    }
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
      try {
        sessionStorage.setItem(
          lastOrderKey,
          JSON.stringify({ print, at: Date.now(), ticketNumber: ticket.ticketNumber }),
        );
      } catch {
        // Without storage, a repeat is simply not asked about.
      }
      setRepeatOf(null);
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

  return { place, busy, errors, setErrors, problem, lineErrors, summary, repeatOf };
}
