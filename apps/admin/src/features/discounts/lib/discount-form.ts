import {
  CreateDiscountBody,
  DISCOUNT_LIMITS,
  DiscountTemplate,
  UpdateDiscountBody,
  allowedTemplates,
  discountRuleIssues,
  hasDiscountValue,
  localize,
  takesAffectedItems,
  type Discount,
  type DiscountApplication,
  type DiscountType,
  type Language,
} from '@app/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { CreateDiscountInput, UpdateDiscountInput } from '../api/discounts-api.ts';
import { errorKey, type ErrorTable } from '../../../lib/error-table.ts';
import { errorsFromIssues, issueCode } from '../../../lib/form-errors.ts';

/** The templates a discount can be enabled for, in display order. */
export const DISCOUNT_TEMPLATES = DiscountTemplate.options;

/** The form's values: '' is a choice not made yet; amounts are the text typed. */
export interface DiscountForm {
  name: string;
  code: string;
  discountApplication: DiscountApplication | '';
  discountType: DiscountType | '';
  discountValue: string;
  minOrderValue: string;
  maximumDiscountValue: string;
  checkoutTemplates: DiscountTemplate[];
  /** Affected products: every item (false) or the chosen ones (true). */
  limitedToItems: boolean;
  itemIds: string[];
  /** §5.1: the optional usage limit's checkbox; off sends 0. */
  limitUsage: boolean;
  overallUsageLimit: string;
  active: boolean;
}

export type DiscountField = keyof DiscountForm;

export const newDiscountForm = (): DiscountForm => ({
  name: '',
  code: '',
  discountApplication: '',
  discountType: '',
  discountValue: '',
  minOrderValue: '0',
  maximumDiscountValue: '0',
  checkoutTemplates: [],
  limitedToItems: false,
  itemIds: [],
  limitUsage: false,
  overallUsageLimit: '',
  active: true,
});

export const toDiscountForm = (d: Discount, lang: Language): DiscountForm => ({
  name: localize(d.discountName, lang),
  code: d.discountCode,
  discountApplication: d.discountApplication,
  discountType: d.discountType,
  discountValue: hasDiscountValue(d.discountType) ? String(d.discountValue) : '',
  minOrderValue: String(d.minOrderValue),
  maximumDiscountValue: String(d.maximumDiscountValue),
  checkoutTemplates: [...d.checkoutTemplates],
  limitedToItems: d.limitedToItems,
  itemIds: [...d.catalogItemsRefIds],
  limitUsage: d.overallUsageLimit > 0,
  overallUsageLimit: d.overallUsageLimit > 0 ? String(d.overallUsageLimit) : '',
  active: d.active,
});

const blank = (text: string) => text.trim() === '';
const DECIMAL = /^\d+(\.\d{1,3})?$/;
const amount = (text: string) => (blank(text) ? null : text.trim());

/** The admin's own language for the name it types; Arabic maps to English (§1). */
const nameLanguage = (lang: Language): 'en' | 'es' => (lang === 'es' ? 'es' : 'en');

/** What the form's rules and the save send (§7.1: the form sends no name or code on edit). */
function settingsOf(form: DiscountForm) {
  const type = form.discountType || null;
  // Free delivery covers the fee of a delivery: only that template is offered (§5.1).
  const templates = type ? allowedTemplates(type) : DISCOUNT_TEMPLATES;
  const usage = form.overallUsageLimit.trim();
  return {
    discountApplication: form.discountApplication || null,
    discountType: type,
    // §5.1: free delivery (and buy one get one) save 0.
    discountValue: type && hasDiscountValue(type) ? amount(form.discountValue) : null,
    minOrderValue: amount(form.minOrderValue),
    maximumDiscountValue: type && hasDiscountValue(type) ? amount(form.maximumDiscountValue) : null,
    overallUsageLimit: form.limitUsage && /^\d+$/.test(usage) ? Number(usage) : 0,
    checkoutTemplates: form.checkoutTemplates.filter((t) => templates.includes(t)),
    catalogItemsRefIds: type && takesAffectedItems(type) && form.limitedToItems ? form.itemIds : [],
    active: form.active,
    deleted: false,
  };
}

export function toCreateBody(form: DiscountForm, lang: Language): CreateDiscountInput {
  const name = form.name.trim();
  return {
    discountName: { fieldValue: name, [nameLanguage(lang)]: name },
    discountCode: form.code,
    ...settingsOf(form),
  };
}

export const toUpdateBody = (form: DiscountForm): UpdateDiscountInput => settingsOf(form);

/** Which control shows an error on a body field (`discountName.fieldValue` is the name). */
export function discountFieldFor(field: string): DiscountField | null {
  const head = field.split('.')[0];
  switch (head) {
    case 'discountName':
      return 'name';
    case 'discountCode':
      return 'code';
    case 'catalogItemsRefIds':
      return 'itemIds';
    case 'discountApplication':
    case 'discountType':
    case 'discountValue':
    case 'minOrderValue':
    case 'maximumDiscountValue':
    case 'overallUsageLimit':
    case 'checkoutTemplates':
      return head;
    default:
      return null;
  }
}

/** Rules of the form itself, beyond the body's: a choice the body cannot express. */
function formIssues(form: DiscountForm): { path: string[]; message: string }[] {
  const out: { path: string[]; message: string }[] = [];
  const type = form.discountType || null;
  if (type && takesAffectedItems(type) && form.limitedToItems && form.itemIds.length === 0)
    out.push({ path: ['catalogItemsRefIds'], message: 'items_required' });
  if (form.limitUsage) {
    const usage = form.overallUsageLimit.trim();
    if (usage === '') out.push({ path: ['overallUsageLimit'], message: 'required' });
    else if (!/^\d+$/.test(usage)) out.push({ path: ['overallUsageLimit'], message: 'pattern' });
    else if (Number(usage) > DISCOUNT_LIMITS.usageLimitMax)
      out.push({ path: ['overallUsageLimit'], message: 'max' });
  }
  return out;
}

/**
 * The contract's rules (the server's own) checked on the form, every message at once: the
 * rules between fields run even while another field is still missing (zod skips them then).
 */
export const discountResolver =
  (adding: boolean, lang: Language): Resolver<DiscountForm> =>
  (values) => {
    const parsed = adding
      ? CreateDiscountBody.safeParse(toCreateBody(values, lang), { error: issueCode })
      : UpdateDiscountBody.safeParse(toUpdateBody(values), { error: issueCode });
    const issues: { path: readonly PropertyKey[]; message: string }[] = parsed.success
      ? []
      : [...parsed.error.issues];
    const settings = settingsOf(values);
    // Text that is no amount has its own issue from the parse above.
    const decimal = (v: string | null) => (v !== null && DECIMAL.test(v) ? v : null);
    const rules = discountRuleIssues({
      ...settings,
      discountValue: decimal(settings.discountValue),
      minOrderValue: decimal(settings.minOrderValue),
      maximumDiscountValue: decimal(settings.maximumDiscountValue),
    });
    for (const { field, code } of rules)
      if (!issues.some((i) => i.path[0] === field)) issues.push({ path: [field], message: code });
    issues.push(...formIssues(values));
    if (issues.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: errorsFromIssues(issues, discountFieldFor) as FieldErrors<DiscountForm>,
    };
  };

/** §5.1's wording of each control's codes (keys under discounts:errors), for this form. */
const discountErrors = (form: DiscountForm): ErrorTable<DiscountField> => ({
  any: {
    discount_code_unique: 'codeUnique',
    discount_code_automatic_active: 'automaticActive',
    discount_template_not_allowed: 'templateNotAllowed',
    item_not_found: 'itemNotFound',
    items_required: 'itemsRequired',
    amount_invalid: 'amountInvalid',
  },
  fields: {
    name: { max: 'nameMax', '*': 'nameRequired' },
    code: { blank: 'codeRequired', pattern: 'codePattern', '*': 'codeLength' },
    discountApplication: { '*': 'applicationRequired' },
    discountType: { '*': 'typeRequired' },
    discountValue: {
      blank: 'valueRequired',
      '*': form.discountType === 'PERCENTAGE' ? 'percentageRange' : 'valueRange',
    },
    minOrderValue: { blank: 'minOrderRequired', '*': 'minOrderRange' },
    maximumDiscountValue: { blank: 'maximumRequired', '*': 'maximumRange' },
    checkoutTemplates: { '*': 'templatesRequired' },
    overallUsageLimit: { blank: 'usageLimitRequired', '*': 'usageLimitRange' },
  },
});

/** The message key (under discounts:errors) of a field's error code, from the one table. */
export function discountErrorKey(field: DiscountField, code: string, form: DiscountForm): string {
  const value = field in form ? form[field as keyof DiscountForm] : undefined;
  return errorKey(discountErrors(form), field, code, typeof value === 'string' && blank(value));
}
