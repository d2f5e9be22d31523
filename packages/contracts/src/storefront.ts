import { z } from 'zod';
import { CheckoutTemplate, Currency, LocalizedText, Text, Uuid } from './common.ts';
import { routesOf } from './http.ts';
import { BranchOperatingStatus } from './outlet-settings.ts';
import { Amount, OrderingTemplate } from './tickets.ts';

/** The public reads a storefront (or any client) needs to place an order; no token. */
export const PublicStorefront = z.object({
  tenantId: Uuid,
  slug: z.string(),
  localizedName: LocalizedText,
  defaultCurrency: Currency,
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
