import { z } from 'zod';
import {
  CheckoutTemplate,
  Deleted,
  LocalizedText,
  Position,
  TenantIdParams,
  TenantParams,
  Text,
  Uuid,
} from './common.ts';
import { routesOf, TENANT_PATH } from './http.ts';

/** menu-management.md §7: {base} of every catalogue call. */
export const CATALOG_BASE = `${TENANT_PATH}/branches/defaultBranch/productcatalogs` as const;

/** menu-management.md §5 and §9: one definition for the server and the forms. */
export const CATALOG_LIMITS = {
  itemTitleMin: 1,
  itemTitleMax: 59,
  itemDescriptionMax: 1024,
  variantTitleMax: 59,
  priceMin: 0,
  priceMax: 100_000,
  categoryTitleMin: 1,
  categoryTitleMax: 50,
  categoryDescriptionMax: 120,
  newItemPosition: 999,
  /**
   * Levels count from 0 (a main section). A section may sit under a parent of level 0 or 1,
   * so the deepest section is level 2 (the drop rules of the categories manager).
   */
  maxSectionLevel: 2,
  scheduleDays: 7,
} as const;

/** The placeholder id of an item not saved yet. */
export const NEW_ITEM_ID = '00000000-0000-0000-0000-000000000000';
export const NO_TAX = 'NO_TAX';

/** Exact money from a JSON number or decimal text, kept as canonical decimal text. */
export const Money = z
  .union([z.number(), z.string()])
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    // A negative number is out of the range the rule states (§5: 0 to 100000), not malformed.
    if (/^-\d+(\.\d+)?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'price_range' });
      return z.NEVER;
    }
    if (!/^\d+(\.\d{1,3})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'price_invalid' });
      return z.NEVER;
    }
    const [whole = '0', frac = ''] = text.split('.');
    return `${BigInt(whole).toString()}.${frac.padEnd(3, '0')}`;
  })
  .refine((v) => Number(v) >= CATALOG_LIMITS.priceMin && Number(v) <= CATALOG_LIMITS.priceMax, {
    message: 'price_range',
  });

const boundedText = (min: number, max: number) =>
  LocalizedText.extend({
    fieldValue: Text.trim().min(min).max(max),
    en: Text.max(max).optional(),
    ar: Text.max(max).optional(),
    es: Text.max(max).optional(),
  });

export const HHMM = Text.regex(/^([01]\d|2[0-3]):([0-5]\d)$/);

export const ScheduleEntry = z.object({
  day: z.number().int().min(0).max(6),
  dayClosed: z.boolean().default(false),
  openTime: HHMM.nullable().optional(),
  closeTime: HHMM.nullable().optional(),
});
export type ScheduleEntry = z.infer<typeof ScheduleEntry>;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Slots of a weekly schedule: on each day every open slot starts before it ends, no two start
 * together and none overlap. Codes are the spec's server validation codes.
 */
export const Schedule = z.array(ScheduleEntry).superRefine((entries, ctx) => {
  entries.forEach((e, i) => {
    if (e.dayClosed) return;
    if (!e.openTime || !e.closeTime) {
      ctx.addIssue({
        code: 'custom',
        path: [i, e.openTime ? 'closeTime' : 'openTime'],
        message: 'required',
      });
      return;
    }
    if (minutes(e.openTime) >= minutes(e.closeTime)) {
      ctx.addIssue({
        code: 'custom',
        path: [i, 'closeTime'],
        message: 'operating_hour_range_invalid',
      });
    }
  });
  const open = entries
    .map((e, i) => ({ ...e, i }))
    .filter(
      (e) =>
        !e.dayClosed && e.openTime && e.closeTime && minutes(e.openTime) < minutes(e.closeTime),
    );
  for (const a of open) {
    for (const b of open) {
      if (b.i <= a.i || a.day !== b.day) continue;
      if (a.openTime === b.openTime) {
        ctx.addIssue({
          code: 'custom',
          path: [b.i, 'openTime'],
          message: 'operating_hour_duplicate_opening_hours',
        });
      } else if (
        minutes(a.openTime!) < minutes(b.closeTime!) &&
        minutes(b.openTime!) < minutes(a.closeTime!)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: [b.i, 'openTime'],
          message: 'operating_hour_intersection',
        });
      }
    }
  }
});

export const CategoryBody = z.object({
  localizedTitle: boundedText(CATALOG_LIMITS.categoryTitleMin, CATALOG_LIMITS.categoryTitleMax),
  localizedDesc: boundedText(0, CATALOG_LIMITS.categoryDescriptionMax).nullable().optional(),
  images: z.array(Text.max(500)).max(5).default([]),
  active: z.boolean().default(true),
  hideWhenNotAvailable: z.boolean().default(false),
  excludedCheckoutTemplates: z.array(CheckoutTemplate).default([]),
  position: Position.optional(),
});
export type CategoryBody = z.infer<typeof CategoryBody>;

export const VariantBody = z.object({
  id: Uuid.optional(),
  price: Money,
  localizedTitle: boundedText(0, CATALOG_LIMITS.variantTitleMax),
  position: Position.default(0),
});

/** The catalog item's fields, without the cross-field rule (so `.pick()` and `.extend()` work). */
export const CatalogItemFields = z.object({
  categories: z.array(Uuid).min(1),
  localizedTitle: boundedText(CATALOG_LIMITS.itemTitleMin, CATALOG_LIMITS.itemTitleMax),
  localizedDesc: boundedText(0, CATALOG_LIMITS.itemDescriptionMax).nullable().optional(),
  images: z.array(Text.max(500)).max(5).default([]),
  variants: z.array(VariantBody).min(1),
  taxes: z.array(z.union([Uuid, z.literal(NO_TAX)])).default([]),
  active: z.boolean().default(true),
  isNew: z.boolean().default(false),
  enableSpecialRequest: z.boolean().default(true),
  position: Position.default(CATALOG_LIMITS.newItemPosition),
  modifierGroupIds: z.array(Uuid).default([]),
  excludedCheckoutTemplates: z.array(CheckoutTemplate).default([]),
  excludedBranches: z.array(Uuid).default([]),
});

/**
 * A variant's title is needed only to tell several variants apart: with more than one
 * variant, every blank title gets `required` at `variants.{i}.localizedTitle`. It reads its
 * input defensively, so it may also run on a value that failed other checks (a form showing
 * every error at once, see `variantTitlesRuleAlways`).
 */
export function variantTitlesRule(
  item: { variants?: readonly { localizedTitle?: { fieldValue?: unknown } | null }[] },
  ctx: z.RefinementCtx,
): void {
  const variants = Array.isArray(item?.variants) ? item.variants : [];
  if (variants.length < 2) return;
  variants.forEach((v, i) => {
    const title = v?.localizedTitle?.fieldValue;
    if (typeof title !== 'string' || title.trim().length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'localizedTitle'],
        message: 'required',
      });
    }
  });
}

/** Run `variantTitlesRule` even when other fields failed (zod skips refinements then). */
export const variantTitlesRuleAlways = { when: () => true } as const;

export const CatalogItemBody = CatalogItemFields.superRefine(variantTitlesRule);
export type CatalogItemBody = z.infer<typeof CatalogItemBody>;

export const AvailabilityBody = z.object({
  active: z.boolean(),
  outOfStock: z.boolean().default(false),
});

export const MoveBody = z.object({
  nodeId: Uuid,
  nodeType: z.literal('category'),
  newIndex: Position,
  parentId: Uuid.nullable(),
});
export type MoveBody = z.infer<typeof MoveBody>;

export const PositionsBody = z
  .array(z.object({ id: Uuid, position: Position }))
  .min(1)
  .max(5000);

export const TreeNodeType = z.enum([
  'CATALOG',
  'CATALOG_CATEGORY',
  'CATALOG_ITEM',
  'CATALOG_ITEM_MODIFIER_GROUP',
]);

const ApiVariant = z.object({
  id: Uuid,
  price: z.number(),
  localizedTitle: LocalizedText,
  position: z.number().int(),
});

export const ScheduleResponse = z.array(
  z.object({
    day: z.number().int(),
    dayClosed: z.boolean(),
    openTime: z.string().nullable(),
    closeTime: z.string().nullable(),
  }),
);

export const CategoryResponse = z.object({
  id: Uuid,
  parentId: Uuid.nullable(),
  localizedTitle: LocalizedText,
  localizedDesc: LocalizedText.nullable(),
  images: z.array(z.string()),
  position: z.number().int(),
  active: z.boolean(),
  hideWhenNotAvailable: z.boolean(),
  excludedCheckoutTemplates: z.array(CheckoutTemplate),
  schedule: ScheduleResponse,
  level: z.number().int(),
});
export type CategoryResponse = z.infer<typeof CategoryResponse>;

export const CatalogItemResponse = z.object({
  id: Uuid,
  categories: z.array(Uuid),
  localizedTitle: LocalizedText,
  localizedDesc: LocalizedText.nullable(),
  images: z.array(z.string()),
  thumbnail: z.string().nullable(),
  variants: z.array(ApiVariant),
  taxes: z.array(Uuid),
  active: z.boolean(),
  outOfStock: z.boolean(),
  isNew: z.boolean(),
  enableSpecialRequest: z.boolean(),
  position: z.number().int(),
  modifierGroupIds: z.array(Uuid),
  excludedCheckoutTemplates: z.array(CheckoutTemplate),
  excludedBranches: z.array(Uuid),
});
export type CatalogItemResponse = z.infer<typeof CatalogItemResponse>;

export type TreeNode = {
  id: string;
  parentId: string | null;
  type: z.infer<typeof TreeNodeType>;
  title: LocalizedText;
  desc: LocalizedText | null;
  img: string | null;
  active: boolean;
  new: boolean;
  position: number;
  level: number;
  schedule: z.infer<typeof ScheduleResponse>;
  taxes: string[];
  excludedCheckoutTemplates: CheckoutTemplate[];
  variants: { id: string; price: number; title: LocalizedText }[];
  children: TreeNode[];
};
export const TreeNode: z.ZodType<TreeNode> = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  type: TreeNodeType,
  title: LocalizedText,
  desc: LocalizedText.nullable(),
  img: z.string().nullable(),
  active: z.boolean(),
  new: z.boolean(),
  position: z.number().int(),
  level: z.number().int(),
  schedule: ScheduleResponse,
  taxes: z.array(z.string()),
  excludedCheckoutTemplates: z.array(CheckoutTemplate),
  variants: z.array(z.object({ id: z.string(), price: z.number(), title: LocalizedText })),
  get children() {
    return z.array(TreeNode);
  },
});

const route = routesOf('catalog');
const view = { permission: 'ManageCatalog' } as const;
const edit = { permission: 'EditCatalog' } as const;

/** menu-management.md §7: the catalogue calls at the spec's paths. */
export const catalogRoutes = {
  tree: route({
    method: 'GET',
    path: `${CATALOG_BASE}/tree`,
    access: view,
    summary: 'The whole catalogue as a tree of sections and items',
    params: TenantParams,
    results: TreeNode,
  }),
  setBanner: route({
    method: 'PUT',
    path: CATALOG_BASE,
    access: edit,
    summary: 'Edit the catalogue banner (becomes the tenant banner)',
    params: TenantParams,
    body: z.object({ images: z.array(Text.max(500)).max(1) }),
    results: z.object({ images: z.array(z.string()) }),
  }),
  setPositions: route({
    method: 'PUT',
    path: `${CATALOG_BASE}/position`,
    access: edit,
    summary: 'Rewrite positions of sections and items (one transaction)',
    params: TenantParams,
    body: PositionsBody,
    results: PositionsBody,
  }),
  move: route({
    method: 'PUT',
    path: `${CATALOG_BASE}/move`,
    access: edit,
    summary: 'Move a section in the tree; answers the new tree',
    params: TenantParams,
    body: MoveBody,
    results: TreeNode,
  }),
  categories: route({
    method: 'GET',
    path: `${CATALOG_BASE}/categories/`,
    access: view,
    summary: 'Every section',
    params: TenantParams,
    results: z.array(CategoryResponse),
  }),
  createMainCategory: route({
    method: 'POST',
    path: `${CATALOG_BASE}/categories`,
    access: edit,
    summary: 'Create a main section',
    params: TenantParams,
    body: CategoryBody,
    results: CategoryResponse,
    status: 201,
  }),
  createCategory: route({
    method: 'POST',
    path: `${CATALOG_BASE}/categories/:parentId`,
    access: edit,
    summary: 'Create a section inside another',
    params: TenantParams.extend({ parentId: Uuid }),
    body: CategoryBody,
    results: CategoryResponse,
    status: 201,
  }),
  category: route({
    method: 'GET',
    path: `${CATALOG_BASE}/categories/:id`,
    access: view,
    summary: 'One section',
    params: TenantIdParams,
    results: CategoryResponse,
  }),
  updateCategory: route({
    method: 'PUT',
    path: `${CATALOG_BASE}/categories/:id`,
    access: edit,
    summary: 'Edit a section',
    params: TenantIdParams,
    body: CategoryBody,
    results: CategoryResponse,
  }),
  deleteCategory: route({
    method: 'DELETE',
    path: `${CATALOG_BASE}/categories/:id`,
    access: edit,
    summary: 'Delete an empty section',
    params: TenantIdParams,
    results: Deleted,
    conflicts: ['unable_to_delete_remove_children'],
  }),
  schedule: route({
    method: 'GET',
    path: `${CATALOG_BASE}/categories/:id/schedule`,
    access: view,
    summary: "A section's schedule",
    params: TenantIdParams,
    results: ScheduleResponse,
  }),
  setSchedule: route({
    method: 'PUT',
    path: `${CATALOG_BASE}/categories/:id/schedule`,
    access: { permission: 'EditSchedules' },
    summary: 'Replace a section schedule (allowed for integrated tenants too)',
    params: TenantIdParams,
    body: Schedule,
    results: ScheduleResponse,
  }),
  currentLevel: route({
    method: 'GET',
    path: `${CATALOG_BASE}/categories/:id/currentlevel`,
    access: view,
    summary: 'Nesting level of a section (0 = main section)',
    params: TenantIdParams,
    results: z.object({ level: z.number().int() }),
  }),
  items: route({
    method: 'GET',
    path: `${CATALOG_BASE}/catalogitems`,
    access: view,
    summary: 'Items, of one section when categoryId is given',
    params: TenantParams,
    query: z.object({ categoryId: Uuid.optional() }),
    results: z.array(CatalogItemResponse),
  }),
  createItem: route({
    method: 'POST',
    path: `${CATALOG_BASE}/catalogitems`,
    access: edit,
    summary: 'Create an item with its variants',
    params: TenantParams,
    body: CatalogItemBody,
    results: CatalogItemResponse,
    status: 201,
  }),
  item: route({
    method: 'GET',
    path: `${CATALOG_BASE}/catalogitems/:id`,
    access: view,
    summary: 'One item with its variants',
    params: TenantIdParams,
    results: CatalogItemResponse,
  }),
  updateItem: route({
    method: 'PUT',
    path: `${CATALOG_BASE}/catalogitems/:id`,
    access: edit,
    summary: 'Edit an item and its variants',
    params: TenantIdParams,
    body: CatalogItemBody,
    results: CatalogItemResponse,
  }),
  deleteItem: route({
    method: 'DELETE',
    path: `${CATALOG_BASE}/catalogitems/:id`,
    access: edit,
    summary: 'Delete an item',
    params: TenantIdParams,
    results: Deleted,
  }),
  variants: route({
    method: 'GET',
    path: `${CATALOG_BASE}/catalogitems/:id/variants`,
    access: view,
    summary: "An item's variants",
    params: TenantIdParams,
    results: CatalogItemResponse.shape.variants,
  }),
  setAvailability: route({
    method: 'PUT',
    path: `${CATALOG_BASE}/catalogitems/:id/availability`,
    access: { permission: 'ItemAvailability' },
    summary: 'Hide or show an item (staff of every role)',
    params: TenantIdParams,
    body: AvailabilityBody,
    results: z.object({ id: Uuid, active: z.boolean(), outOfStock: z.boolean() }),
  }),
};
