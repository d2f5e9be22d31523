import { z } from 'zod';
import { TENANT_PATH, routesOf } from './http.ts';
import { BranchParams, Instant, LocalizedText, Text, Uuid } from './common.ts';

/**
 * Sold out at one branch, until a time or until turned back on (issue 38): an item, one of its
 * variants, or a modifier choice. The tenant-wide `outOfStock` of the availability call stays;
 * this is the branch's own, and it ends by itself at `until`.
 */
export const STOCK_LIMITS = {
  /** How far ahead `until` may be. */
  untilMaxDays: 31,
  /** Sold-out entries answered for a branch. */
  listMax: 500,
  /** Items, variants and choices answered for a search. */
  matchesMax: 20,
  searchMax: 60,
} as const;

export const STOCK_KINDS = ['item', 'variant', 'modifierItem'] as const;
export const StockKind = z.enum(STOCK_KINDS);
export type StockKind = z.infer<typeof StockKind>;

export const StockBody = z.object({
  outOfStock: z.boolean(),
  /**
   * When it is back by itself (an instant in the next 31 days); null: until turned back on.
   * Ignored when `outOfStock` is false.
   */
  until: Instant.nullable().default(null),
});
export type StockBody = z.input<typeof StockBody>;

/** What is sold out at a branch now, and when it is back. */
export const StockState = z.object({
  kind: StockKind,
  id: Uuid,
  branchId: Uuid,
  outOfStock: z.boolean(),
  /** Back by itself at this instant; null while sold out until turned back on, or when in stock. */
  until: z.string().nullable(),
});
export type StockState = z.infer<typeof StockState>;

export const SoldOutEntry = z.object({
  kind: StockKind,
  id: Uuid,
  /** The item (of an item or a variant), or the modifier group (of a modifier choice). */
  parentId: Uuid,
  title: LocalizedText,
  /** A variant's item, a choice's modifier group; null for an item. */
  parentTitle: LocalizedText.nullable(),
  until: z.string().nullable(),
  updatedAt: z.string(),
});
export type SoldOutEntry = z.infer<typeof SoldOutEntry>;

/** Something a search found that can be sold out: its state at the branch now. */
export const StockMatch = SoldOutEntry.omit({ until: true, updatedAt: true }).extend({
  soldOut: z.boolean(),
  until: z.string().nullable(),
});
export type StockMatch = z.infer<typeof StockMatch>;

export const BranchStockQuery = z.object({
  /** Items, variants and modifier choices whose title holds this, in any language. */
  search: Text.trim().max(STOCK_LIMITS.searchMax).optional(),
});

export const BranchStock = z.object({
  /** Sold out now at the branch, soonest back first (then until turned back on). */
  soldOut: z.array(SoldOutEntry),
  /** When the branch closes next (its pickup or first template's hours), for "until closing". */
  closesAt: z.string().nullable(),
  /** Its next opening after that, for "until tomorrow's opening". */
  opensAt: z.string().nullable(),
  /** With `search`: what it found (at most 20); [] without. */
  matches: z.array(StockMatch),
});
export type BranchStock = z.infer<typeof BranchStock>;

const BRANCH_CATALOG = `${TENANT_PATH}/branches/:branchId/productcatalogs`;
const route = routesOf('catalog');
const stockRoute = <P extends z.ZodObject>(path: string, params: P, what: string) =>
  route({
    method: 'PUT',
    path: `${BRANCH_CATALOG}${path}/stock`,
    access: { permission: 'ItemAvailability' },
    summary: `Sell out ${what} at one branch, until a time or until turned back on`,
    description: [
      'Staff of every role, integrated tenants included. The storefront and the public menu of',
      'that branch show it sold out (or leave it out when its section hides what is not',
      'available) and the order intake refuses it (`sold_out`) until `until`; other branches',
      'are unaffected. 422 `until_past` or `until_too_far` at `until`.',
    ].join('\n'),
    params,
    body: StockBody,
    results: StockState,
  });

export const stockRoutes = {
  setItemStock: stockRoute(
    '/catalogitems/:id',
    BranchParams.extend({ id: Uuid }),
    'an item (every variant)',
  ),
  setVariantStock: stockRoute(
    '/catalogitems/:id/variants/:variantId',
    BranchParams.extend({ id: Uuid, variantId: Uuid }),
    'one variant of an item',
  ),
  setModifierItemStock: stockRoute(
    '/modifiergroups/:groupId/items/:modifierItemId',
    BranchParams.extend({ groupId: Uuid, modifierItemId: Uuid }),
    'a modifier choice',
  ),
  branchStock: route({
    method: 'GET',
    path: `${BRANCH_CATALOG}/stock`,
    access: { permission: 'ItemAvailability' },
    summary: 'What is sold out at a branch now, with when each is back; a search of the menu',
    description:
      'Staff of every role: order takers find what to sell out here, without the catalogue rights.',
    params: BranchParams,
    query: BranchStockQuery,
    results: BranchStock,
  }),
};
