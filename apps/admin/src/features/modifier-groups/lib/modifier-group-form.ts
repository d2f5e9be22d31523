import {
  MODIFIER_GROUP_LIMITS,
  ModifierGroupBody,
  type LocalizedText,
  type ModifierGroupResponse,
} from '@app/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { ModifierGroupInput } from '../api/modifier-groups-api.ts';
import { errorsFromIssues, issueCode } from '../../../lib/form-errors.ts';
import { withDefaultText } from '../../../lib/localized-text.ts';

export interface ModifierItemForm {
  id?: string;
  active: boolean;
  price: string;
  localizedTitle: LocalizedText;
}

/** The edit side panel's values; quantities and prices are the text typed. */
export interface ModifierGroupForm {
  name: string;
  localizedTitle: LocalizedText;
  minQuantity: string;
  maxQuantity: string;
  allowModifierItemCounter: boolean;
  modifierItems: ModifierItemForm[];
}

export const newModifierGroupForm = (): ModifierGroupForm => ({
  name: '',
  localizedTitle: { fieldValue: '' },
  minQuantity: '0',
  maxQuantity: '1',
  allowModifierItemCounter: false,
  modifierItems: [],
});

export const newModifierItem = (): ModifierItemForm => ({
  active: true,
  price: '0',
  localizedTitle: { fieldValue: '' },
});

export function toModifierGroupForm(group: ModifierGroupResponse): ModifierGroupForm {
  return {
    name: group.name,
    localizedTitle: group.localizedTitle,
    minQuantity: String(group.minQuantity),
    maxQuantity: String(group.maxQuantity),
    allowModifierItemCounter: group.allowModifierItemCounter,
    modifierItems: [...group.modifierItems]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        id: item.id,
        active: item.active,
        price: String(item.price),
        localizedTitle: item.localizedTitle,
      })),
  };
}

const quantity = (text: string): number | undefined => {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
};

/**
 * The request body: positions follow the list order (§4), the POS SKU is kept as the POS
 * mapping screen set it, and translations that copied the old default follow the new one.
 */
export function toModifierGroupBody(
  form: ModifierGroupForm,
  old: ModifierGroupResponse | null,
): ModifierGroupInput {
  return {
    name: form.name,
    localizedTitle: withDefaultText(old?.localizedTitle, form.localizedTitle.fieldValue),
    minQuantity: quantity(form.minQuantity) as number,
    maxQuantity: quantity(form.maxQuantity) as number,
    allowModifierItemCounter: form.allowModifierItemCounter,
    modifierItems: form.modifierItems.map((item, position) => ({
      ...(item.id ? { id: item.id } : {}),
      position,
      active: item.active,
      price: item.price.trim(),
      localizedTitle: withDefaultText(
        old?.modifierItems.find((o) => o.id === item.id)?.localizedTitle,
        item.localizedTitle.fieldValue,
      ),
    })),
    posSku: old?.posSku ?? null,
  };
}

/** §5: the item counter means nothing when exactly one choice must be made. */
export const counterLocked = (minQuantity: string, maxQuantity: string): boolean =>
  quantity(minQuantity) === 1 && quantity(maxQuantity) === 1;

/** §5: 'Add item modifier' needs a group name and room for one more (at most 51). */
export const canAddModifierItem = (name: string, itemCount: number): boolean =>
  name.trim().length > 0 && itemCount < MODIFIER_GROUP_LIMITS.maxItems;

/** Which control shows an error reported on a body field (the server's 422 or the contract). */
export function modifierGroupFieldFor(field: string): string | null {
  if (field === 'localizedTitle') return 'localizedTitle.fieldValue';
  if (/^modifierItems\.\d+\.localizedTitle$/.test(field)) return `${field}.fieldValue`;
  if (field === 'modifierItems') return 'modifierItems.root';
  if (/^modifierItems\.\d+\.id$/.test(field)) return null;
  if (
    /^(name|localizedTitle\.fieldValue|minQuantity|maxQuantity)$/.test(field) ||
    /^modifierItems\.\d+\.(price|localizedTitle\.fieldValue)$/.test(field)
  ) {
    return field;
  }
  return null;
}

/** The contract's rules (ModifierGroupBody, the server's own) checked on the form. */
export const modifierGroupResolver: Resolver<ModifierGroupForm> = (values) => {
  const parsed = ModifierGroupBody.safeParse(toModifierGroupBody(values, null), {
    error: issueCode,
  });
  if (parsed.success) return { values, errors: {} };
  return {
    values: {},
    errors: errorsFromIssues(
      parsed.error.issues,
      modifierGroupFieldFor,
    ) as FieldErrors<ModifierGroupForm>,
  };
};
