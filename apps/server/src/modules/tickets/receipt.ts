import {
  formatMoney,
  localize,
  TICKET_LIMITS,
  type DiscountType,
  type Language,
  type OrderingTemplate,
  type PaymentMethodType,
  type ReceiptSize,
  type Ticket,
  type CartTaxLine,
  cartSummary,
  type TicketRefund,
  type TicketStatus,
  ticketRefundOf,
  wallClock,
} from '@app/contracts';
import { documentStart, escapeHtml } from '../../html.ts';
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
};

// The receipt's texts, in the language the admin prints in.
const LABELS: Record<Language, Labels> = { en, ar, es };

const truncate = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * The placing time on the branch's clock as 22/11/2026 05:08 (en-GB order, spec §9) in every
 * language: a locale's own Arabic format carries right-to-left marks that scramble inside the
 * left-to-right span the receipt shows times in.
 */
export function placedAt(iso: string, timeZone: string): string {
  const c = wallClock(new Date(iso), timeZone);
  return `${c.day}/${c.month}/${c.year} ${c.hour}:${c.minute}`;
}

const STYLE = (size: ReceiptSize) => {
  const narrow = size === '58';
  return `@page{size:${size}mm auto;margin:0}
*{box-sizing:border-box}
html,body{margin:0;padding:0;background:#fff;color:#000}
body{width:${size}mm;padding:${narrow ? 2 : 3}mm;font-family:"Noto Sans","Noto Sans Arabic",Tahoma,Arial,sans-serif;font-size:${narrow ? 10 : 12}px;line-height:1.35}
header,footer{text-align:center}
h1{font-size:${narrow ? 13 : 16}px;margin:0}
.number{font-size:${narrow ? 18 : 22}px;font-weight:700;margin:2px 0}
hr{border:0;border-top:1px dashed #000;margin:6px 0}
table{width:100%;border-collapse:collapse}
td{vertical-align:top;padding:1px 0}
td.amount{text-align:end;white-space:nowrap;padding-inline-start:6px}
.mod td{font-size:${narrow ? 9 : 11}px;padding-inline-start:10px}
.request{font-style:italic;padding-inline-start:10px}
.grand td{font-weight:700;font-size:${narrow ? 12 : 14}px;border-top:1px solid #000;padding-top:3px}
dl{margin:0}dt{font-weight:700;display:inline}dd{display:inline;margin:0}
.row{margin:1px 0}`;
};

export type ReceiptOptions = { lang: Language; size: ReceiptSize; timeZone: string };

/** The ticket as receipt HTML for a 58 or 80 mm thermal printer; Arabic right to left. */
export function renderReceipt(ticket: Ticket, opts: ReceiptOptions): string {
  const { lang, size } = opts;
  const t = LABELS[lang];
  const e = escapeHtml;
  const d = ticket.ticketDetails;
  const cart = ticket.cartData;
  const currency = cart.currency;
  const money = (v: number) =>
    `<span dir="ltr">${e(formatMoney(v, currency, lang, { symbol: false }))}</span>`;
  const row = (label: string, value: string) =>
    `<div class="row"><dl><dt>${e(label)}:</dt> <dd>${value}</dd></dl></div>`;
  const amountRow = (label: string, value: string, cls = '') =>
    `<tr${cls ? ` class="${cls}"` : ''}><td>${label}</td><td class="amount">${value}</td></tr>`;

  const info: string[] = [];
  info.push(
    row(
      t.order,
      ticket.ticketType === 'callstaff' ? e(t.callStaff) : e(t.templates[d.checkoutUiTemplate]),
    ),
  );
  info.push(
    row(t.placed, `<span dir="ltr">${e(placedAt(ticket.timestamp, opts.timeZone))}</span>`),
  );
  info.push(row(t.status, e(t.statuses[ticket.status])));
  if (d.serviceArea) {
    const area = [d.serviceArea.title, d.serviceArea.value].filter(Boolean).join(' ');
    const section = d.serviceArea.sectionName ? `${d.serviceArea.sectionName} · ` : '';
    info.push(row(t.table, e(`${section}${area}`)));
  }
  if (d.deliveryZone) info.push(row(t.zone, e(localize(d.deliveryZone, lang))));
  const name = [d.firstName, d.lastName].filter(Boolean).join(' ') || d.reservationLastName;
  if (name) info.push(row(t.customer, e(name)));
  if (d.phoneNumber) info.push(row(t.phone, `<span dir="ltr">${e(d.phoneNumber)}</span>`));
  if (d.shippingAddress) {
    const a = d.shippingAddress;
    info.push(row(t.address, e([a.address1, a.streetAddress].filter(Boolean).join(', '))));
    if (a.building) info.push(row(t.building, e(a.building)));
    if (a.floor) info.push(row(t.floor, e(a.floor)));
    if (a.apartment) info.push(row(t.apartment, e(a.apartment)));
    if (a.manualDirections) info.push(row(t.directions, e(a.manualDirections)));
  }
  if (ticket.ticketType === 'cartticket') {
    info.push(
      row(
        t.fulfilment,
        d.isFulfillmentAsap || !d.preferredFulfillmentLocalDateTime
          ? e(t.asap)
          : `<span dir="ltr">${e(d.preferredFulfillmentLocalDateTime.replace('T', ' '))}</span>`,
      ),
    );
  }
  if (d.paymentMethodType) info.push(row(t.payment, e(t.payments[d.paymentMethodType])));

  const lines = cart.cartItems.map((l) => {
    const variant = localize(l.variant.localizedTitle, lang);
    const title = `${l.quantity} × ${e(localize(l.localizedTitle, lang))}${variant ? ` — ${e(variant)}` : ''}`;
    const mods = l.itemModifiers.map((m) => {
      const children = m.childItemModifiers
        .map((c) =>
          e(truncate(localize(c.localizedTitle, lang), TICKET_LIMITS.childModifierTitleMax)),
        )
        .join(', ');
      const label = `+ ${m.quantity > 1 ? `${m.quantity} × ` : ''}${e(truncate(localize(m.localizedTitle, lang), TICKET_LIMITS.modifierTitleMax))}${children ? ` (${children})` : ''}`;
      return amountRow(label, m.total > 0 ? money(m.total * l.quantity) : '', 'mod');
    });
    const request = l.specialRequest
      ? `<tr><td colspan="2" class="request">${e(t.note)}: ${e(l.specialRequest)}</td></tr>`
      : '';
    return [amountRow(title, money(l.total)), ...mods, request].join('');
  });

  // The lines add up to the total (cartSummary): items, each added tax, fees, discount; a tax
  // the items' prices contain is told in brackets, not added again.
  const summary = cartSummary(cart);
  // A tax's own title (it names its rate, as "VAT 16%"), else its rate.
  const taxName = (tax: CartTaxLine) =>
    tax.localizedTitle ? localize(tax.localizedTitle, lang) : `${t.tax} ${tax.percentage}%`;
  const totals: string[] = [amountRow(e(t.itemsTotal), money(summary.items))];
  for (const tax of summary.includedTaxes)
    totals.push(amountRow(e(`${taxName(tax)} (${t.included})`), `(${money(tax.amount)})`, 'mod'));
  for (const tax of summary.addedTaxes) totals.push(amountRow(e(taxName(tax)), money(tax.amount)));
  if (d.checkoutUiTemplate === 'DELIVERY' && ticket.ticketType === 'cartticket') {
    totals.push(
      amountRow(
        e(t.delivery),
        cart.deliveryFeesUnDefined ? e(t.deliveryUndefined) : money(cart.deliveryTotal),
      ),
    );
  }
  if (cart.serviceChargeTotal > 0)
    totals.push(amountRow(e(t.serviceCharge), money(cart.serviceChargeTotal)));
  const discount = cart.discountDetails;
  // A free delivery whose fee is still undefined takes 0 but is shown all the same.
  if (discount.appliedDiscountValue > 0 || discount.discountCode) {
    const about = [
      discount.discountCode,
      discount.discountType && t.discountTypes[discount.discountType],
    ]
      .filter(Boolean)
      .join(', ');
    totals.push(
      amountRow(
        `${e(t.discount)}${about ? ` (${e(about)})` : ''}`,
        `-${money(discount.appliedDiscountValue)}`,
      ),
    );
  }
  totals.push(amountRow(e(t.total), `${money(cart.total)} ${e(currency)}`, 'grand'));
  // A cancelled order paid online: the refund and its state, under the total.
  const refund = ticketRefundOf(d.paymentDetails.paymentStatus, cart.total, currency);
  if (refund) totals.push(amountRow(e(t.refunds[refund.status]), `-${money(refund.amount)}`));

  const instructions = d.customerCheckoutSpecialInstructions
    ? `<hr><div>${row(t.instructions, e(d.customerCheckoutSpecialInstructions))}</div>`
    : '';
  const body =
    ticket.ticketType === 'callstaff'
      ? ''
      : `<hr><table>${lines.join('')}</table><hr><table>${totals.join('')}</table>`;

  return `${documentStart(lang)}
<title>${e(t.order)} #${ticket.ticketNumber}</title>
<style>${STYLE(size)}</style>
</head>
<body class="receipt receipt-${size}">
<header>
<h1>${e(localize(ticket.tenantName, lang))}</h1>
<div>${e(localize(ticket.branchName, lang))}</div>
<div class="number">#${ticket.ticketNumber}</div>
</header>
<hr>
${info.join('\n')}
${body}
${instructions}
<hr>
<footer>${e(t.thanks)}</footer>
</body>
</html>
`;
}
