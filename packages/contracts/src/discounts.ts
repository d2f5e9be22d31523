import { z } from 'zod';
import {
  CheckoutTemplate,
  LocalizedText,
  TenantIdParams,
  TenantParams,
  Text,
  Uuid,
} from './common.ts';
import { routesOf, TENANT_PATH } from './http.ts';
import { fromMilli, toMilli, toMilliOrNull } from './money.ts';

/**
 * Discounts (operations-platform §2.5, §3 Discount, §4.3, §5.1, §7.1, §8, §9): the manager's
 * list and form, and the rules the order intake applies them by.
 */
export const DISCOUNT_LIMITS = {
  nameMax: 255,
  codeMin: 2,
  codeMax: 30,
  /** Percentage and fixed values, in percent or in the currency. */
  valueMin: 0.1,
  valueMax: 100_000,
  /** Beyond the spec's 0.1–100000: a percentage above 100 would give away more than the items. */
  percentageMax: 100,
  minOrderMax: 100_000,
  maximumDiscountMax: 100,
  usageLimitMax: 1_000_000,
  itemsMax: 5_000,
} as const;

const L = DISCOUNT_LIMITS;

/** §3: PERCENTAGE=0, FIXED=1, BUY_ONE_GET_ONE=2, FREE_DELIVERY=3 (sent by name). */
export const DiscountType = z.enum(['PERCENTAGE', 'FIXED', 'BUY_ONE_GET_ONE', 'FREE_DELIVERY']);
export type DiscountType = z.infer<typeof DiscountType>;

/** §3: HIDDEN_CODE=0 (a promo code), MANUAL_ENTRY=1, AUTOMATIC=2 (sent by name). */
export const DiscountApplication = z.enum(['HIDDEN_CODE', 'MANUAL_ENTRY', 'AUTOMATIC']);
export type DiscountApplication = z.infer<typeof DiscountApplication>;

/** The templates a discount can be enabled for: the ones orders are placed with. */
export const DiscountTemplate = CheckoutTemplate.exclude(['MENU']);
export type DiscountTemplate = z.infer<typeof DiscountTemplate>;

/** Percentage and fixed discounts carry a value and a maximum; the others store 0 (§5.1). */
export const hasDiscountValue = (type: DiscountType): boolean =>
  type === 'PERCENTAGE' || type === 'FIXED';

/** Free delivery covers the delivery fee, not items: it has no affected items. */
export const takesAffectedItems = (type: DiscountType): boolean => type !== 'FREE_DELIVERY';

/** §5.1: free delivery is enabled for delivery alone. */
export const allowedTemplates = (type: DiscountType): readonly DiscountTemplate[] =>
  type === 'FREE_DELIVERY' ? ['DELIVERY'] : DiscountTemplate.options;

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9]+$/;

/** How a code is compared and stored: trimmed and upper-cased (the form upper-cases as typed). */
export const normalizeDiscountCode = (code: string): string => code.trim().toUpperCase();

/**
 * Why the intake refuses a customer's code (422 on `discountCode`). An automatic discount
 * that does not qualify is simply not applied.
 */
export const DiscountRefusal = z.enum([
  'discount_code_invalid',
  'discount_template_not_allowed',
  'discount_min_order_not_met',
  'discount_items_not_in_cart',
  'discount_usage_limit_reached',
]);
export type DiscountRefusal = z.infer<typeof DiscountRefusal>;

/**
 * Codes a client address may get refused at one tenant (price preview and intake together)
 * before any request carrying a code answers 429 `discount_code_tries_exceeded` with
 * Retry-After, until the window ends. Requests without a code, and the shop's own staff, are
 * not limited.
 */
export const DISCOUNT_CODE_TRIES = { max: 10, windowMs: 10 * 60_000 } as const;
export const DISCOUNT_CODE_TRIES_EXCEEDED = 'discount_code_tries_exceeded';

const issue = (ctx: z.RefinementCtx, path: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [path], message });

/** 2–30 upper-case letters and digits; sent in any case, kept upper-cased. */
export const DiscountCode = Text.transform(normalizeDiscountCode).superRefine((code, ctx) => {
  if (code === '') ctx.addIssue({ code: 'custom', message: 'required' });
  else if (code.length < L.codeMin) ctx.addIssue({ code: 'custom', message: 'min' });
  else if (code.length > L.codeMax) ctx.addIssue({ code: 'custom', message: 'max' });
  else if (!DISCOUNT_CODE_PATTERN.test(code)) ctx.addIssue({ code: 'custom', message: 'pattern' });
});

/** The localized name; the form sends one text as fieldValue (and the admin's language). */
export const DiscountName = LocalizedText.extend({
  fieldValue: Text.trim().min(1).max(L.nameMax),
  en: Text.trim().max(L.nameMax).optional(),
  ar: Text.trim().max(L.nameMax).optional(),
  es: Text.trim().max(L.nameMax).optional(),
});
export type DiscountName = z.infer<typeof DiscountName>;

/** An amount as a number or decimal text with up to three decimals; null when not given. */
const Decimal = z
  .union([z.number(), Text])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (text === '') return null;
    if (!/^\d+(\.\d{1,3})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'amount_invalid' });
      return z.NEVER;
    }
    return fromMilli(toMilli(text));
  });

const ZERO = '0.000';
const milli = (n: number) => BigInt(Math.round(n * 1000));

const discountFields = {
  discountName: DiscountName,
  discountCode: DiscountCode,
  // Nullable so that a missing one answers `required` (checked with the rules below).
  discountApplication: DiscountApplication.nullish(),
  discountType: DiscountType.nullish(),
  discountValue: Decimal,
  minOrderValue: Decimal,
  maximumDiscountValue: Decimal,
  /** 0 means no limit (§5.1: the unchecked box sends 0). */
  overallUsageLimit: z.number().int().min(0).max(L.usageLimitMax).default(0),
  checkoutTemplates: z.array(DiscountTemplate).max(DiscountTemplate.options.length),
  /** The affected catalogue items; none means every item. */
  catalogItemsRefIds: z.array(Uuid).max(L.itemsMax).default([]),
  active: z.boolean().default(true),
  deleted: z.boolean().default(false),
};

/** The fields §5.1's rules between fields look at. */
export type DiscountRuleFields = {
  discountApplication?: DiscountApplication | null;
  discountType?: DiscountType | null;
  discountValue: string | null;
  minOrderValue: string | null;
  maximumDiscountValue: string | null;
  checkoutTemplates: readonly DiscountTemplate[];
  catalogItemsRefIds: readonly string[];
};

/**
 * §5.1's rules between fields, with the spec's codes: one definition for the server's body
 * check and the form (which shows them even while another field is still missing).
 */
export function discountRuleIssues(b: DiscountRuleFields): { field: string; code: string }[] {
  const out: { field: string; code: string }[] = [];
  const add = (field: keyof DiscountRuleFields, code: string) => out.push({ field, code });
  const range = (
    field: keyof DiscountRuleFields,
    value: string | null,
    min: bigint,
    max: bigint,
  ) => {
    if (value === null) return add(field, 'required');
    const v = toMilliOrNull(value);
    // Not an amount: the field's own check said so.
    if (v === null) return;
    if (v < min) add(field, 'min');
    else if (v > max) add(field, 'max');
  };
  if (!b.discountApplication) add('discountApplication', 'required');
  range('minOrderValue', b.minOrderValue, 0n, milli(L.minOrderMax));
  const unique = new Set(b.checkoutTemplates);
  if (unique.size === 0) add('checkoutTemplates', 'required');
  else if (unique.size !== b.checkoutTemplates.length) add('checkoutTemplates', 'duplicate');
  if (new Set(b.catalogItemsRefIds).size !== b.catalogItemsRefIds.length)
    add('catalogItemsRefIds', 'duplicate');
  if (!b.discountType) {
    add('discountType', 'required');
    return out;
  }
  if (hasDiscountValue(b.discountType)) {
    const max = b.discountType === 'PERCENTAGE' ? L.percentageMax : L.valueMax;
    range('discountValue', b.discountValue, milli(L.valueMin), milli(max));
    range('maximumDiscountValue', b.maximumDiscountValue, 0n, milli(L.maximumDiscountMax));
  }
  const allowed = allowedTemplates(b.discountType);
  if (b.checkoutTemplates.some((t) => !allowed.includes(t)))
    add('checkoutTemplates', 'discount_template_not_allowed');
  return out;
}

const checkRules = (b: DiscountRuleFields, ctx: z.RefinementCtx) => {
  for (const { field, code } of discountRuleIssues(b)) issue(ctx, field, code);
};

/** What is stored: free delivery and buy-one-get-one keep 0 as value and maximum (§5.1). */
function normalize<T extends DiscountRuleFields>(b: T) {
  // Both are set: the rules answered `required` otherwise.
  const discountType = b.discountType!;
  const valued = hasDiscountValue(discountType);
  return {
    ...b,
    discountApplication: b.discountApplication!,
    discountType,
    discountValue: valued ? b.discountValue! : ZERO,
    maximumDiscountValue: valued ? b.maximumDiscountValue! : ZERO,
    minOrderValue: b.minOrderValue!,
    catalogItemsRefIds: takesAffectedItems(discountType) ? b.catalogItemsRefIds : [],
  };
}

/** A 10 % code for every template: the documented example of a discount body. */
const EXAMPLE_DISCOUNT = {
  discountName: { fieldValue: 'Ten off', en: 'Ten off' },
  discountCode: 'TENOFF',
  discountApplication: 'HIDDEN_CODE',
  discountType: 'PERCENTAGE',
  discountValue: 10,
  minOrderValue: 0,
  maximumDiscountValue: 5,
  overallUsageLimit: 0,
  checkoutTemplates: ['DELIVERY', 'PICKUP', 'DINING'],
  catalogItemsRefIds: [],
};

/** POST .../marketing/discounts: a new discount, active unless said. */
export const CreateDiscountBody = z
  .object(discountFields)
  .superRefine(checkRules)
  .transform(normalize)
  .meta({ examples: [EXAMPLE_DISCOUNT] });
export type CreateDiscountBody = z.output<typeof CreateDiscountBody>;

/**
 * PUT .../marketing/discounts/{id}: the form sends everything but name and code (fixed after
 * creation, §4.3); the list toggle sends the whole discount with the new `active`. A name or
 * code that differs from the stored one is refused (`discount_name_fixed`,
 * `discount_code_fixed`); `deleted: true` removes the discount from the list and from orders.
 */
export const UpdateDiscountBody = z
  .object({
    ...discountFields,
    discountName: DiscountName.optional(),
    discountCode: DiscountCode.optional(),
  })
  .superRefine(checkRules)
  .transform(normalize)
  .meta({ examples: [{ ...EXAMPLE_DISCOUNT, active: false }] });
export type UpdateDiscountBody = z.output<typeof UpdateDiscountBody>;

export const Discount = z.object({
  id: Uuid,
  active: z.boolean(),
  deleted: z.boolean(),
  discountName: LocalizedText,
  discountCode: z.string(),
  discountApplication: DiscountApplication,
  discountType: DiscountType,
  discountValue: z.number(),
  minOrderValue: z.number(),
  maximumDiscountValue: z.number(),
  overallUsageLimit: z.number().int(),
  /** Tickets placed with it so far. */
  usageCount: z.number().int(),
  checkoutTemplates: z.array(DiscountTemplate),
  catalogItemsRefIds: z.array(Uuid),
  /** Limited to chosen items: true when saved with items, even once all of them are deleted. */
  limitedToItems: z.boolean(),
  createdAt: z.string(),
});
export type Discount = z.infer<typeof Discount>;

const route = routesOf('discounts');
/** The spec's paths carry the literal branch `b1`: discounts belong to the tenant. */
const BASE = `${TENANT_PATH}/branches/b1/marketing/discounts`;
const access = { permission: 'Discounts' } as const;

const codes = [
  '422 codes: `discount_code_unique` (discountCode), `discount_code_automatic_active`',
  '(discountApplication: another automatic discount is active), `item_not_found`',
  '(catalogItemsRefIds), `discount_template_not_allowed` (checkoutTemplates: free delivery is',
  'for delivery only), `required`, `min`, `max`, `pattern`, `amount_invalid`.',
].join(' ');

/** operations-platform §7.1, discounts: store managers and owners (§6). */
export const discountsRoutes = {
  list: route({
    method: 'GET',
    path: BASE,
    access,
    summary: "The tenant's discounts, newest first (deleted ones left out)",
    params: TenantParams,
    results: z.array(Discount),
  }),
  get: route({
    method: 'GET',
    path: `${BASE}/:id`,
    access,
    summary: 'One discount',
    params: TenantIdParams,
    results: Discount,
  }),
  create: route({
    method: 'POST',
    path: BASE,
    access,
    summary: 'Create a discount',
    description: `Value 0.1–100000 (percentage at most 100) for percentage and fixed; buy one get one and free delivery store 0. ${codes}`,
    params: TenantParams,
    body: CreateDiscountBody,
    results: Discount,
    status: 201,
  }),
  update: route({
    method: 'PUT',
    path: `${BASE}/:id`,
    access,
    summary: 'Edit a discount, switch it on or off, or delete it',
    description: `Name and code are fixed after creation (\`discount_name_fixed\`, \`discount_code_fixed\`). ${codes}`,
    params: TenantIdParams,
    body: UpdateDiscountBody,
    results: Discount,
  }),
};
