import { useCallback } from 'react';
import { CATALOG_LIMITS, MODIFIER_GROUP_LIMITS } from '@app/contracts';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKey, ownKeys, type ErrorTable } from './error-table.ts';

/** The catalogue forms' codes, each with its own message (catalog:errors.<code>). */
const CATALOG_ERRORS: ErrorTable = {
  any: ownKeys(
    'required',
    'max',
    'min',
    'pattern',
    'price_range',
    'price_invalid',
    'operating_hour_range_invalid',
    'operating_hour_duplicate_opening_hours',
    'operating_hour_intersection',
    'tax_not_found',
    'category_not_found',
    'branch_not_found',
    'variant_not_found',
    'variant_title_required',
    'modifier_group_not_found',
    'modifier_item_not_found',
    'error_modifierGroups_minimumQuantity_range',
    'error_modifierGroups_minimumQuantity_choices',
    'error_modifierGroups_maximumQuantity_range',
  ),
};

/**
 * The sentence for a field's error code, from the browser's check or the server's 422 alike.
 * `max` is the field's limit, for "at most N characters".
 */
export function useErrorText(): (
  error: Pick<FieldError, 'message'> | undefined,
  max?: number,
) => string | undefined {
  const { t } = useTranslation('catalog');
  return useCallback(
    (error, max) => {
      if (!error) return undefined;
      const code = error.message ?? 'invalid';
      return t(`errors.${errorKey(CATALOG_ERRORS, undefined, code)}` as 'errors.invalid', {
        max: max ?? 0,
        min: CATALOG_LIMITS.priceMin,
        priceMax: new Intl.NumberFormat('en').format(CATALOG_LIMITS.priceMax),
        quantityMin: MODIFIER_GROUP_LIMITS.quantityMin,
        quantityMax: MODIFIER_GROUP_LIMITS.quantityMax,
      });
    },
    [t],
  );
}
