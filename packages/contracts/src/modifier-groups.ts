import { z } from 'zod';
import {
  Deleted,
  LocalizedText,
  Position,
  TenantIdParams,
  TenantParams,
  Text,
  Uuid,
} from './common.ts';
import { CATALOG_BASE, Money } from './catalog.ts';
import { routesOf } from './http.ts';
import { TICKET_LIMITS } from './tickets.ts';

/** menu-management.md §5 and §9 (quantities follow the 0–50 reading). */
export const MODIFIER_GROUP_LIMITS = {
  nameMax: 255,
  titleMax: 255,
  quantityMin: 0,
  quantityMax: 50,
  itemTextMax: 1024,
  maxItems: 51,
  posSkuMax: 100,
} as const;

const L = MODIFIER_GROUP_LIMITS;

export const ModifierItemBody = z.object({
  id: Uuid.optional(),
  position: Position.default(0),
  active: z.boolean().default(true),
  price: Money,
  localizedTitle: LocalizedText.extend({ fieldValue: Text.trim().min(1).max(L.itemTextMax) }),
});

/**
 * How many choices a customer can make in a group at most: one of each active item, or with the
 * item counter as many of each as an order line takes (TICKET_LIMITS.modifierQuantityMax).
 */
export function choicesReachable(g: {
  maxQuantity: number;
  allowModifierItemCounter: boolean;
  modifierItems: readonly { active: boolean }[];
}): number {
  const active = g.modifierItems.filter((i) => i.active).length;
  const each =
    g.allowModifierItemCounter && g.maxQuantity !== 1 ? TICKET_LIMITS.modifierQuantityMax : 1;
  return active * each;
}

export const ModifierGroupBody = z
  .object({
    name: Text.trim().min(1).max(L.nameMax),
    localizedTitle: LocalizedText.extend({ fieldValue: Text.trim().min(1).max(L.titleMax) }),
    minQuantity: z
      .number({ message: 'error_modifierGroups_minimumQuantity_range' })
      .int()
      .min(L.quantityMin, { message: 'error_modifierGroups_minimumQuantity_range' })
      .max(L.quantityMax, { message: 'error_modifierGroups_minimumQuantity_range' }),
    maxQuantity: z
      .number({ message: 'error_modifierGroups_maximumQuantity_range' })
      .int()
      .min(L.quantityMin, { message: 'error_modifierGroups_maximumQuantity_range' })
      .max(L.quantityMax, { message: 'error_modifierGroups_maximumQuantity_range' }),
    allowModifierItemCounter: z.boolean().default(false),
    modifierItems: z.array(ModifierItemBody).max(L.maxItems).default([]),
    posSku: Text.trim()
      .max(L.posSkuMax)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    tenantId: Uuid.optional(),
  })
  .superRefine((g, ctx) => {
    if (g.minQuantity > g.maxQuantity) {
      ctx.addIssue({
        code: 'custom',
        path: ['minQuantity'],
        message: 'error_modifierGroups_minimumQuantity_range',
      });
    } else if (g.minQuantity > choicesReachable(g)) {
      // A minimum the choices cannot reach: no customer could ever order the item.
      ctx.addIssue({
        code: 'custom',
        path: ['minQuantity'],
        message: 'error_modifierGroups_minimumQuantity_choices',
      });
    }
  })
  // With at most one choice there is nothing to count.
  .transform((g) => (g.maxQuantity === 1 ? { ...g, allowModifierItemCounter: false } : g));
export type ModifierGroupBody = z.infer<typeof ModifierGroupBody>;

export const ModifierItemResponse = z.object({
  id: Uuid,
  position: z.number().int(),
  active: z.boolean(),
  price: z.number(),
  localizedTitle: LocalizedText,
});

export const ModifierGroupResponse = z.object({
  id: Uuid,
  tenantId: Uuid,
  name: z.string(),
  localizedTitle: LocalizedText,
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  allowModifierItemCounter: z.boolean(),
  modifierItems: z.array(ModifierItemResponse),
  posSku: z.string().nullable(),
});
export type ModifierGroupResponse = z.infer<typeof ModifierGroupResponse>;

export const ModifierGroupQuery = z.object({
  modifierGroupIds: z
    .union([z.array(Uuid), Uuid])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .or(Text.transform((v) => v.split(',').filter(Boolean)).pipe(z.array(Uuid))),
});

export const LinkedCatalogItem = z.object({ id: Uuid, localizedTitle: LocalizedText });

const route = routesOf('modifier-groups');
const BASE = `${CATALOG_BASE}/modifiergroups`;
const read = { permission: 'ManageModifiers' } as const;
const write = { permission: 'EditModifiers' } as const;

/** menu-management.md §7, modifier groups; managers and owners (§6). */
export const modifierGroupsRoutes = {
  list: route({
    method: 'GET',
    path: BASE,
    access: read,
    summary: "The tenant's modifier groups",
    params: TenantParams,
    results: z.array(ModifierGroupResponse),
  }),
  query: route({
    method: 'GET',
    path: `${BASE}/query`,
    access: read,
    summary: 'Groups by ids (modifierGroupIds repeated or comma-separated)',
    params: TenantParams,
    query: ModifierGroupQuery,
    results: z.array(ModifierGroupResponse),
  }),
  create: route({
    method: 'POST',
    path: `${BASE}/`,
    access: write,
    summary: 'Create a group with its modifier items',
    params: TenantParams,
    body: ModifierGroupBody,
    results: ModifierGroupResponse,
    status: 201,
  }),
  get: route({
    method: 'GET',
    path: `${BASE}/:id`,
    access: read,
    summary: 'One group with its modifier items',
    params: TenantIdParams,
    results: ModifierGroupResponse,
  }),
  update: route({
    method: 'PUT',
    path: `${BASE}/:id`,
    access: write,
    summary: 'Replace a group and its modifier items',
    params: TenantIdParams,
    body: ModifierGroupBody,
    results: ModifierGroupResponse,
  }),
  remove: route({
    method: 'DELETE',
    path: `${BASE}/:id`,
    access: write,
    summary: 'Delete a group no item uses',
    params: TenantIdParams,
    results: Deleted,
    conflicts: ['unable_to_delete_remove_from_others'],
  }),
  linkedItems: route({
    method: 'GET',
    path: `${BASE}/:id/linkedcatalogitems`,
    access: read,
    summary: "The items using a group ('Used in the following Items')",
    params: TenantIdParams,
    results: z.array(LinkedCatalogItem),
  }),
};
