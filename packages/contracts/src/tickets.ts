import { z } from 'zod';
import {
  BranchParams,
  CheckoutTemplate,
  Currency,
  Language,
  LocalizedText,
  looksLikeUuid,
  problemWith,
  TenantParams,
  Text,
  Uuid,
} from './common.ts';
import { DiscountType } from './discounts.ts';
import { ADMIN_PATH, routesOf, TENANT_PATH } from './http.ts';
import { PaymentMethodType } from './branch-basics.ts';

/**
 * Live orders (operations-platform §2.3, §2.4, §3 Ticket, §4.1, §7.4, §9): the ticket as staff
 * see it (the public order intake is ticket-intake.ts), its lifecycle, transfer, printing and the realtime hub.
 */
export const TICKET_LIMITS = {
  cartItemsMax: 50,
  quantityMin: 1,
  quantityMax: 99,
  modifiersPerItemMax: 100,
  modifierQuantityMax: 50,
  specialRequestMax: 250,
  instructionsMax: 500,
  nameMax: 50,
  addressLineMax: 200,
  addressShortMax: 50,
  noteMax: 500,
  tableNumberMax: 999,
  idempotencyKeyMax: 255,
  discountCodeMax: 50,
  paymentTokenMax: 200,
  /** A phone as a customer types it, spaces and all, before it is read as E.164. */
  phoneTypedMax: 30,
  /** The Completed filter lists tickets finished in the past 12 hours (§2.3, §9). */
  completedWindowHours: 12,
  /** At most this many tickets in one page of the live list (and the default page size). */
  listPageMax: 1000,
  /** Display truncation of modifier titles (§2.4). */
  modifierTitleMax: 120,
  childModifierTitleMax: 80,
} as const;

const L = TICKET_LIMITS;

export const TicketStatus = z.enum(['UnVerified', 'New', 'InProgress', 'Completed', 'Cancelled']);
export type TicketStatus = z.infer<typeof TicketStatus>;

/** Statuses that feed the counters and stay in the list whatever their age (§4.1). */
export const OPEN_TICKET_STATUSES = ['UnVerified', 'New', 'InProgress'] as const;
export const CLOSED_TICKET_STATUSES = ['Completed', 'Cancelled'] as const;

/** Not closed: the ticket still shows among the live orders and may change status. */
export const isOpenTicket = (status: TicketStatus): boolean =>
  (OPEN_TICKET_STATUSES as readonly TicketStatus[]).includes(status);

/** §4.1: not yet accepted (New or UnVerified): highlighted, alerted and counted as new. */
export const NOT_ACCEPTED_STATUSES = ['UnVerified', 'New'] as const;
export const isNotAccepted = (status: TicketStatus): boolean =>
  (NOT_ACCEPTED_STATUSES as readonly TicketStatus[]).includes(status);

export const TicketType = z.enum(['cartticket', 'callstaff']);
export type TicketType = z.infer<typeof TicketType>;

/** The templates a ticket can be placed for; MENU is browse-only. */
export const OrderingTemplate = CheckoutTemplate.exclude(['MENU']);
export type OrderingTemplate = z.infer<typeof OrderingTemplate>;

/**
 * What an order may ask to pay with: any method; the intake takes only those its template's
 * branch settings have active (outlet settings), the online ones with a provider token.
 */
export const IntakePaymentMethod = PaymentMethodType;
export type IntakePaymentMethod = PaymentMethodType;

export const RejectReason = z.enum([
  'CANCELLED_BY_CUSTOMER',
  'OUT_OF_STOCK',
  'NOT_ACCEPTING_ORDERS',
  // The spec's spelling.
  'OUTSIDE_DELIVERY_ARE',
]);
export type RejectReason = z.infer<typeof RejectReason>;

export const TicketTaxType = z.enum(['ADDITIVE', 'INCLUSIVE', 'NOTAXTYPE']);
export type TicketTaxType = z.infer<typeof TicketTaxType>;

/** §4.1: accept or reject an unverified ticket; complete or cancel one in progress. */
export const TICKET_TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  UnVerified: ['InProgress', 'Cancelled'],
  New: ['InProgress', 'Cancelled'],
  InProgress: ['Completed', 'Cancelled'],
  Completed: [],
  Cancelled: [],
};

export const canMoveTicket = (from: TicketStatus, to: TicketStatus) =>
  TICKET_TRANSITIONS[from].includes(to);

/**
 * §4.1: the confirmation of a reject requires one of the four reasons. A cancel after accepting
 * goes through the same confirmation, so every cancelled ticket records why.
 */
export const needsCancellationReason = (to: TicketStatus) => to === 'Cancelled';

// ---------------------------------------------------------------------------------------------
// The customer's address and cart lines, as the intake takes them (ticket-intake.ts) and the
// storefront's price preview too.

export const optionalText = (max: number) => Text.trim().max(max).nullish();

export const ShippingAddress = z.object({
  lat: z.number().min(-90).max(90).nullish(),
  lng: z.number().min(-180).max(180).nullish(),
  address1: Text.trim().min(1).max(L.addressLineMax),
  streetAddress: optionalText(L.addressLineMax),
  building: optionalText(L.addressShortMax),
  floor: optionalText(L.addressShortMax),
  apartment: optionalText(L.addressShortMax),
  manualDirections: optionalText(L.instructionsMax),
});
export type ShippingAddress = z.infer<typeof ShippingAddress>;

/** A client's key for an order, so that a retried request never makes two tickets. */
export const IdempotencyKey = Text.min(1)
  .max(L.idempotencyKeyMax)
  .regex(/^[A-Za-z0-9._:-]+$/, { message: 'idempotency_key_invalid' });

export const CartModifierInput = z.object({
  modifierItemId: Uuid,
  quantity: z.number().int().min(1).max(L.modifierQuantityMax).default(1),
});

/** One cart line. Prices are the server's business: any price a client sends is dropped. */
export const CartItemInput = z.object({
  variantId: Uuid,
  quantity: z.number().int().min(L.quantityMin).max(L.quantityMax),
  modifiers: z.array(CartModifierInput).max(L.modifiersPerItemMax).default([]),
  specialRequest: optionalText(L.specialRequestMax),
});
export type CartItemInput = z.infer<typeof CartItemInput>;

// ---------------------------------------------------------------------------------------------
// The ticket (§3). Amounts are exact decimals in the ticket's currency, as JSON numbers.

/** An exact decimal in the ticket's currency, sent as a JSON number. */
export const Amount = z.number();

export const TicketTax = z.object({
  taxId: Uuid.nullable(),
  taxType: TicketTaxType,
  percentage: z.number(),
  localizedTitle: LocalizedText.nullable(),
  taxAmount: Amount,
});
export type TicketTax = z.infer<typeof TicketTax>;

export const TicketChildModifier = z.object({
  id: Uuid,
  localizedTitle: LocalizedText,
  price: Amount,
  quantity: z.number().int(),
});

export const TicketModifier = z.object({
  id: Uuid,
  modifierGroupId: Uuid,
  modifierGroupTitle: LocalizedText,
  localizedTitle: LocalizedText,
  /** Unit price. */
  price: Amount,
  quantity: z.number().int(),
  /** price × quantity, for one unit of the cart line. */
  total: Amount,
  childItemModifiers: z.array(TicketChildModifier),
});
export type TicketModifier = z.infer<typeof TicketModifier>;

export const TicketCartItem = z.object({
  itemId: Uuid,
  variantId: Uuid,
  quantity: z.number().int(),
  localizedTitle: LocalizedText,
  localizedDesc: LocalizedText.nullable(),
  /** Unit price: the variant's effective price plus its modifiers. */
  price: Amount,
  /** price × quantity: what the menu shows, inclusive taxes contained. */
  total: Amount,
  /** total plus additive taxes. */
  totalForDisplay: Amount,
  specialRequest: z.string().nullable(),
  variant: z.object({
    id: Uuid,
    localizedTitle: LocalizedText,
    /** The variant's effective price for this template and time. */
    price: Amount,
    /** The catalogue price before any price adjustment. */
    basePrice: Amount,
    appliedPriceAdjustmentId: Uuid.nullable(),
  }),
  itemModifiers: z.array(TicketModifier),
  taxes: z.array(TicketTax),
  taxAmount: Amount,
});
export type TicketCartItem = z.infer<typeof TicketCartItem>;

export const FeeDetails = z.object({
  taxes: z.array(TicketTax),
  taxAmount: Amount,
  totalForDisplay: Amount,
});

export const CartData = z.object({
  cartItems: z.array(TicketCartItem),
  currency: Currency,
  /** Sum of the lines' totals (inclusive taxes contained). */
  itemsTotal: Amount,
  /** itemsTotal plus additive taxes. */
  itemsTotalForDisplay: Amount,
  inclusiveTaxTotal: Amount,
  additiveTaxTotal: Amount,
  deliveryTotal: Amount,
  serviceChargeTotal: Amount,
  /** The one discount applied (a code or the automatic one); all null and 0 without. */
  discountDetails: z.object({
    discountCode: z.string().nullable(),
    discountType: DiscountType.nullable(),
    /** What it took off the total; 0 for free delivery while the fee is undefined. */
    appliedDiscountValue: Amount,
  }),
  deliveryFeesDetails: FeeDetails,
  serviceChargeFeesDetails: FeeDetails,
  /** A delivery to a zone the branch has no active fee for: the fee is to be agreed. */
  deliveryFeesUnDefined: z.boolean(),
  /** itemsTotalForDisplay + deliveryTotal + serviceChargeTotal − discount. */
  total: Amount,
});
export type CartData = z.infer<typeof CartData>;

export const TicketServiceArea = z.object({
  id: Uuid,
  value: z.string(),
  title: z.string().nullable(),
  sectionName: z.string().nullable(),
});

/**
 * `paymentDetails.paymentStatus` of an order paid online: SUCCESS once taken; when the order is
 * cancelled, REFUND_PENDING until the gateway's answer is known (a refund asked but not answered
 * may have been made), then REFUNDED, or REFUND_FAILED when the gateway refused it.
 * TABLE_BILL_PAID: a pay-later order settled by its table's bill (refunds go through the bill).
 */
export const OnlinePaymentStatus = z.enum([
  'SUCCESS',
  'REFUND_PENDING',
  'REFUNDED',
  'REFUND_FAILED',
  'TABLE_BILL_PAID',
]);
export type OnlinePaymentStatus = z.infer<typeof OnlinePaymentStatus>;

/** The refund of a cancelled order paid online, as the customer and staff are told of it. */
export const TicketRefund = z.object({
  /** The whole order's total: a cancel refunds it all. */
  amount: Amount,
  currency: Currency,
  /** PENDING: asked of the gateway, answer not known yet; FAILED: the gateway refused it. */
  status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
});
export type TicketRefund = z.infer<typeof TicketRefund>;

const REFUND_OF_PAYMENT = new Map<string | null, TicketRefund['status']>([
  ['REFUND_PENDING', 'PENDING'],
  ['REFUNDED', 'SUCCEEDED'],
  ['REFUND_FAILED', 'FAILED'],
]);

/** THE refund an order's payment status tells of (null: none), for every screen that shows it. */
export function ticketRefundOf(
  paymentStatus: string | null,
  total: number,
  currency: Currency,
): TicketRefund | null {
  const status = REFUND_OF_PAYMENT.get(paymentStatus);
  return status ? { amount: total, currency, status } : null;
}

export const PaymentDetails = z.object({
  paymentMethodType: PaymentMethodType.nullable(),
  cardScheme: z.string().nullable(),
  maskedValue: z.string().nullable(),
  paymentStatus: z.string().nullable(),
  paymentUniqueInvoiceId: z.string().nullable(),
});

export const TicketDetails = z.object({
  checkoutUiTemplate: OrderingTemplate,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  reservationLastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  onPropertyInfo: z
    .object({ tableNumber: z.number().int().nullable(), phoneNumber: z.string().nullable() })
    .nullable(),
  serviceArea: TicketServiceArea.nullable(),
  preferredFulfillmentLocalDateTime: z.string().nullable(),
  isFulfillmentAsap: z.boolean(),
  deliveryZoneId: Uuid.nullable(),
  deliveryZone: LocalizedText.nullable(),
  shippingAddress: ShippingAddress.nullable(),
  customerCheckoutSpecialInstructions: z.string().nullable(),
  paymentMethodType: PaymentMethodType.nullable(),
  paymentDetails: PaymentDetails,
  /** The unique delivery or pickup link the order came through (its name as it was then). */
  uniqueLink: z.object({ id: Uuid, name: z.string() }).nullable(),
});
export type TicketDetails = z.infer<typeof TicketDetails>;

export const TicketHistoryEntry = z.object({
  at: z.string(),
  kind: z.enum(['status', 'transfer']),
  fromStatus: TicketStatus.nullable(),
  toStatus: TicketStatus.nullable(),
  reason: RejectReason.nullable(),
  note: z.string().nullable(),
  fromBranchId: Uuid.nullable(),
  toBranchId: Uuid.nullable(),
  /** Display name of the staff member. */
  by: z.string().nullable(),
});
export type TicketHistoryEntry = z.infer<typeof TicketHistoryEntry>;

export const Ticket = z.object({
  ticketType: TicketType,
  id: Uuid,
  tenantId: Uuid,
  tenantName: LocalizedText,
  branchId: Uuid,
  branchName: LocalizedText,
  ticketNumber: z.number().int(),
  /** When the ticket was placed (ISO 8601, UTC). */
  timestamp: z.string(),
  status: TicketStatus,
  /** The customer's language. */
  lang: Language,
  /** The reason of the reject or cancel, when there was one. */
  cancellationReason: RejectReason.nullable(),
  ticketDetails: TicketDetails,
  cartData: CartData,
  /** Status changes and transfers, oldest first, each with its note. */
  history: z.array(TicketHistoryEntry),
});
export type Ticket = z.infer<typeof Ticket>;

/** A row of the live orders list: what the table, its search and its filters need. */
export const TicketSummary = Ticket.pick({
  ticketType: true,
  id: true,
  tenantId: true,
  tenantName: true,
  branchId: true,
  branchName: true,
  ticketNumber: true,
  timestamp: true,
  status: true,
  lang: true,
}).extend({
  updatedAt: z.string(),
  /** When it became Completed or Cancelled; it leaves the list 12 hours after (§2.3). */
  closedAt: z.string().nullable(),
  /** When it was pushed again to managers for waiting too long (issue 36): the alert is urgent. */
  escalatedAt: z.string().nullable(),
  checkoutUiTemplate: OrderingTemplate,
  serviceArea: TicketServiceArea.nullable(),
  deliveryZone: LocalizedText.nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  total: Amount,
  currency: Currency,
  paymentMethodType: PaymentMethodType.nullable(),
  paymentStatus: z.string().nullable(),
});
export type TicketSummary = z.infer<typeof TicketSummary>;

/** §3 Ticket counters: new = New + UnVerified, in progress = InProgress, all = both. */
export const TicketCounters = z.object({
  allTicketsCounter: z.number().int(),
  newAndUnVerifiedTicketsCounter: z.number().int(),
  inProgressTicketsCounter: z.number().int(),
});
export type TicketCounters = z.infer<typeof TicketCounters>;

/** The counters from the number of open tickets in each status (`countOf`). */
export function ticketCounters(countOf: (status: TicketStatus) => number): TicketCounters {
  const fresh = countOf('New') + countOf('UnVerified');
  const inProgress = countOf('InProgress');
  return {
    allTicketsCounter: fresh + inProgress,
    newAndUnVerifiedTicketsCounter: fresh,
    inProgressTicketsCounter: inProgress,
  };
}

export const TicketsQuery = z.object({
  /** Narrows to one of the caller's tenants; all of them when absent. */
  tenantId: Uuid.optional(),
});
export type TicketsQuery = z.infer<typeof TicketsQuery>;

/** Where a page of the live list starts: after this ticket in (time, id) order, newest first. */
export type TicketsCursor = { at: string; id: string };

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A cursor's fields as base64url text, opaque to clients. */
const opaque = (...fields: string[]): string =>
  btoa(fields.join('|')).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The fields of an `opaque` text, or null when it is not one. */
function fieldsOf(text: string): string[] | null {
  if (!/^[A-Za-z0-9_-]{1,600}$/.test(text)) return null;
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/')).split('|');
  } catch {
    return null;
  }
}

/** The `nextCursor` of a page: base64url of `time|id`. */
export const encodeTicketsCursor = (c: TicketsCursor): string => opaque(c.at, c.id);

export function decodeTicketsCursor(text: string): TicketsCursor | null {
  const [at = '', id = '', ...rest] = fieldsOf(text) ?? [];
  if (rest.length > 0 || !CURSOR_AT.test(at) || !looksLikeUuid(id)) return null;
  return Number.isNaN(Date.parse(at)) ? null : { at, id };
}

/**
 * A point in the live list's history: the server's snapshot when it read, as PostgreSQL writes
 * it (`xmin:xmax:running,…`), given back as `changedSince` to ask what that read could not see.
 * `xmin` bounds the search; the rest tells which later transactions the read already saw.
 */
export type ChangesCursor = { xmin: string; snapshot: string };

/** Past this many running transactions the cursor keeps `xmin` only (more rows come again). */
const SNAPSHOT_MAX_CHARS = 300;

export function encodeChangesCursor(snapshot: string): string {
  const xmin = snapshot.split(':')[0]!;
  return opaque('changes', snapshot.length > SNAPSHOT_MAX_CHARS ? `${xmin}:${xmin}:` : snapshot);
}

const SNAPSHOT = /^(\d{1,19}):(\d{1,19}):((?:\d{1,19},)*\d{1,19})?$/;

export function decodeChangesCursor(text: string): ChangesCursor | null {
  const [tag, snapshot = '', ...rest] = fieldsOf(text) ?? [];
  const m = SNAPSHOT.exec(snapshot);
  if (tag !== 'changes' || rest.length > 0 || !m || snapshot.length > SNAPSHOT_MAX_CHARS) {
    return null;
  }
  const [xmin, xmax] = [BigInt(m[1]!), BigInt(m[2]!)];
  const running = m[3] ? m[3].split(',').map(BigInt) : [];
  const inside = running.every((x) => x >= xmin && x < xmax);
  return xmin <= xmax && inside ? { xmin: m[1]!, snapshot } : null;
}

/** A query parameter holding a cursor the server made; 422 `cursor_invalid` for any other. */
const cursorParam = <T>(decode: (text: string) => T | null) =>
  z
    .string()
    .transform((text, ctx) => {
      const cursor = decode(text);
      if (cursor === null) ctx.addIssue({ code: 'custom', message: 'cursor_invalid' });
      return cursor ?? z.NEVER;
    })
    .optional();

export const TicketsListQuery = TicketsQuery.extend({
  /** The `nextCursor` of the page before; the first page without it. */
  cursor: cursorParam(decodeTicketsCursor),
  /**
   * The `changesCursor` of an earlier answer: only the live tickets changed since then (new,
   * status, transfer, payment), in one answer of at most `limit`, instead of the whole list.
   */
  changedSince: cursorParam(decodeChangesCursor),
  limit: z.coerce.number().int().min(1).max(L.listPageMax).default(L.listPageMax),
});
export type TicketsListQuery = z.infer<typeof TicketsListQuery>;

/**
 * GET api/admin/tenants/tickets: `results` stays the plain list the spec reads; the counters of
 * all the caller's live tickets ride beside it, and `nextCursor` asks for the page after (null
 * on the last page).
 */
export const TicketsListResponse = z.object({
  results: z.array(TicketSummary),
  /**
   * Null in a catch-up answer (`changedSince`): counting 20,000 open tickets for each of 100
   * screens coming back at once is what stalled the intake; the client counts the list it holds
   * with `ticketCounters`, which is the same list.
   */
  counters: TicketCounters.nullable(),
  nextCursor: z.string().nullable(),
  /**
   * Where to ask `changedSince` next time. With `changedSince`: null when more than `limit`
   * tickets changed, and the client reads the whole list again.
   */
  changesCursor: z.string().nullable(),
});
export type TicketsListResponse = z.infer<typeof TicketsListResponse>;

export const UpdateTicketStatusBody = z.object({
  status: TicketStatus,
  /**
   * The status the sender saw: the change applies only if the ticket is still in it (else 409
   * `status_changed`). Optional for the spec's older clients, which send status and note only.
   */
  fromStatus: TicketStatus.nullish(),
  note: Text.trim().max(L.noteMax).nullish(),
  reason: RejectReason.nullish(),
});
export type UpdateTicketStatusBody = z.infer<typeof UpdateTicketStatusBody>;

/** 409 `status_changed`: the ticket left `fromStatus` meanwhile; `ticket` is what it is now. */
export const StatusChangedResponse = problemWith({ ticket: Ticket.optional() });
export type StatusChangedResponse = z.infer<typeof StatusChangedResponse>;

export const TransferTicketBody = z.object({
  branchId: Uuid,
  ticketId: Uuid,
  ticketTenantId: Uuid,
});
export type TransferTicketBody = z.infer<typeof TransferTicketBody>;

// ---------------------------------------------------------------------------------------------
// Printing (§2.4, §7.4).

export const PrintTicketBody = z.object({ cartTicketId: Uuid });
export const PrintTicket = z.object({ id: Uuid });
export const RECEIPT_SIZES = ['58', '80'] as const;
/** A thermal printer's paper width in millimetres. */
export type ReceiptSize = (typeof RECEIPT_SIZES)[number];
export const ReceiptQuery = z.object({
  /** Paper width in millimetres. */
  size: z.enum(RECEIPT_SIZES).default('80'),
});

// ---------------------------------------------------------------------------------------------
// Realtime hub at /api/admin/hubs/ticketsUpdate?access_token=… (§4.6, §7.4).

export const HubEventName = z.enum(['ticketsUpdate', 'receiveTableBillPaymentUpdate']);
export type HubEventName = z.infer<typeof HubEventName>;

/** What changed; a client refetches the list on any of them (§7.4). */
export const TicketChange = z.object({
  change: z.enum(['created', 'status', 'transfer']),
  tenantId: Uuid,
  branchId: Uuid,
  ticketId: Uuid,
  ticketNumber: z.number().int(),
  ticketType: TicketType,
  status: TicketStatus,
  at: z.string(),
});
export type TicketChange = z.infer<typeof TicketChange>;

/** Sent after the server lost and regained its event feed: events may have been missed. */
export const TicketsResync = z.object({ change: z.literal('resync'), tenantId: Uuid });

export const TicketsUpdate = z.discriminatedUnion('change', [TicketChange, TicketsResync]);
export type TicketsUpdate = z.infer<typeof TicketsUpdate>;

/** One message from the hub, as JSON text: `{ "event": "ticketsUpdate", "data": { … } }`. */
export const HubMessage = z.object({ event: HubEventName, data: z.unknown() });
export type HubMessage = z.infer<typeof HubMessage>;

/** A hub frame as a message, or null when it is not JSON text of one. */
export function parseHubMessage(raw: unknown): HubMessage | null {
  if (typeof raw !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const message = HubMessage.safeParse(json);
  return message.success ? message.data : null;
}

/**
 * What a client may say to the hub: `{ "event": "listening", "data": { "soundOn": true } }` once
 * Start Live Orders is pressed (and after each reconnect), for the listeners call (issue 36).
 */
export const HubClientMessage = z.object({
  event: z.literal('listening'),
  data: z.object({ soundOn: z.boolean() }),
});

/** A client's frame as what it says, or null when it is not one of those. */
export function parseClientMessage(raw: string): { soundOn: boolean } | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const message = HubClientMessage.safeParse(json);
  return message.success ? message.data.data : null;
}

/** Close codes of the hub: the client reconnects with a fresh token after 4401. */
export const HUB_CLOSE_CODES = { tokenExpired: 4401, serverClosing: 1001 } as const;

// ---------------------------------------------------------------------------------------------
// The calls (operations-platform §7.4) and the public intake.

const route = routesOf('tickets');
const TicketParams = TenantParams.extend({ ticketId: Uuid });

/** A ticket's id, or its number as printed on the receipt (short links carry either). */
export const TicketIdOrNumber = z
  .string()
  .refine((v) => Uuid.safeParse(v).success || /^\d{1,15}$/.test(v), {
    message: 'ticket_id_invalid',
  })
  .meta({ examples: ['1042', '3f2b8c1e-9a4d-4f6b-8c2e-1a2b3c4d5e6f'] });
export const isTicketNumber = (v: string) => /^\d{1,15}$/.test(v);
const access = { permission: 'LiveTickets' } as const;

export const ticketsRoutes = {
  list: route({
    method: 'GET',
    path: `${ADMIN_PATH}/tenants/tickets`,
    access,
    summary: "Live tickets of the caller's tenants, a page at a time, with the counters",
    description: [
      'Open tickets (UnVerified, New, InProgress) of any age and tickets Completed or Cancelled',
      'in the past 12 hours, newest first (by time, then id). `counters` (beside `results`) are',
      'the §4.1 counters of the same tenants, whatever the page.',
      '',
      `At most \`limit\` tickets (1 to ${L.listPageMax}, ${L.listPageMax} when absent) per answer;`,
      '`nextCursor` is null on the last page, else sent back as `cursor` for the next one. The',
      'pages follow (time, id), so a ticket placed or changed meanwhile never shifts another',
      'out of the walk. 422 `cursor_invalid` for a cursor the server did not make.',
      '',
      'Catching up: every answer carries `changesCursor`; sent back as `changedSince`, the answer',
      'holds only the live tickets changed since that read (placed, status, transfer, payment),',
      '`counters` null (count the merged list),',
      'most recently changed first, and a new `changesCursor`. A ticket changed while that read',
      'ran may come again; a client replaces rows by id and drops finished ones 12 hours after',
      '`closedAt`. When more than `limit` changed, `changesCursor` is null: read the whole list',
      'again.',
    ].join('\n'),
    query: TicketsListQuery,
    response: TicketsListResponse,
  }),
  counters: route({
    method: 'GET',
    path: `${ADMIN_PATH}/tenants/tickets/counters`,
    access,
    summary: "Counters of the caller's tenants alone (the side menu badge)",
    query: TicketsQuery,
    results: TicketCounters,
  }),
  get: route({
    method: 'GET',
    path: `${TENANT_PATH}/tickets/:ticketId`,
    // The super admin reads a ticket from the unverified tickets list (read only).
    access: { ...access, superAdmin: true },
    summary: 'One ticket with its cart, customer details and history',
    description:
      '`ticketId` is the ticket’s id or its number as printed (the t/{id} and ticketview/{id} short links carry either); a number is looked up in the tenant of the path. 422 `ticket_id_invalid` for anything else.',
    params: TenantParams.extend({ ticketId: TicketIdOrNumber }),
    results: Ticket,
  }),
  updateStatus: route({
    method: 'PUT',
    path: `${TENANT_PATH}/tickets/:ticketId`,
    access,
    summary: 'Accept, reject, complete or cancel a ticket, with a note',
    description: [
      'UnVerified → InProgress (accept) or Cancelled (reject: `reason` required); InProgress →',
      'Completed or Cancelled (`reason` required). Any other move answers 409',
      '`illegal_transition`.',
      '',
      '`fromStatus` names the status the sender saw. When the ticket is no longer in it (someone',
      'accepted it meanwhile, so a reject would cancel an accepted order), nothing changes and',
      'the answer is 409 `status_changed` with the ticket as it is now in `error.ticket`.',
      '`fromStatus` is optional so that the spec’s older clients (status and note only) keep',
      'working, without that protection; the admin always sends it.',
    ].join('\n'),
    params: TicketParams,
    body: UpdateTicketStatusBody,
    results: Ticket,
    conflicts: ['status_changed', 'illegal_transition'],
    conflictResponse: StatusChangedResponse,
  }),
  transfer: route({
    method: 'PUT',
    path: `${TENANT_PATH}/tickets/branches/:branchId/transfer`,
    access,
    summary: 'Transfer an open ticket to another branch of the tenant',
    description: '`branchId` (path and body) is the branch the ticket moves to.',
    params: BranchParams,
    body: TransferTicketBody,
    results: Ticket,
    conflicts: ['same_branch', 'ticket_closed'],
  }),
  createPrint: route({
    method: 'POST',
    path: `${TENANT_PATH}/printing/url/html`,
    access,
    summary: 'Ask to print a ticket: answers the print id for the receipt call',
    params: TenantParams,
    body: PrintTicketBody,
    results: PrintTicket,
    status: 201,
  }),
  receipt: route({
    method: 'GET',
    path: `${TENANT_PATH}/printing/url/html/:printId/:adminLanguage`,
    access,
    summary: 'The receipt as HTML for a 58 or 80 mm thermal printer (text/html)',
    description:
      'Labels and titles in `adminLanguage` (en, ar, es; Arabic right to left); any other value prints in the ticket’s own language. `size` is the paper width in mm.',
    params: TenantParams.extend({ printId: Uuid, adminLanguage: Text.max(16) }),
    query: ReceiptQuery,
    produces: 'text/html',
  }),
  /** The realtime hub (a WebSocket upgrade; the token rides as `?access_token=`). */
  hub: route({
    method: 'GET',
    path: `${ADMIN_PATH}/hubs/ticketsUpdate`,
    access,
    summary: 'Realtime ticketsUpdate events (WebSocket)',
  }),
};
