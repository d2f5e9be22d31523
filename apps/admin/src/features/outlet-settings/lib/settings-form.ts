import { useCallback } from 'react';
import { z } from 'zod';
import {
  InternationalPhone,
  LIMITS_BRANCH,
  type LocalizedText,
  type StoreHoursSlot,
} from '@app/contracts';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKey, ownKeys, type ErrorTable } from '../../../lib/error-table.ts';

/** A name in the three languages: English is the default text (fieldValue). */
export const localizedNameForm = (max: number) =>
  z.object({
    en: z.string().trim().min(1).max(max),
    ar: z.string().trim().max(max),
    es: z.string().trim().max(max),
  });
export type LocalizedNameForm = z.infer<ReturnType<typeof localizedNameForm>>;

export const toNameForm = (text: LocalizedText): LocalizedNameForm => ({
  en: text.en ?? text.fieldValue,
  ar: text.ar ?? '',
  es: text.es ?? '',
});

export const fromNameForm = (form: LocalizedNameForm): LocalizedText => ({
  fieldValue: form.en.trim(),
  en: form.en.trim(),
  ...(form.ar.trim() ? { ar: form.ar.trim() } : {}),
  ...(form.es.trim() ? { es: form.es.trim() } : {}),
});

/** The name field of a server error path ('branchName.fieldValue' → 'name.en'). */
export function nameFieldOf(prefix: string, field: string): string | null {
  if (field === `${prefix}.fieldValue` || field === `${prefix}.en`) return 'name.en';
  if (field === `${prefix}.ar`) return 'name.ar';
  if (field === `${prefix}.es`) return 'name.es';
  return null;
}

/** §5.3: the branch profile form, from the contracts' rules. */
export const BranchProfileForm = z.object({
  name: localizedNameForm(LIMITS_BRANCH.branchNameMax),
  phoneNumber: InternationalPhone,
});
export type BranchProfileForm = z.input<typeof BranchProfileForm>;

export const BusinessNameForm = z.object({
  name: localizedNameForm(LIMITS_BRANCH.businessNameMax),
});
export type BusinessNameForm = z.input<typeof BusinessNameForm>;

/** The outlet settings' codes, each with its own message (errors.<code>). */
const SETTINGS_ERRORS: ErrorTable = {
  any: ownKeys(
    'required',
    'max',
    'phone_invalid',
    'hex_color_invalid',
    'delivery_fee_invalid',
    'fee_max',
    'operating_hour_range_invalid',
    'operating_hour_duplicate_opening_hours',
    'operating_hour_intersection',
    'operating_hour_minute_invalid',
  ),
};

/** The sentence for an outlet settings field's error code, from the form or the server. */
export function useSettingsErrorText() {
  const { t } = useTranslation('outlet');
  return useCallback(
    (error: Pick<FieldError, 'message'> | undefined, max?: number) => {
      if (!error) return undefined;
      const code = error.message ?? 'invalid';
      return t(`errors.${errorKey(SETTINGS_ERRORS, undefined, code)}` as 'errors.invalid', {
        max: max ?? 0,
        feeMax: new Intl.NumberFormat('en').format(LIMITS_BRANCH.deliveryFeeMax),
      });
    },
    [t],
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 24-hour hh:mm. */
export const hhmm = (hour: number, minute: number) => `${pad(hour)}:${pad(minute)}`;
export const slotText = (s: StoreHoursSlot) =>
  `${hhmm(s.openHour, s.openMinute)} – ${hhmm(s.closeHour, s.closeMinute)}`;
