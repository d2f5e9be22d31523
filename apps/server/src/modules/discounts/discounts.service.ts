import {
  normalizeDiscountCode,
  type CreateDiscountBody,
  type Discount,
  type DiscountApplication,
  type DiscountType,
  type DiscountRefusal,
  type FieldError,
  type LocalizedText,
  type OrderingTemplate,
  type UpdateDiscountBody,
  type StoredCart,
  discountFor,
  withDiscount,
  type DiscountRule,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { recordChange } from '../audit/audit.ts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import {
  type DiscountsRepository,
  type DiscountWithItems,
  type NewDiscountRow,
} from './discounts.repository.ts';

/** A discount's entry in the history of changes. */
const entry = (tenantId: string, entityId: string, action: 'create' | 'update' | 'delete') =>
  ({ tenantId, entityType: 'discount', entityId, action }) as const;

export type DiscountsService = ReturnType<typeof createDiscountsService>;

/** The discount an order gets, priced; `place` stores the ticket and counts the use. */
export type OrderDiscount = {
  /** The cart with the discount taken off (the priced cart itself when none applies). */
  cart: StoredCart;
  /** The discount whose use `place` counts (null: none), kept on the ticket. */
  discountId: string | null;
  /**
   * Runs the ticket's insert. With a discount, in one transaction with counting its use, so a
   * failed insert gives the use back and the usage limit is never passed.
   */
  place<T>(insert: (q: Db | Tx) => Promise<T>): Promise<T>;
};

/** The discount a cart gets, or why the code it came with is refused. */
type Choice = {
  discount?: { discount: DiscountWithItems; rule: DiscountRule; amount: string };
  refusal?: DiscountRefusal;
};

/** One discount per ticket: a code the customer typed replaces the automatic discount. */
function choose(
  found: DiscountWithItems[],
  code: string | null,
  cart: StoredCart,
  template: OrderingTemplate,
): Choice {
  // A typed code is a code discount's (an automatic discount's code is not for typing).
  const discount = code
    ? found.find((d) => d.code === code && d.application !== 'AUTOMATIC')
    : found.find((d) => d.application === 'AUTOMATIC');
  if (!discount) return code ? { refusal: 'discount_code_invalid' } : {};
  const rule = toRule(discount);
  const outcome = discountFor(cart, template, rule);
  const spent = discount.usageLimit > 0 && discount.usageCount >= discount.usageLimit;
  if (!outcome.applies || spent) {
    if (!code) return {};
    return {
      refusal: refusalOf(
        discount,
        outcome.applies ? 'discount_usage_limit_reached' : outcome.refusal,
      ),
    };
  }
  return { discount: { discount, rule, amount: outcome.amount } };
}

/**
 * What a customer is told of a code that exists but does not apply: why, for a code the shop
 * hands out (MANUAL_ENTRY); for a hidden code the same as for no code at all, so guessing
 * learns nothing from the difference.
 */
const refusalOf = (
  discount: Pick<DiscountWithItems, 'application'>,
  reason: DiscountRefusal,
): DiscountRefusal => (discount.application === 'HIDDEN_CODE' ? 'discount_code_invalid' : reason);

/** A cart's discount before ordering: the priced cart, what applied, why a code did not. */
export type DiscountPreview = {
  cart: StoredCart;
  applied: {
    name: LocalizedText;
    code: string;
    application: DiscountApplication;
    type: DiscountType;
    amount: string;
  } | null;
  refusal: DiscountRefusal | null;
};

const refused = (code: DiscountRefusal) => new ValidationFailed('discountCode', [code]);

const NAME_KEYS = ['fieldValue', 'en', 'ar', 'es'] as const;
const sameName = (a: LocalizedText, b: LocalizedText) =>
  NAME_KEYS.every((k) => (a[k] ?? '') === (b[k] ?? ''));

/** A unique-constraint violation on `constraint`, through any driver's error wrapping. */
function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === '23505' && (e.constraint === constraint || String(e).includes(constraint)))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

// Two managers saving at once pass the checks together; the unique indexes decide.
function uniqueToValidation(err: unknown): never {
  if (isUniqueViolation(err, 'discounts_code_uq'))
    throw new ValidationFailed('discountCode', ['discount_code_unique']);
  if (isUniqueViolation(err, 'discounts_automatic_active_uq'))
    throw new ValidationFailed('discountApplication', ['discount_code_automatic_active']);
  throw err;
}

export const toRule = (d: DiscountWithItems): DiscountRule => ({
  id: d.id,
  code: d.code,
  application: d.application,
  type: d.type,
  value: d.value,
  minOrderValue: d.minOrderValue,
  maximumDiscountValue: d.maximumDiscountValue,
  checkoutTemplates: d.checkoutTemplates,
  limitedToItems: d.limitedToItems,
  itemIds: d.itemIds,
});

const toDiscount = (d: DiscountWithItems): Discount => ({
  id: d.id,
  active: d.active,
  deleted: d.deleted,
  discountName: d.name,
  discountCode: d.code,
  discountApplication: d.application,
  discountType: d.type,
  discountValue: Number(d.value),
  minOrderValue: Number(d.minOrderValue),
  maximumDiscountValue: Number(d.maximumDiscountValue),
  overallUsageLimit: d.usageLimit,
  usageCount: d.usageCount,
  checkoutTemplates: d.checkoutTemplates,
  catalogItemsRefIds: d.itemIds,
  limitedToItems: d.limitedToItems,
  createdAt: d.createdAt.toISOString(),
});

type Settings = Omit<UpdateDiscountBody, 'discountName' | 'discountCode'>;

/** The columns both the form and the list toggle set. */
const settings = (b: Settings) =>
  ({
    application: b.discountApplication,
    type: b.discountType,
    value: b.discountValue,
    minOrderValue: b.minOrderValue,
    maximumDiscountValue: b.maximumDiscountValue,
    usageLimit: b.overallUsageLimit,
    checkoutTemplates: b.checkoutTemplates,
    limitedToItems: b.catalogItemsRefIds.length > 0,
    active: b.active,
  }) satisfies Partial<NewDiscountRow>;

/**
 * Discounts (operations-platform §2.5, §4.3, §5.1, §7.1): the manager's calls, and the
 * discount an order gets at intake (a customer's code, or the tenant's automatic discount).
 */
export function createDiscountsService(deps: { db: Db; repository: DiscountsRepository }) {
  const { db, repository: repo } = deps;

  /** The checks that need the database, all reported together. */
  async function conflicts(
    q: Db | Tx,
    tenantId: string,
    b: Settings & { discountCode?: string },
    exceptId?: string,
  ): Promise<FieldError[]> {
    const errors: FieldError[] = [];
    if (b.discountCode && (await repo.codeTaken(q, tenantId, b.discountCode, exceptId)))
      errors.push({ field: 'discountCode', codes: ['discount_code_unique'] });
    // §8: also when switched on from the list.
    if (
      b.active &&
      !b.deleted &&
      b.discountApplication === 'AUTOMATIC' &&
      (await repo.otherActiveAutomatic(q, tenantId, exceptId))
    )
      errors.push({ field: 'discountApplication', codes: ['discount_code_automatic_active'] });
    const found = await repo.existingItemIds(q, tenantId, b.catalogItemsRefIds);
    if (found.length !== b.catalogItemsRefIds.length)
      errors.push({ field: 'catalogItemsRefIds', codes: ['item_not_found'] });
    return errors;
  }

  async function read(q: Db | Tx, tenantId: string, id: string) {
    const row = await repo.one(q, tenantId, id);
    if (!row) throw new NotFound('Discount');
    return toDiscount(row);
  }

  return {
    list: async (tenantId: string) => (await repo.list(db, tenantId)).map(toDiscount),
    get: (tenantId: string, id: string) => read(db, tenantId, id),

    async create(tenantId: string, body: CreateDiscountBody): Promise<Discount> {
      return db
        .transaction(async (tx) => {
          const errors = await conflicts(tx, tenantId, { ...body, deleted: false });
          if (errors.length > 0) throw new ValidationFailed(errors);
          const { id } = await repo.insert(tx, {
            tenantId,
            name: body.discountName,
            code: body.discountCode,
            ...settings(body),
          });
          await repo.setItems(tx, tenantId, id, body.catalogItemsRefIds);
          const after = await read(tx, tenantId, id);
          await recordChange(tx, { ...entry(tenantId, id, 'create'), before: null, after });
          return after;
        })
        .catch(uniqueToValidation);
    },

    /** §4.3: name and code stay as created; `deleted` takes the discount away for good. */
    async update(tenantId: string, id: string, body: UpdateDiscountBody): Promise<Discount> {
      return db
        .transaction(async (tx) => {
          const row = await repo.lock(tx, tenantId, id);
          if (!row) throw new NotFound('Discount');
          const errors: FieldError[] = [];
          if (body.discountName && !sameName(body.discountName, row.name))
            errors.push({ field: 'discountName', codes: ['discount_name_fixed'] });
          if (body.discountCode && body.discountCode !== row.code)
            errors.push({ field: 'discountCode', codes: ['discount_code_fixed'] });
          errors.push(...(await conflicts(tx, tenantId, { ...body, discountCode: undefined }, id)));
          if (errors.length > 0) throw new ValidationFailed(errors);
          const before = await read(tx, tenantId, id);
          await repo.update(tx, tenantId, id, { ...settings(body), deleted: body.deleted });
          await repo.setItems(tx, tenantId, id, body.catalogItemsRefIds);
          const after = body.deleted
            ? toDiscount({
                ...row,
                ...settings(body),
                deleted: true,
                itemIds: [...body.catalogItemsRefIds],
              })
            : await read(tx, tenantId, id);
          await recordChange(tx, {
            ...entry(tenantId, id, body.deleted ? 'delete' : 'update'),
            before,
            after,
          });
          return after;
        })
        .catch(uniqueToValidation);
    },

    /**
     * The discount of an order being placed: the customer's code (refused with the reason when
     * it does not apply), otherwise the tenant's active automatic discount when the order
     * qualifies. One read; the use is counted when the ticket is stored (`place`).
     */
    async forOrder(input: {
      tenantId: string;
      template: OrderingTemplate;
      code: string | null | undefined;
      cart: StoredCart;
    }): Promise<OrderDiscount> {
      const { tenantId, template, cart } = input;
      const none: OrderDiscount = { cart, discountId: null, place: (insert) => insert(db) };
      const code = input.code ? normalizeDiscountCode(input.code) || null : null;
      const found = await repo.forOrder(db, tenantId, code);
      const chosen = choose(found, code, cart, template);
      if (chosen.refusal) throw refused(chosen.refusal);
      if (!chosen.discount) return none;
      const { discount, rule, amount } = chosen.discount;
      return {
        cart: withDiscount(cart, rule, amount),
        discountId: discount.id,
        place: (insert) =>
          db.transaction(async (tx) => {
            if (!(await repo.claim(tx, tenantId, discount.id))) {
              // Switched off or deleted since, or the last use went to a concurrent order.
              const now = await repo.one(tx, tenantId, discount.id);
              throw refused(
                now?.active
                  ? refusalOf(discount, 'discount_usage_limit_reached')
                  : 'discount_code_invalid',
              );
            }
            return insert(tx);
          }),
      };
    },

    /**
     * What a cart would get before it is ordered (the storefront's price preview): the code's
     * discount, or why it would be refused and then the automatic one. Nothing is counted.
     */
    async preview(input: {
      tenantId: string;
      template: OrderingTemplate;
      code: string | null | undefined;
      cart: StoredCart;
    }): Promise<DiscountPreview> {
      const { tenantId, template, cart } = input;
      const code = input.code ? normalizeDiscountCode(input.code) || null : null;
      const found = await repo.forOrder(db, tenantId, code);
      let chosen = choose(found, code, cart, template);
      const refusal = chosen.refusal ?? null;
      if (refusal) chosen = choose(found, null, cart, template);
      if (!chosen.discount) return { cart, applied: null, refusal };
      const { discount, rule, amount } = chosen.discount;
      return {
        cart: withDiscount(cart, rule, amount),
        applied: {
          name: discount.name,
          code: discount.code,
          application: discount.application,
          type: discount.type,
          amount,
        },
        refusal,
      };
    },
  };
}
