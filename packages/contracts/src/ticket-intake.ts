import { z } from 'zod';
import { BranchParams, CheckoutTemplate, Language, Text, Uuid } from './common.ts';
import { isOnlinePayment } from './branch-basics.ts';
import { PUBLIC_TENANT_PATH, routesOf } from './http.ts';
import {
  CartItemInput,
  IdempotencyKey,
  IntakePaymentMethod,
  ShippingAddress,
  Ticket,
  TICKET_LIMITS,
  TicketType,
  optionalText,
} from './tickets.ts';

/**
 * The public order intake of the tickets area (operations-platform §2.3, §3, §7.4): the cart a
 * storefront or any client sends. Apart from tickets.ts so that screens reading tickets do not
 * load the customer's phone validation (libphonenumber).
 */
const L = TICKET_LIMITS;

// ---------------------------------------------------------------------------------------------
// Order intake: POST /api/public/tenants/{tenantId}/branches/{branchId}/tickets

/** A wall-clock time in the branch's time zone, without offset: 2025-03-01T19:30. */
export const LocalDateTime = Text.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, {
  message: 'datetime_invalid',
})
  .refine(
    (v) => {
      const [date = '', time = ''] = v.split('T');
      const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
      const [h, mi] = time.split(':').map(Number) as [number, number];
      const t = new Date(Date.UTC(y, mo - 1, d, h, mi));
      return t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && h < 24 && mi < 60;
    },
    { message: 'datetime_invalid' },
  )
  .transform((v) => v.slice(0, 16));

export const OnPropertyInfo = z.object({
  tableNumber: z.number().int().min(0).max(L.tableNumberMax).nullish(),
  phoneNumber: Text.trim().max(20).nullish(),
});

const issue = (ctx: z.RefinementCtx, path: (string | number)[], message: string) =>
  ctx.addIssue({ code: 'custom', path, message });

/**
 * A cart ticket (DELIVERY with a zone and an address, PICKUP, DINING at a table) or a call-staff
 * ticket from a table. Field codes: `required`, `checkout_template_not_orderable`,
 * `callstaff_has_no_cart`; the server adds `item_inactive`, `store_closed`, … (see the route).
 */
export const TicketIntakeBody = z
  .object({
    ticketType: TicketType.default('cartticket'),
    checkoutTemplate: CheckoutTemplate.nullish(),
    cartItems: z.array(CartItemInput).max(L.cartItemsMax).default([]),
    /** The customer's promo code (HIDDEN_CODE or MANUAL_ENTRY), in any case. */
    discountCode: Text.trim().max(L.discountCodeMax).nullish(),
    deliveryZoneId: Uuid.nullish(),
    shippingAddress: ShippingAddress.nullish(),
    serviceAreaId: Uuid.nullish(),
    firstName: optionalText(L.nameMax),
    lastName: optionalText(L.nameMax),
    reservationLastName: optionalText(L.nameMax),
    /** International, or local to the branch's country (`customerPhone`); stored in E.164. */
    phoneNumber: Text.trim().max(L.phoneTypedMax).nullish(),
    onPropertyInfo: OnPropertyInfo.nullish(),
    preferredFulfillmentLocalDateTime: LocalDateTime.nullish(),
    isFulfillmentAsap: z.boolean().default(false),
    customerCheckoutSpecialInstructions: optionalText(L.instructionsMax),
    paymentMethodType: IntakePaymentMethod.nullish(),
    /** An online payment's token from the payment provider (card details never reach us). */
    paymentToken: Text.trim().min(1).max(L.paymentTokenMax).nullish(),
    /** The branch's unique delivery or pickup link the customer came through (service areas). */
    uniqueLinkId: Uuid.nullish(),
    lang: Language.default('en'),
  })
  .superRefine((b, ctx) => {
    if (b.ticketType === 'callstaff') {
      if (!b.serviceAreaId) issue(ctx, ['serviceAreaId'], 'required');
      if (b.cartItems.length > 0) issue(ctx, ['cartItems'], 'callstaff_has_no_cart');
      return;
    }
    if (!b.checkoutTemplate) issue(ctx, ['checkoutTemplate'], 'required');
    else if (b.checkoutTemplate === 'MENU')
      issue(ctx, ['checkoutTemplate'], 'checkout_template_not_orderable');
    if (b.cartItems.length === 0) issue(ctx, ['cartItems'], 'required');
    if (!b.paymentMethodType) issue(ctx, ['paymentMethodType'], 'required');
    else if (isOnlinePayment(b.paymentMethodType) && !b.paymentToken)
      issue(ctx, ['paymentToken'], 'required');
    if (!b.isFulfillmentAsap && !b.preferredFulfillmentLocalDateTime)
      issue(ctx, ['preferredFulfillmentLocalDateTime'], 'required');
    if (b.checkoutTemplate === 'DELIVERY') {
      if (!b.deliveryZoneId) issue(ctx, ['deliveryZoneId'], 'required');
      if (!b.shippingAddress) issue(ctx, ['shippingAddress'], 'required');
      if (!b.phoneNumber) issue(ctx, ['phoneNumber'], 'required');
    }
    if (b.checkoutTemplate === 'DINING' && !b.serviceAreaId)
      issue(ctx, ['serviceAreaId'], 'required');
  });
export type TicketIntakeBody = z.infer<typeof TicketIntakeBody>;

const route = routesOf('tickets');

export const ticketIntakeRoutes = {
  intake: route({
    method: 'POST',
    path: `${PUBLIC_TENANT_PATH}/branches/:branchId/tickets`,
    access: { public: true },
    summary: 'Place an order (or call staff from a table); the server prices it',
    description: [
      'The server prices every line itself from the catalogue at the branch’s local time:',
      'price adjustments, modifiers, inclusive and additive taxes, the zone’s delivery fee.',
      'Prices sent by a client are ignored.',
      '',
      'Send an `Idempotency-Key` header (any unique string): a retry with the same key and',
      'body answers the first ticket (200, `Idempotent-Replayed: true`) and never makes a',
      'second; the same key with another body answers 409 `idempotency_key_reused`.',
      '',
      '422 codes: `store_closed`, `store_not_accepting_orders` (field `branchId`);',
      '`store_closed_hours` (field `branchId`, outside the template’s opening hours in the',
      'branch’s time zone; `params.nextOpeningTime` (UTC) and `params.nextOpeningLocalTime`);',
      '`payment_method_not_accepted` (field `paymentMethodType`: not active for the template);',
      '`payment_declined` (field `paymentToken`, with the provider’s `params.reason`);',
      '`item_inactive` (hidden, out of stock, excluded for the template or branch, or a',
      'section inactive or outside its schedule), `sold_out` (the item, variant or modifier',
      'choice sold out at this branch until a time), `item_not_found`, `modifier_not_allowed`,',
      '`modifier_duplicate`, `modifier_quantity_max`, `modifier_group_min`,',
      '`modifier_group_max`, `special_request_not_allowed` (fields under `cartItems.N`);',
      '`checkout_template_not_orderable` (MENU), `checkout_template_disabled`,',
      '`service_area_not_found`, `service_area_disabled`, `service_area_menu_only`,',
      '`delivery_zone_not_found`, `fulfillment_time_past`, `callstaff_has_no_cart`,',
      '`unique_link_not_found` (field `uniqueLinkId`: not a link of this branch and template),',
      '`phone_invalid` (field `phoneNumber`: no valid number, international or local to the',
      'branch’s country, e.g. 0791234567 in Jordan; stored in E.164),',
      '`required` and the format codes.',
      '',
      'Discounts: `discountCode` (any case) applies that code; without one the active automatic',
      'discount applies when the order qualifies. A refused code answers 422 on `discountCode`:',
      '`discount_code_invalid`, `discount_template_not_allowed`, `discount_min_order_not_met`,',
      '`discount_items_not_in_cart`, `discount_usage_limit_reached` (also for an automatic',
      'discount whose last use a concurrent order took; a retry is priced without it). Those',
      'reasons are given for codes the shop hands out (MANUAL_ENTRY); an unknown, inactive or',
      'hidden (HIDDEN_CODE) code, and an automatic discount’s code, are all `discount_code_invalid`.',
      'After 10 different codes refused to one client address at one tenant in 10 minutes (here',
      'and in the price preview together), a request with a code answers 429',
      '`discount_code_tries_exceeded` with Retry-After; without a code, or from the shop’s own',
      'signed-in staff (bearer token), it goes on.',
      '',
      'Online methods (CREDIT_CARD_ONLINE, APPLE_PAY, GOOGLE_PAY) need `paymentToken` from the',
      'payment provider: the order is authorised and captured before the ticket is made',
      '(paymentDetails.paymentStatus SUCCESS); 503 `payment_provider_unavailable` when the',
      'provider cannot be reached (nothing is charged, no ticket is made).',
      '',
      '429 `too_many_requests` (with `Retry-After` in seconds) when one client address',
      'places more orders than the server allows per window (INTAKE_RATE_LIMIT_*).',
    ].join('\n'),
    params: BranchParams,
    headers: z.looseObject({ 'idempotency-key': IdempotencyKey.optional() }),
    body: TicketIntakeBody,
    results: Ticket,
    status: 201,
    alsoAnswers: [200],
    conflicts: ['idempotency_key_reused'],
  }),
};
