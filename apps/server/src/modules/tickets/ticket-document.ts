import {
  cartSummary,
  formatMoney,
  localize,
  TICKET_LIMITS,
  ticketRefundOf,
  wallClock,
  type CartTaxLine,
  type DiscountType,
  type Language,
  type OrderingTemplate,
  type PaymentMethodType,
  type Ticket,
  type TicketRefund,
  type TicketStatus,
} from '@app/contracts';
import ar from '../../locales/ar/receipt.json';
import en from '../../locales/en/receipt.json';
import es from '../../locales/es/receipt.json';

type Labels = {
  order: string;
  templates: Record<OrderingTemplate, string>;
  callStaff: string;
  placed: string;
  status: string;
  statuses: Record<TicketStatus, string>;
  table: string;
  zone: string;
  customer: string;
  phone: string;
  address: string;
  building: string;
  floor: string;
  apartment: string;
  directions: string;
  fulfilment: string;
  asap: string;
  payment: string;
  payments: Record<PaymentMethodType, string>;
  itemsTotal: string;
  included: string;
  tax: string;
  delivery: string;
  deliveryUndefined: string;
  serviceCharge: string;
  discount: string;
  discountTypes: Record<DiscountType, string>;
  total: string;
  refunds: Record<TicketRefund['status'], string>;
  instructions: string;
  note: string;
  thanks: string;
  kitchen: string;
  copy: string;
};

// The printed texts, in the language printed in.
const LABELS: Record<Language, Labels> = { en, ar, es };

/** An amount as printed: always left to right (digits), with its sign, brackets or currency. */
export type Amount = {
  text: string;
  /** Digits (left to right inside right-to-left text); false for words ("to be confirmed"). */
  ltr: boolean;
  wrap?: 'minus' | 'brackets';
  currency?: string;
};

/**
 * What a printed ticket says, line by line, before it is drawn: the HTML receipt and the
 * printers' raster images are both drawn from it, so they cannot disagree.
 */
export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'center'; text: string }
  | { kind: 'number'; text: string }
  /** White on black across the paper: COPY. */
  | { kind: 'banner'; text: string }
  | { kind: 'rule' }
  | { kind: 'field'; label: string; value: string; ltr?: boolean }
  /** A cart or money line; `big` for the kitchen's item names, `detail` its modifiers. */
  | { kind: 'line'; text: string; amount?: Amount; style?: 'mod' | 'detail' | 'grand' | 'big' }
  | { kind: 'request'; text: string }
  | { kind: 'footer'; text: string };

export type DocumentOptions = { lang: Language; timeZone: string; copy?: boolean };

const truncate = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * The placing time on the branch's clock as 22/11/2026 05:08 (en-GB order, spec §9) in every
 * language: a locale's own Arabic format carries right-to-left marks that scramble inside the
 * left-to-right text times are printed in.
 */
export function placedAt(iso: string, timeZone: string): string {
  const c = wallClock(new Date(iso), timeZone);
  return `${c.day}/${c.month}/${c.year} ${c.hour}:${c.minute}`;
}

/** The order's facts: kind, time, status, table or zone, customer, address, when, payment. */
function infoFields(ticket: Ticket, t: Labels, opts: DocumentOptions, forKitchen: boolean) {
  const { lang } = opts;
  const d = ticket.ticketDetails;
  const out: Block[] = [];
  const field = (label: string, value: string, ltr = false) =>
    out.push({ kind: 'field', label, value, ltr });
  field(
    t.order,
    ticket.ticketType === 'callstaff' ? t.callStaff : t.templates[d.checkoutUiTemplate],
  );
  field(t.placed, placedAt(ticket.timestamp, opts.timeZone), true);
  if (!forKitchen) field(t.status, t.statuses[ticket.status]);
  if (d.serviceArea) {
    const area = [d.serviceArea.title, d.serviceArea.value].filter(Boolean).join(' ');
    const section = d.serviceArea.sectionName ? `${d.serviceArea.sectionName} · ` : '';
    field(t.table, `${section}${area}`);
  }
  if (d.deliveryZone) field(t.zone, localize(d.deliveryZone, lang));
  const name = [d.firstName, d.lastName].filter(Boolean).join(' ') || d.reservationLastName;
  if (name) field(t.customer, name);
  if (!forKitchen) {
    if (d.phoneNumber) field(t.phone, d.phoneNumber, true);
    if (d.shippingAddress) {
      const a = d.shippingAddress;
      field(t.address, [a.address1, a.streetAddress].filter(Boolean).join(', '));
      if (a.building) field(t.building, a.building);
      if (a.floor) field(t.floor, a.floor);
      if (a.apartment) field(t.apartment, a.apartment);
      if (a.manualDirections) field(t.directions, a.manualDirections);
    }
  }
  if (ticket.ticketType === 'cartticket') {
    if (d.isFulfillmentAsap || !d.preferredFulfillmentLocalDateTime) field(t.fulfilment, t.asap);
    else field(t.fulfilment, d.preferredFulfillmentLocalDateTime.replace('T', ' '), true);
  }
  if (!forKitchen && d.paymentMethodType) field(t.payment, t.payments[d.paymentMethodType]);
  return out;
}

/** The cart's lines: each item with its variant, modifiers and request; amounts unless kitchen. */
function cartLines(ticket: Ticket, t: Labels, lang: Language, withAmounts: boolean): Block[] {
  const currency = ticket.cartData.currency;
  const money = (v: number): Amount => ({
    text: formatMoney(v, currency, lang, { symbol: false }),
    ltr: true,
  });
  return ticket.cartData.cartItems.flatMap((l): Block[] => {
    const variant = localize(l.variant.localizedTitle, lang);
    const title = `${l.quantity} × ${localize(l.localizedTitle, lang)}${variant ? ` — ${variant}` : ''}`;
    const mods = l.itemModifiers.map((m): Block => {
      const children = m.childItemModifiers
        .map((c) => truncate(localize(c.localizedTitle, lang), TICKET_LIMITS.childModifierTitleMax))
        .join(', ');
      const label = `+ ${m.quantity > 1 ? `${m.quantity} × ` : ''}${truncate(localize(m.localizedTitle, lang), TICKET_LIMITS.modifierTitleMax)}${children ? ` (${children})` : ''}`;
      const amount = withAmounts && m.total > 0 ? money(m.total * l.quantity) : undefined;
      // The kitchen reads modifiers from a distance: full size, indented.
      const style = withAmounts ? 'mod' : 'detail';
      return { kind: 'line', text: label, style, ...(amount ? { amount } : {}) };
    });
    const request: Block[] = l.specialRequest
      ? [{ kind: 'request', text: `${t.note}: ${l.specialRequest}` }]
      : [];
    const line: Block = withAmounts
      ? { kind: 'line', text: title, amount: money(l.total) }
      : { kind: 'line', text: title, style: 'big' };
    return [line, ...mods, ...request];
  });
}

/** The money lines under the cart: they add up to the total (cartSummary). */
function totalLines(ticket: Ticket, t: Labels, lang: Language): Block[] {
  const d = ticket.ticketDetails;
  const cart = ticket.cartData;
  const currency = cart.currency;
  const money = (v: number, more: Partial<Amount> = {}): Amount => ({
    text: formatMoney(v, currency, lang, { symbol: false }),
    ltr: true,
    ...more,
  });
  const summary = cartSummary(cart);
  // A tax's own title (it names its rate, as "VAT 16%"), else its rate.
  const taxName = (tax: CartTaxLine) =>
    tax.localizedTitle ? localize(tax.localizedTitle, lang) : `${t.tax} ${tax.percentage}%`;
  const out: Block[] = [{ kind: 'line', text: t.itemsTotal, amount: money(summary.items) }];
  // A tax the items' prices contain is told in brackets, not added again.
  for (const tax of summary.includedTaxes) {
    out.push({
      kind: 'line',
      text: `${taxName(tax)} (${t.included})`,
      amount: money(tax.amount, { wrap: 'brackets' }),
      style: 'mod',
    });
  }
  for (const tax of summary.addedTaxes)
    out.push({ kind: 'line', text: taxName(tax), amount: money(tax.amount) });
  if (d.checkoutUiTemplate === 'DELIVERY' && ticket.ticketType === 'cartticket') {
    out.push({
      kind: 'line',
      text: t.delivery,
      amount: cart.deliveryFeesUnDefined
        ? { text: t.deliveryUndefined, ltr: false }
        : money(cart.deliveryTotal),
    });
  }
  if (cart.serviceChargeTotal > 0)
    out.push({ kind: 'line', text: t.serviceCharge, amount: money(cart.serviceChargeTotal) });
  const discount = cart.discountDetails;
  // A free delivery whose fee is still undefined takes 0 but is shown all the same.
  if (discount.appliedDiscountValue > 0 || discount.discountCode) {
    const about = [
      discount.discountCode,
      discount.discountType && t.discountTypes[discount.discountType],
    ]
      .filter(Boolean)
      .join(', ');
    out.push({
      kind: 'line',
      text: `${t.discount}${about ? ` (${about})` : ''}`,
      amount: money(discount.appliedDiscountValue, { wrap: 'minus' }),
    });
  }
  out.push({
    kind: 'line',
    text: t.total,
    amount: money(cart.total, { currency }),
    style: 'grand',
  });
  // A cancelled order paid online: the refund and its state, under the total.
  const refund = ticketRefundOf(d.paymentDetails.paymentStatus, cart.total, currency);
  if (refund) {
    out.push({
      kind: 'line',
      text: t.refunds[refund.status],
      amount: money(refund.amount, { wrap: 'minus' }),
    });
  }
  return out;
}

function header(ticket: Ticket, t: Labels, opts: DocumentOptions, title?: string): Block[] {
  const { lang } = opts;
  return [
    ...(opts.copy ? [{ kind: 'banner', text: t.copy } as const] : []),
    { kind: 'heading', text: title ?? localize(ticket.tenantName, lang) },
    { kind: 'center', text: localize(ticket.branchName, lang) },
    { kind: 'number', text: `#${ticket.ticketNumber}` },
    { kind: 'rule' },
  ];
}

const instructions = (ticket: Ticket, t: Labels): Block[] => {
  const text = ticket.ticketDetails.customerCheckoutSpecialInstructions;
  return text ? [{ kind: 'rule' }, { kind: 'field', label: t.instructions, value: text }] : [];
};

/** The receipt: the order's facts, its lines with their amounts and the money lines. */
export function receiptDocument(ticket: Ticket, opts: DocumentOptions): Block[] {
  const t = LABELS[opts.lang];
  const body: Block[] =
    ticket.ticketType === 'callstaff'
      ? []
      : [
          { kind: 'rule' },
          ...cartLines(ticket, t, opts.lang, true),
          { kind: 'rule' },
          ...totalLines(ticket, t, opts.lang),
        ];
  return [
    ...header(ticket, t, opts),
    ...infoFields(ticket, t, opts, false),
    ...body,
    ...instructions(ticket, t),
    { kind: 'rule' },
    { kind: 'footer', text: t.thanks },
  ];
}

/**
 * The kitchen ticket: what to make, large, with its variants, modifiers and requests, the table
 * or the delivery time; no prices, no phone, no address.
 */
export function kitchenDocument(ticket: Ticket, opts: DocumentOptions): Block[] {
  const t = LABELS[opts.lang];
  return [
    ...header(ticket, t, opts, t.kitchen),
    ...infoFields(ticket, t, opts, true),
    { kind: 'rule' },
    ...cartLines(ticket, t, opts.lang, false),
    ...instructions(ticket, t),
  ];
}

/** The title of a printed ticket: "Order #17". */
export const documentTitle = (ticket: Ticket, lang: Language) =>
  `${LABELS[lang].order} #${ticket.ticketNumber}`;
