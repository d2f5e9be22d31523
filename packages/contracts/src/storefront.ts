import { z } from 'zod';
import { CheckoutTemplate, Currency, LocalizedText, Text, Uuid } from './common.ts';
import { routesOf } from './http.ts';
import { BranchOperatingStatus, PaymentMethodType } from './branch-basics.ts';
import { Amount, OrderingTemplate } from './tickets.ts';

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
  branches: z.array(
    z.object({
      branchId: Uuid,
      branchName: LocalizedText,
      timeZone: z.string(),
      checkoutTemplates: z.array(CheckoutTemplate),
      branchOperatingStatus: BranchOperatingStatus,
    }),
  ),
});
export type PublicStorefront = z.infer<typeof PublicStorefront>;

export const PublicMenuQuery = z.object({ checkoutTemplate: OrderingTemplate.default('PICKUP') });

export const PublicMenuModifierGroup = z.object({
  id: Uuid,
  localizedTitle: LocalizedText,
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  allowModifierItemCounter: z.boolean(),
  modifierItems: z.array(z.object({ id: Uuid, localizedTitle: LocalizedText, price: Amount })),
});

export const PublicMenuItem = z.object({
  id: Uuid,
  localizedTitle: LocalizedText,
  localizedDesc: LocalizedText.nullable(),
  thumbnail: z.string().nullable(),
  enableSpecialRequest: z.boolean(),
  variants: z.array(z.object({ id: Uuid, localizedTitle: LocalizedText, price: Amount })),
  modifierGroups: z.array(PublicMenuModifierGroup),
});

/** What can be ordered now at one branch for one template, priced as the intake would. */
export const PublicMenu = z.object({
  tenantId: Uuid,
  branchId: Uuid,
  checkoutTemplate: OrderingTemplate,
  currency: Currency,
  branchOperatingStatus: BranchOperatingStatus,
  /** The payment methods the intake accepts for this template now. */
  paymentMethods: z.array(PaymentMethodType),
  /** Within the template's opening hours now (branch time zone). */
  openNow: z.boolean(),
  /** When closed by the hours: the next opening (UTC, ISO 8601); null when open or never. */
  nextOpeningTime: z.string().nullable(),
  sections: z.array(
    z.object({ id: Uuid, localizedTitle: LocalizedText, items: z.array(PublicMenuItem) }),
  ),
  deliveryZones: z.array(
    z.object({ deliveryZoneId: Uuid, localizedTitle: LocalizedText, deliveryFee: Amount }),
  ),
  serviceAreas: z.array(z.object({ id: Uuid, value: z.string(), title: z.string().nullable() })),
});
export type PublicMenu = z.infer<typeof PublicMenu>;

const route = routesOf('storefront');

export const storefrontRoutes = {
  storefront: route({
    method: 'GET',
    path: '/api/public/storefronts/:slug',
    access: { public: true },
    summary: 'A tenant’s storefront by its slug: its id, currency and branches',
    params: z.object({ slug: Text.min(1).max(64) }),
    results: PublicStorefront,
  }),
  menu: route({
    method: 'GET',
    path: '/api/public/tenants/:tenantId/branches/:branchId/menu',
    access: { public: true },
    summary: 'What can be ordered now at a branch for a template, with its prices',
    params: z.object({ tenantId: Uuid, branchId: Uuid }),
    query: PublicMenuQuery,
    results: PublicMenu,
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
