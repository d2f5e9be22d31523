import { z } from 'zod';
import { LocalizedText, TenantIdParams, TenantParams, Text, Uuid } from './common.ts';
import { CATALOG_BASE } from './catalog.ts';
import { routesOf, TENANT_PATH } from './http.ts';

/** menu-management.md §9: the provider's lists are read 2,000 at a time, searched as typed. */
export const POS_MAPPING_LIMITS = {
  pageSize: 2000,
  searchDebounceMs: 200,
  skuMax: 100,
  searchMax: 100,
} as const;

/**
 * One row of the mapping screen (menu-management §3, POS mapping): an item, a modifier group
 * or a modifier item with the provider's code it is mapped to. `price` is an item's lowest
 * variant price; groups have none. `parentTitle` is an item's section or a modifier item's group.
 */
export const PosMappingEntry = z.object({
  id: Uuid,
  title: LocalizedText,
  price: z.number().nullable(),
  active: z.boolean(),
  externalSKU: z.string().nullable(),
  externalId: z.string().nullable(),
  isModifierItem: z.boolean(),
  isModifierGroup: z.boolean(),
  parentTitle: LocalizedText.nullable(),
});
export type PosMappingEntry = z.infer<typeof PosMappingEntry>;

const Code = Text.trim()
  .max(POS_MAPPING_LIMITS.skuMax)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** §5: 'POS SKU text is trimmed before sending'; the server trims too. Empty unmaps. */
export const PosMappingBody = z.object({ externalSKU: Code, externalId: Code });
export type PosMappingBody = z.infer<typeof PosMappingBody>;

/** HubRise's catalog as the spec names it (menu-management §3, provider products). */
export const HubriseProduct = z.object({
  skuId: z.string(),
  skuReference: z.string().nullable(),
  productName: z.string(),
  price: z.number().nullable(),
  category: z.string().nullable(),
});
export type HubriseProduct = z.infer<typeof HubriseProduct>;

export const HubriseModifier = z.object({
  modifierId: z.string(),
  modifierReference: z.string().nullable(),
  modifierName: z.string(),
  price: z.number().nullable(),
  modifierGroupId: z.string(),
  modifierGroupName: z.string(),
  /** Beside the spec's fields: the option list's ref, a modifier group's code. */
  modifierGroupReference: z.string().nullable(),
});
export type HubriseModifier = z.infer<typeof HubriseModifier>;

export const HubriseQuery = z.object({
  SearchTerm: Text.trim().max(POS_MAPPING_LIMITS.searchMax).optional(),
  PageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(POS_MAPPING_LIMITS.pageSize)
    .default(POS_MAPPING_LIMITS.pageSize),
});

/** 409 when the tenant has no HubRise connection. */
export const POS_NOT_CONNECTED = 'pos_not_connected';

const route = routesOf('pos-mapping');
const access = { permission: 'PosItemMapping' } as const;
const HUBRISE = `${TENANT_PATH}/HubRise`;

/** menu-management.md §7, integration-posmapping and HubRise; the store owner only (§6). */
export const posMappingRoutes = {
  list: route({
    method: 'GET',
    path: `${CATALOG_BASE}/all/integration-posmapping`,
    access,
    summary: 'Every item, modifier group and modifier item with its point-of-sale code',
    params: TenantParams,
    results: z.array(PosMappingEntry),
  }),
  mapItem: route({
    method: 'PUT',
    path: `${CATALOG_BASE}/catalogitems/integration-posmapping/:id`,
    access,
    summary: "Map an item to a provider's product SKU (trimmed; empty unmaps)",
    params: TenantIdParams,
    body: PosMappingBody,
    results: PosMappingEntry,
  }),
  mapModifierItem: route({
    method: 'PUT',
    path: `${CATALOG_BASE}/modifieritems/integration-posmapping/:id`,
    access,
    summary: "Map a modifier item to a provider's option (trimmed; empty unmaps)",
    params: TenantIdParams,
    body: PosMappingBody,
    results: PosMappingEntry,
  }),
  // Beside the spec's calls: the group's code is the 'pos' badge of the modifier groups list.
  mapModifierGroup: route({
    method: 'PUT',
    path: `${CATALOG_BASE}/modifiergroups/integration-posmapping/:id`,
    access,
    summary: "Map a modifier group to a provider's option list (its posSku; empty unmaps)",
    params: TenantIdParams,
    body: PosMappingBody,
    results: PosMappingEntry,
  }),
  hubriseProducts: route({
    method: 'GET',
    path: `${HUBRISE}/GetHubriseProducts`,
    access,
    summary: "The SKUs of the tenant's HubRise catalog, filtered by SearchTerm",
    params: TenantParams,
    query: HubriseQuery,
    results: z.array(HubriseProduct),
    conflicts: [POS_NOT_CONNECTED],
  }),
  hubriseModifierGroups: route({
    method: 'GET',
    path: `${HUBRISE}/GetHubriseModifierGroups`,
    access,
    summary: "The options of the tenant's HubRise option lists, filtered by SearchTerm",
    params: TenantParams,
    query: HubriseQuery,
    results: z.array(HubriseModifier),
    conflicts: [POS_NOT_CONNECTED],
  }),
};
