import { z } from 'zod';
import {
  Deleted,
  slotHolds,
  TenantIdParams,
  TenantParams,
  Text,
  Uuid,
  type LocalMoment,
} from './common.ts';
import { CATALOG_BASE, Schedule, ScheduleResponse, type ScheduleEntry } from './catalog.ts';
import { routesOf } from './http.ts';
import { fromMilli, percentOf, toMilli, toMilliOrNull } from './money.ts';

/** menu-management.md §5 and §9. */
export const PRICE_ADJUSTMENT_LIMITS = {
  nameMin: 5,
  nameMax: 20,
  priorityMin: 1,
  priorityMax: 15,
  amountMin: 0,
  amountMax: 100_000,
  percentageMax: 100,
} as const;

export const AdjustmentType = z.enum(['Override', 'Percentage', 'Flat']);
export type AdjustmentType = z.infer<typeof AdjustmentType>;
export const AdjustmentDirection = z.enum(['Increase', 'Decrease']);
export type AdjustmentDirection = z.infer<typeof AdjustmentDirection>;
/** Templates a price adjustment can apply to (menu-only has no prices to adjust). */
export const AdjustableTemplate = z.enum(['DELIVERY', 'PICKUP', 'DINING']);
export type AdjustableTemplate = z.infer<typeof AdjustableTemplate>;

const Amount = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v.trim();
  if (!/^\d+(\.\d{1,3})?$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: 'amount_invalid' });
    return z.NEVER;
  }
  return fromMilli(toMilli(text));
});

export const PriceAdjustmentBody = z
  .object({
    name: Text.trim().min(PRICE_ADJUSTMENT_LIMITS.nameMin).max(PRICE_ADJUSTMENT_LIMITS.nameMax),
    adjustmentType: AdjustmentType,
    adjustmentDirection: AdjustmentDirection.nullable().optional(),
    amount: Amount,
    checkoutTemplates: z.array(AdjustableTemplate).min(1),
    priority: z
      .number()
      .int()
      .min(PRICE_ADJUSTMENT_LIMITS.priorityMin)
      .max(PRICE_ADJUSTMENT_LIMITS.priorityMax),
    isActive: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    // Shown as coming soon in the form; refused here until it exists.
    if (b.adjustmentType === 'Override') {
      ctx.addIssue({
        code: 'custom',
        path: ['adjustmentType'],
        message: 'adjustment_type_not_supported',
      });
    }
    if (!b.adjustmentDirection)
      ctx.addIssue({ code: 'custom', path: ['adjustmentDirection'], message: 'required' });
    const milli = toMilliOrNull(b.amount);
    if (milli === null) return;
    if (milli <= 0n) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'min' });
    const max =
      b.adjustmentType === 'Percentage'
        ? PRICE_ADJUSTMENT_LIMITS.percentageMax
        : PRICE_ADJUSTMENT_LIMITS.amountMax;
    if (milli > BigInt(max) * 1000n)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'max' });
  });
export type PriceAdjustmentBody = z.infer<typeof PriceAdjustmentBody>;

export const LinkedVariant = z.object({
  variantId: Uuid,
  itemId: Uuid,
  itemTitle: z.string(),
  variantTitle: z.string(),
  oldPrice: z.number(),
  /** The price with this adjustment alone (never below 0). */
  newPrice: z.number(),
  /** This adjustment brings a price above 0 down to 0: the item would be given away. */
  priceReachesZero: z.boolean(),
});

export const PriceAdjustmentResponse = z.object({
  id: Uuid,
  name: z.string(),
  adjustmentType: AdjustmentType,
  adjustmentDirection: AdjustmentDirection,
  amount: z.number(),
  checkoutTemplates: z.array(AdjustableTemplate),
  priority: z.number().int(),
  isActive: z.boolean(),
  linkedVariants: z.array(LinkedVariant),
  schedule: ScheduleResponse,
});
export type PriceAdjustmentResponse = z.infer<typeof PriceAdjustmentResponse>;

/** PUT .../price-adjustments/variants/{id}: link the selected variants, unlink one. */
export const LinkVariantsBody = z.object({
  SelectedVariantsIds: z.array(Uuid).max(5000).default([]),
  removedVariantId: Uuid.nullable().optional(),
});

export const PriceAdjustmentSchedule = Schedule;

// ---------------------------------------------------------------------------------------------
// The effective price: one function for the server's pricing and the form's preview.

export type AdjustmentRule = {
  id: string;
  adjustmentType: AdjustmentType;
  adjustmentDirection: AdjustmentDirection;
  amount: string;
  checkoutTemplates: readonly AdjustableTemplate[];
  priority: number;
  isActive: boolean;
  variantIds: ReadonlySet<string> | readonly string[];
  schedule: readonly Pick<ScheduleEntry, 'day' | 'dayClosed' | 'openTime' | 'closeTime'>[];
};

const mins = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A day with no slot is open all day; a closed day is closed; otherwise any slot must hold. */
export function scheduleOpen(schedule: AdjustmentRule['schedule'], at: LocalMoment): boolean {
  const today = schedule.filter((s) => s.day === at.day);
  if (today.length === 0) return true;
  if (today.some((s) => s.dayClosed)) return false;
  return today.some((s) => {
    if (!s.openTime || !s.closeTime) return false;
    return slotHolds(mins(s.openTime), mins(s.closeTime), at.minutes);
  });
}

const hasVariant = (ids: AdjustmentRule['variantIds'], id: string) =>
  ids instanceof Set ? ids.has(id) : (ids as readonly string[]).includes(id);

/** Applies one adjustment to a price; never below zero. */
export function applyAdjustment(
  price: string,
  rule: Pick<AdjustmentRule, 'adjustmentType' | 'adjustmentDirection' | 'amount'>,
): string {
  const base = toMilli(price);
  const delta =
    rule.adjustmentType === 'Percentage'
      ? percentOf(base, toMilli(rule.amount))
      : toMilli(rule.amount);
  const next = rule.adjustmentDirection === 'Increase' ? base + delta : base - delta;
  return fromMilli(next < 0n ? 0n : next);
}

/**
 * The price of a variant for a checkout template at a moment: only the highest-priority
 * (lowest number) active adjustment that links the variant, covers the template and whose
 * schedule is open applies. Ties go to the smaller id, so the order rules arrive in never matters.
 */
export function effectivePrice(input: {
  price: string;
  variantId: string;
  template: AdjustableTemplate | 'MENU';
  at: LocalMoment;
  rules: readonly AdjustmentRule[];
}): { price: string; appliedAdjustmentId: string | null } {
  let best: AdjustmentRule | null = null;
  for (const rule of input.rules) {
    if (!rule.isActive || rule.adjustmentType === 'Override') continue;
    if (input.template === 'MENU' || !rule.checkoutTemplates.includes(input.template)) continue;
    if (!hasVariant(rule.variantIds, input.variantId)) continue;
    if (!scheduleOpen(rule.schedule, input.at)) continue;
    if (
      !best ||
      rule.priority < best.priority ||
      (rule.priority === best.priority && rule.id < best.id)
    )
      best = rule;
  }
  if (!best) return { price: fromMilli(toMilli(input.price)), appliedAdjustmentId: null };
  return { price: applyAdjustment(input.price, best), appliedAdjustmentId: best.id };
}

const route = routesOf('price-adjustments');
const BASE = `${CATALOG_BASE}/price-adjustments`;
const access = { permission: 'PriceAdjustments' } as const;
// The point of sale owns an integrated tenant's prices: reads only there.
const write = { permission: 'EditPriceAdjustments' } as const;

/** menu-management.md §7, price adjustments; store owners only (§6). */
export const priceAdjustmentsRoutes = {
  list: route({
    method: 'GET',
    path: BASE,
    access,
    summary: "The tenant's price adjustments",
    params: TenantParams,
    results: z.array(PriceAdjustmentResponse),
  }),
  create: route({
    method: 'POST',
    path: BASE,
    access: write,
    summary: "Create (422 name ItemAlreadyExists for a taken name; 'Override' refused)",
    params: TenantParams,
    body: PriceAdjustmentBody,
    results: PriceAdjustmentResponse,
    status: 201,
  }),
  linkVariants: route({
    method: 'PUT',
    path: `${BASE}/variants/:id`,
    access: write,
    summary: 'Link the selected variants and unlink one; answers the linked variants',
    description:
      'Linked variants come in menu order (sections as the catalogue tree walks them, then items, then variants, by position), each with its old price, its price with this adjustment alone and `priceReachesZero` when that brings a price above 0 down to 0.',
    params: TenantIdParams,
    body: LinkVariantsBody,
    results: z.array(LinkedVariant),
  }),
  get: route({
    method: 'GET',
    path: `${BASE}/:id`,
    access,
    summary: 'One price adjustment with its linked variants',
    params: TenantIdParams,
    results: PriceAdjustmentResponse,
  }),
  update: route({
    method: 'PUT',
    path: `${BASE}/:id`,
    access: write,
    summary: 'Edit a price adjustment',
    params: TenantIdParams,
    body: PriceAdjustmentBody,
    results: PriceAdjustmentResponse,
  }),
  remove: route({
    method: 'DELETE',
    path: `${BASE}/:id`,
    access: write,
    summary: 'Delete a price adjustment',
    params: TenantIdParams,
    results: Deleted,
  }),
  schedule: route({
    method: 'GET',
    path: `${BASE}/:id/schedule`,
    access,
    summary: "A price adjustment's schedule",
    params: TenantIdParams,
    results: ScheduleResponse,
  }),
  setSchedule: route({
    method: 'PUT',
    path: `${BASE}/:id/schedule`,
    access: write,
    summary: "Replace a price adjustment's schedule",
    params: TenantIdParams,
    body: PriceAdjustmentSchedule,
    results: ScheduleResponse,
  }),
};
