import {
  AdjustableTemplate,
  PRICE_ADJUSTMENT_LIMITS,
  PriceAdjustmentBody,
  effectivePrice,
  type AdjustmentDirection,
  type AdjustmentRule,
  type AdjustmentType,
  type LocalMoment,
  type PriceAdjustmentResponse,
} from '@app/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { PriceAdjustmentInput } from '../api/price-adjustments-api.ts';
import { errorKey, type ErrorTable } from '../../../lib/error-table.ts';
import { errorsFromIssues, issueCode } from '../../../lib/form-errors.ts';

/** The templates an adjustment may cover, in display order. */
export const ADJUSTABLE_TEMPLATES = AdjustableTemplate.options;

/** The form's values: '' is a choice not made yet; amount and priority are the text typed. */
export interface PriceAdjustmentForm {
  name: string;
  adjustmentType: AdjustmentType | '';
  adjustmentDirection: AdjustmentDirection | '';
  amount: string;
  checkoutTemplates: AdjustableTemplate[];
  priority: string;
}

export const newPriceAdjustmentForm = (): PriceAdjustmentForm => ({
  name: '',
  adjustmentType: '',
  adjustmentDirection: '',
  amount: '',
  checkoutTemplates: [],
  priority: '',
});

export const toPriceAdjustmentForm = (a: PriceAdjustmentResponse): PriceAdjustmentForm => ({
  name: a.name,
  adjustmentType: a.adjustmentType,
  adjustmentDirection: a.adjustmentDirection,
  amount: String(a.amount),
  checkoutTemplates: [...a.checkoutTemplates],
  priority: String(a.priority),
});

const blank = (text: string) => text.trim() === '';

/** §4: isActive is always sent true. */
export function toPriceAdjustmentBody(form: PriceAdjustmentForm): PriceAdjustmentInput {
  return {
    name: form.name,
    adjustmentType: (form.adjustmentType || undefined) as AdjustmentType,
    adjustmentDirection: form.adjustmentDirection || null,
    amount: blank(form.amount) ? (undefined as unknown as string) : form.amount.trim(),
    checkoutTemplates: form.checkoutTemplates,
    priority: (blank(form.priority) ? undefined : Number(form.priority)) as number,
    isActive: true,
  };
}

export type PriceAdjustmentField = keyof PriceAdjustmentForm;

/** §5's wording of each control's codes (keys under priceAdjustments.errors), for this form. */
const priceAdjustmentErrors = (form: PriceAdjustmentForm): ErrorTable<PriceAdjustmentField> => ({
  fields: {
    name: {
      ItemAlreadyExists: 'alreadyExists',
      blank: 'nameRequired',
      max: 'nameMax',
      '*': 'nameMin',
    },
    adjustmentType: { adjustment_type_not_supported: 'typeNotSupported', '*': 'typeRequired' },
    adjustmentDirection: { '*': 'directionRequired' },
    amount: {
      blank: 'amountRequired',
      min: 'amountMin',
      max: form.adjustmentType === 'Percentage' ? 'percentageMax' : 'amountMax',
      '*': 'amountInvalid',
    },
    checkoutTemplates: { '*': 'templatesRequired' },
    priority: { blank: 'priorityRequired', '*': 'priorityRange' },
  },
});

/** The message key of a field's error code, from the one table; an empty value reads "required". */
export function priceAdjustmentErrorKey(
  field: PriceAdjustmentField,
  code: string,
  form: PriceAdjustmentForm,
): string {
  const value = form[field];
  return errorKey(
    priceAdjustmentErrors(form),
    field,
    code,
    typeof value === 'string' && blank(value),
  );
}

/** Which control shows an error on a body field (`checkoutTemplates.0` belongs to the group). */
export function priceAdjustmentFieldFor(field: string): PriceAdjustmentField | null {
  const head = field.split('.')[0];
  const fields: readonly string[] = [
    'name',
    'adjustmentType',
    'adjustmentDirection',
    'amount',
    'checkoutTemplates',
    'priority',
  ];
  return head && fields.includes(head) ? (head as PriceAdjustmentField) : null;
}

/** The contract's rules (PriceAdjustmentBody, the server's own) checked on the form. */
export const priceAdjustmentResolver: Resolver<PriceAdjustmentForm> = (values) => {
  const parsed = PriceAdjustmentBody.safeParse(toPriceAdjustmentBody(values), {
    error: issueCode,
  });
  if (parsed.success) return { values, errors: {} };
  const issues: { path: readonly PropertyKey[]; message: string }[] = [...parsed.error.issues];
  // The contract checks the direction in a refinement, which zod skips while a field is
  // missing; the form shows every message at once (§5: an invalid submit marks all).
  if (!values.adjustmentDirection && !issues.some((i) => i.path[0] === 'adjustmentDirection'))
    issues.push({ path: ['adjustmentDirection'], message: 'required' });
  return {
    values: {},
    errors: errorsFromIssues(issues, priceAdjustmentFieldFor) as FieldErrors<PriceAdjustmentForm>,
  };
};

export const PRIORITIES = Array.from(
  { length: PRICE_ADJUSTMENT_LIMITS.priorityMax - PRICE_ADJUSTMENT_LIMITS.priorityMin + 1 },
  (_, i) => PRICE_ADJUSTMENT_LIMITS.priorityMin + i,
);

/** A price from the API (a JSON number with at most three decimals) as exact decimal text. */
export const decimalText = (amount: number): string => amount.toFixed(3);

/** A saved adjustment as a rule of the effective-price function. */
export function toAdjustmentRule(a: PriceAdjustmentResponse): AdjustmentRule {
  return {
    id: a.id,
    adjustmentType: a.adjustmentType,
    adjustmentDirection: a.adjustmentDirection,
    amount: decimalText(a.amount),
    checkoutTemplates: a.checkoutTemplates,
    priority: a.priority,
    isActive: a.isActive,
    variantIds: a.linkedVariants.map((v) => v.variantId),
    schedule: a.schedule,
  };
}

export interface TemplatePrice {
  template: AdjustableTemplate;
  /** Exact decimal text. */
  price: string;
  /** The adjustment that sets it, null when none applies at that moment. */
  appliedAdjustmentId: string | null;
}

/**
 * The new price of a linked variant for each template the adjustment covers: what the
 * server would charge at `at`, every adjustment of the tenant taken into account (only the
 * highest-priority one that applies counts), through the contract's effectivePrice.
 */
export function newPrices(
  variant: { variantId: string; oldPrice: number },
  adjustment: PriceAdjustmentResponse,
  all: readonly PriceAdjustmentResponse[],
  at: LocalMoment,
): TemplatePrice[] {
  // The adjustment on screen is the freshest copy of itself.
  const rules = [adjustment, ...all.filter((a) => a.id !== adjustment.id)].map(toAdjustmentRule);
  return ADJUSTABLE_TEMPLATES.filter((t) => adjustment.checkoutTemplates.includes(t)).map(
    (template) => {
      const result = effectivePrice({
        price: decimalText(variant.oldPrice),
        variantId: variant.variantId,
        template,
        at,
        rules,
      });
      return { template, ...result };
    },
  );
}
