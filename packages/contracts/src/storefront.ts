import { z } from 'zod';
import { BranchParams, Currency, LocalizedText, TenantParams, Text, Uuid } from './common.ts';
import { PUBLIC_TENANT_PATH, routesOf, STOREFRONT_PATH, TENANT_PATH } from './http.ts';
import { BranchOperatingStatus, PaymentMethodType } from './branch-basics.ts';
import { BranchSummary } from './identity.ts';
import { DiscountApplication, DiscountRefusal, DiscountType } from './discounts.ts';
import { UniqueLinkTemplate } from './service-areas.ts';
import {
  Amount,
  CartData,
  CartItemInput,
  OrderingTemplate,
  RejectReason,
  TICKET_LIMITS,
  TicketRefund,
  TicketStatus,
  TicketType,
} from './tickets.ts';

/** The public reads a storefront (or any client) needs to place an order; no token. */
export const PublicStorefront = z.object({
  tenantId: Uuid,
  slug: z.string(),
  localizedName: LocalizedText,
  defaultCurrency: Currency,
  /** The brand colour (branding). */
  theme: z.object({ primaryHex: z.string() }),
  logoUrl: z.string().nullable(),
  /** Where a storefront gets online payment tokens; null when online payment is not set up. */
  payments: z.object({ tokenUrl: z.string(), publishableKey: z.string() }).nullable(),
  branches: z.array(BranchSummary),
});
export type PublicStorefront = z.infer<typeof PublicStorefront>;

export const PublicMenuQuery = z.object({
  checkoutTemplate: OrderingTemplate.default('PICKUP'),
  /** A table's QR code: its own payment mode (per-table payment methods) decides the methods. */
  serviceAreaId: Uuid.optional(),
});

export const PublicMenuModifierGroup = z.object({
  id: Uuid,
  localizedTitle: LocalizedText,
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  allowModifierItemCounter: z.boolean(),
  modifierItems: z.array(
    z.object({
      id: Uuid,
      localizedTitle: LocalizedText,
      price: Amount,
      /** Sold out at this branch now: shown, not orderable. */
      soldOut: z.boolean(),
    }),
  ),
});

export const PublicMenuItem = z.object({
  id: Uuid,
  localizedTitle: LocalizedText,
  localizedDesc: LocalizedText.nullable(),
  thumbnail: z.string().nullable(),
  enableSpecialRequest: z.boolean(),
  variants: z.array(
    z.object({ id: Uuid, localizedTitle: LocalizedText, price: Amount, soldOut: z.boolean() }),
  ),
  modifierGroups: z.array(PublicMenuModifierGroup),
  /**
   * Sold out at this branch now (the item, or every variant): shown, not orderable. An item of
   * a section that hides what is not available is left out instead.
   */
  soldOut: z.boolean(),
  /** When a sold-out item is back by itself; null when not sold out or until turned back on. */
  backAt: z.string().nullable(),
});

/** What can be ordered now at one branch for one template, priced as the intake would. */
export const PublicMenu = z.object({
  tenantId: Uuid,
  branchId: Uuid,
  checkoutTemplate: OrderingTemplate,
  currency: Currency,
  branchOperatingStatus: BranchOperatingStatus,
  /** The payment methods the intake accepts for this template now (at the table, if asked). */
  paymentMethods: z.array(PaymentMethodType),
  /** Within the template's opening hours now (branch time zone). */
  openNow: z.boolean(),
  /** When closed by the hours: the next opening (UTC, ISO 8601); null when open or never. */
  nextOpeningTime: z.string().nullable(),
  /**
   * The country a customer's phone typed without + and country code is read in (ISO 3166,
   * the branch's phone's or the outlet's); null: only international numbers.
   */
  phoneCountry: z.string().nullable(),
  /** Sections with something to order, in the admin's order (main sections, then theirs). */
  sections: z.array(
    z.object({
      id: Uuid,
      localizedTitle: LocalizedText,
      /** The titles of the sections it sits in, from the main section down; [] for a main one. */
      parentTitles: z.array(LocalizedText),
      items: z.array(PublicMenuItem),
    }),
  ),
  deliveryZones: z.array(
    z.object({ deliveryZoneId: Uuid, localizedTitle: LocalizedText, deliveryFee: Amount }),
  ),
  serviceAreas: z.array(z.object({ id: Uuid, value: z.string(), title: z.string().nullable() })),
});
export type PublicMenu = z.infer<typeof PublicMenu>;

/** A table's, room's or sunbed's QR code resolved: where it orders and how (dining or menu only). */
export const PublicServiceArea = z.object({
  id: Uuid,
  tenantId: Uuid,
  branchId: Uuid,
  value: z.string(),
  title: z.string().nullable(),
  /** DINING orders to the table; MENU shows the menu without ordering. */
  template: z.enum(['DINING', 'MENU']),
  /** A disabled table takes no orders (the intake answers `service_area_disabled`). */
  enabled: z.boolean(),
});
export type PublicServiceArea = z.infer<typeof PublicServiceArea>;

/**
 * A unique delivery or pickup link resolved: the branch and template it orders at. Its name
 * (the owner's label for a flyer or a partner) stays private: the ticket records it.
 */
export const PublicUniqueLink = z.object({
  id: Uuid,
  tenantId: Uuid,
  branchId: Uuid,
  template: UniqueLinkTemplate,
});
export type PublicUniqueLink = z.infer<typeof PublicUniqueLink>;

/**
 * A cart to price before it is ordered: what the intake would charge for it now, with the
 * customer's promo code or the automatic discount. Nothing is stored or counted.
 */
export const QuoteBody = z.object({
  checkoutTemplate: OrderingTemplate,
  cartItems: z.array(CartItemInput).min(1).max(TICKET_LIMITS.cartItemsMax),
  /** The customer's promo code, in any case. */
  discountCode: Text.trim().max(TICKET_LIMITS.discountCodeMax).nullish(),
  /** A delivery's zone (its fee); without one the fee is left out and marked undefined. */
  deliveryZoneId: Uuid.nullish(),
});
export type QuoteBody = z.infer<typeof QuoteBody>;

export const PublicQuote = z.object({
  /** The cart priced exactly as the intake would price the order now. */
  cartData: CartData,
  /** The discount applied (the code's, or else the automatic one); null when none applies. */
  discount: z
    .object({
      localizedName: LocalizedText,
      discountCode: z.string(),
      discountApplication: DiscountApplication,
      discountType: DiscountType,
      appliedDiscountValue: Amount,
    })
    .nullable(),
  /** Why the code sent would be refused by the intake (the cart is priced without it). */
  discountCodeRefusal: DiscountRefusal.nullable(),
});
export type PublicQuote = z.infer<typeof PublicQuote>;

/**
 * What the customer's order status page shows: the ticket's status, lines and totals, without
 * the customer's name, phone, address or notes (whoever holds the ticket's id may read it).
 */
export const PublicTicket = z.object({
  id: Uuid,
  tenantId: Uuid,
  branchId: Uuid,
  branchName: LocalizedText,
  ticketType: TicketType,
  ticketNumber: z.number().int(),
  /** When the ticket was placed (ISO 8601, UTC). */
  timestamp: z.string(),
  status: TicketStatus,
  cancellationReason: RejectReason.nullable(),
  checkoutTemplate: OrderingTemplate,
  isFulfillmentAsap: z.boolean(),
  preferredFulfillmentLocalDateTime: z.string().nullable(),
  serviceArea: z.object({ value: z.string(), title: z.string().nullable() }).nullable(),
  deliveryZone: LocalizedText.nullable(),
  paymentMethodType: PaymentMethodType.nullable(),
  paymentStatus: z.string().nullable(),
  /** The refund of a cancelled order paid online (null: none owed). */
  refund: TicketRefund.nullable(),
  cartData: CartData,
});
export type PublicTicket = z.infer<typeof PublicTicket>;

/** §2.7: the template a storefront preview opens on, the first a branch has of these. */
export const PREVIEW_TEMPLATE_ORDER = ['DELIVERY', 'DINING', 'PICKUP', 'MENU'] as const;

/** The admin's storefront preview: each branch's storefront address (null: no template on). */
export const StorefrontPreview = z.array(
  z.object({ branchId: Uuid, branchName: LocalizedText, url: z.string().nullable() }),
);
export type StorefrontPreview = z.infer<typeof StorefrontPreview>;

const route = routesOf('storefront');

export const storefrontRoutes = {
  storefront: route({
    method: 'GET',
    path: STOREFRONT_PATH,
    access: { public: true },
    summary: 'A tenant’s storefront by its slug: its id, currency and branches',
    params: z.object({ slug: Text.min(1).max(64) }),
    results: PublicStorefront,
  }),
  menu: route({
    method: 'GET',
    path: `${PUBLIC_TENANT_PATH}/branches/:branchId/menu`,
    access: { public: true },
    summary: 'What can be ordered now at a branch for a template, with its prices',
    params: BranchParams,
    query: PublicMenuQuery,
    results: PublicMenu,
  }),
  serviceArea: route({
    method: 'GET',
    path: `${STOREFRONT_PATH}/service-areas/:serviceAreaId`,
    access: { public: true },
    summary: 'A table QR code’s service area: its branch and template (dining or menu only)',
    description: '404 when the service area is not one of the storefront’s tenant.',
    params: z.object({ slug: Text.min(1).max(64), serviceAreaId: Uuid }),
    results: PublicServiceArea,
  }),
  uniqueLink: route({
    method: 'GET',
    path: `${STOREFRONT_PATH}/links/:linkId`,
    access: { public: true },
    summary: 'A unique delivery or pickup link: its branch and template',
    description: '404 when the link is not one of the storefront’s tenant.',
    params: z.object({ slug: Text.min(1).max(64), linkId: Uuid }),
    results: PublicUniqueLink,
  }),
  quote: route({
    method: 'POST',
    path: `${PUBLIC_TENANT_PATH}/branches/:branchId/tickets/quote`,
    access: { public: true },
    summary: 'Price a cart as the intake would now, with a promo code or the automatic discount',
    description: [
      'Nothing is stored and no discount use is counted. A code that would be refused does not',
      'fail the call: the cart is priced without it (the automatic discount may apply) and',
      '`discountCodeRefusal` says why (`discount_code_invalid`, `discount_min_order_not_met`,',
      '`discount_template_not_allowed`, `discount_items_not_in_cart`,',
      '`discount_usage_limit_reached`). 422 codes as the intake’s for the lines',
      '(`item_inactive`, `item_not_found`, `modifier_*`, under `cartItems.N`),',
      '`checkout_template_disabled` and `delivery_zone_not_found`. Counted against the public',
      'read limit per client address. Refused codes count with the intake’s: past 10 different',
      'ones per address and tenant in 10 minutes, 429 `discount_code_tries_exceeded` (see the',
      'intake; hidden codes are refused as unknown ones).',
    ].join('\n'),
    params: BranchParams,
    body: QuoteBody,
    results: PublicQuote,
  }),
  ticket: route({
    method: 'GET',
    path: `${PUBLIC_TENANT_PATH}/tickets/:ticketId`,
    access: { public: true },
    summary: 'An order’s status for the customer who placed it (no personal fields)',
    description:
      'By the ticket’s id only (never its printed number, which could be guessed). Answers an `ETag`; a client polling with `If-None-Match` gets 304 until the ticket changes.',
    params: z.object({ tenantId: Uuid, ticketId: Uuid }),
    results: PublicTicket,
  }),
  preview: route({
    method: 'GET',
    path: `${TENANT_PATH}/storefront/preview`,
    // Whoever sees the menu may preview it (the menu's and the branch settings' Preview buttons).
    access: { permission: 'ManageCatalog' },
    summary: 'Where the storefront preview opens for each branch (§2.7), in preview mode',
    description:
      'Each branch’s storefront address on the first template it has of delivery, dining, pickup, menu, with `?preview=1` (the storefront then takes no orders); null when the branch has none on.',
    params: TenantParams,
    results: StorefrontPreview,
  }),
};

/**
 * The storefront addresses the admin's links and QR codes encode, and the storefront's router
 * reads (`base` is STOREFRONT_URL, or `https://{customDomain}` where a branch has one, which
 * then stands for the slug too). A table's template (dining or menu only) is read from the
 * service area when the page opens, so a QR code stays valid when the template is switched.
 */
export const storefrontAddress = {
  /** The branch's public ordering link for one template (delivery, pickup). */
  branch: (base: string, slug: string | null, branchId: string, template: string) =>
    `${base}${slug === null ? '' : `/${encodeURIComponent(slug)}`}/${branchId}/${template.toLowerCase()}`,
  /** A table's, room's or sunbed's QR code. */
  serviceArea: (base: string, slug: string | null, serviceAreaId: string) =>
    `${base}${slug === null ? '' : `/${encodeURIComponent(slug)}`}/t/${serviceAreaId}`,
  /** A unique delivery or pickup link (service areas §2.9: links per template). */
  uniqueLink: (base: string, slug: string | null, linkId: string) =>
    `${base}${slug === null ? '' : `/${encodeURIComponent(slug)}`}/l/${linkId}`,
};
