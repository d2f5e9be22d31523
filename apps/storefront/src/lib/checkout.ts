import {
  TicketIntakeBody,
  customerPhone,
  isOnlinePayment,
  type Language,
  type OrderingTemplate,
  type PaymentMethodType,
  type PublicMenu,
  type PublicStorefront,
  type QuoteBody,
} from '@app/contracts';
import { toIntakeItems, type CartLine } from './cart.ts';

export type CheckoutForm = {
  firstName: string;
  lastName: string;
  phone: string;
  zoneId: string;
  address1: string;
  streetAddress: string;
  building: string;
  floor: string;
  apartment: string;
  directions: string;
  serviceAreaId: string;
  asap: boolean;
  /** A datetime-local value: the branch's wall-clock time, as the intake takes it. */
  time: string;
  payment: PaymentMethodType | '';
  instructions: string;
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
};

export const emptyForm = (payment: PaymentMethodType | ''): CheckoutForm => ({
  firstName: '',
  lastName: '',
  phone: '',
  zoneId: '',
  address1: '',
  streetAddress: '',
  building: '',
  floor: '',
  apartment: '',
  directions: '',
  serviceAreaId: '',
  asap: true,
  time: '',
  payment,
  instructions: '',
  cardNumber: '',
  cardExpiry: '',
  cardCvc: '',
});

/** Payment methods this storefront can take: the branch's, less wallets it has no button for. */
export function offeredPayments(
  menu: Pick<PublicMenu, 'paymentMethods'>,
  payments: PublicStorefront['payments'],
): PaymentMethodType[] {
  return menu.paymentMethods.filter(
    (m) =>
      m !== 'APPLE_PAY' && m !== 'GOOGLE_PAY' && (m !== 'CREDIT_CARD_ONLINE' || payments !== null),
  );
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The intake's body for the cart and form (the card's token is added once it is known). */
export function intakeBody(input: {
  template: OrderingTemplate;
  lines: CartLine[];
  form: CheckoutForm;
  tableId: string | null;
  lang: Language;
  paymentToken?: string | null;
  /** The promo code the customer applied (null: none). */
  discountCode?: string | null;
  uniqueLinkId?: string | null;
}) {
  const { template, form } = input;
  const delivery = template === 'DELIVERY';
  return {
    ticketType: 'cartticket' as const,
    checkoutTemplate: template,
    cartItems: toIntakeItems(input.lines),
    deliveryZoneId: delivery ? orNull(form.zoneId) : null,
    shippingAddress: delivery
      ? {
          address1: form.address1.trim(),
          streetAddress: orNull(form.streetAddress),
          building: orNull(form.building),
          floor: orNull(form.floor),
          apartment: orNull(form.apartment),
          manualDirections: orNull(form.directions),
        }
      : null,
    serviceAreaId: template === 'DINING' ? (input.tableId ?? orNull(form.serviceAreaId)) : null,
    firstName: orNull(form.firstName),
    lastName: orNull(form.lastName),
    phoneNumber: orNull(form.phone),
    isFulfillmentAsap: form.asap,
    preferredFulfillmentLocalDateTime: form.asap ? null : orNull(form.time),
    customerCheckoutSpecialInstructions: orNull(form.instructions),
    paymentMethodType: form.payment === '' ? null : form.payment,
    paymentToken: input.paymentToken ?? null,
    discountCode: input.discountCode ?? null,
    uniqueLinkId: input.uniqueLinkId ?? null,
    lang: input.lang,
  };
}

/** What the price preview needs of the order: its lines, zone and code. */
export function quoteBody(input: {
  template: OrderingTemplate;
  lines: CartLine[];
  zoneId: string;
  discountCode: string | null;
}): QuoteBody | null {
  if (input.lines.length === 0) return null;
  return {
    checkoutTemplate: input.template,
    cartItems: toIntakeItems(input.lines),
    discountCode: input.discountCode,
    deliveryZoneId: input.template === 'DELIVERY' ? orNull(input.zoneId) : null,
  };
}

export type FieldErrors = Record<string, string[]>;

/**
 * The intake's own rules (contracts' TicketIntakeBody) checked before sending: the same
 * required fields per template and formats the server enforces. Online card fields are
 * checked here too (the provider checks the card itself).
 */
export function checkForm(
  body: ReturnType<typeof intakeBody>,
  form: CheckoutForm,
  /** The branch's country, for a phone typed without + and country code (PublicMenu). */
  phoneCountry: string | null = null,
): FieldErrors {
  const online = body.paymentMethodType !== null && isOnlinePayment(body.paymentMethodType);
  const parsed = TicketIntakeBody.safeParse(online ? { ...body, paymentToken: 'pending' } : body);
  const errors: FieldErrors = {};
  const add = (field: string, code: string) => {
    const codes = (errors[field] ??= []);
    if (!codes.includes(code)) codes.push(code);
  };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const code =
        issue.code === 'too_small' || issue.code === 'invalid_type'
          ? 'required'
          : /^[a-z_]+$/.test(issue.message)
            ? issue.message
            : 'invalid';
      add(issue.path.join('.'), code);
    }
  }
  // The intake's own reading of the phone: international, or local to the branch's country.
  if (body.phoneNumber && !customerPhone(body.phoneNumber, phoneCountry))
    add('phoneNumber', 'phone_invalid');
  if (online) {
    const fields = { number: 'cardNumber', expiry: 'cardExpiry', cvc: 'cardCvc' } as const;
    for (const field of cardProblems(formCard(form))) add(fields[field], 'invalid_card');
  }
  return errors;
}

/** A card as the customer typed it: number, MM/YY expiry and CVC. */
export type CardEntry = { number: string; expiry: string; cvc: string };

/** The checkout form's card fields. */
export const formCard = (form: CheckoutForm): CardEntry => ({
  number: form.cardNumber,
  expiry: form.cardExpiry,
  cvc: form.cardCvc,
});

/** The card's fields that cannot be right (the provider checks the card itself). */
export function cardProblems(card: CardEntry): (keyof CardEntry)[] {
  const problems: (keyof CardEntry)[] = [];
  if (!/^\d{12,19}$/.test(card.number.replace(/\s+/g, ''))) problems.push('number');
  if (!parseExpiry(card.expiry)) problems.push('expiry');
  if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.push('cvc');
  return problems;
}

/** The card as the provider's token call takes it (one `cardProblems` found nothing in). */
export const cardDetails = (card: CardEntry) => ({
  number: card.number.replace(/\s+/g, ''),
  ...parseExpiry(card.expiry)!,
  cvc: card.cvc.trim(),
});

/** MM/YY (or MM/YYYY) as the provider takes it. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const expMonth = Number(m[1]);
  const expYear = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return expMonth >= 1 && expMonth <= 12 ? { expMonth, expYear } : null;
}

/** A new idempotency key (randomUUID needs a secure context; a phone on the LAN may lack it). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext === true)
    return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The phone field's problem as the customer leaves it (null: fine, or left empty). */
export const phoneProblem = (typed: string, phoneCountry: string | null): string | null =>
  typed.trim() === '' || customerPhone(typed, phoneCountry) ? null : 'phone_invalid';
