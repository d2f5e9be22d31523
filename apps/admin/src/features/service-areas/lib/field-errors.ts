import { useCallback } from 'react';
import { issueCode, type FieldError } from '@app/contracts';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { ValidationError } from '../../../lib/api-client.ts';
import { errorKey, ownKeys, type ErrorTable } from '../../../lib/error-table.ts';

/** Field → first code, from a contract schema's check of the form's values. */
export function codesOf(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    out[field] ??= issueCode({ ...issue, input: (issue as { input?: unknown }).input });
  }
  return out;
}

/** Field → first code of a server 422; null when the error is not one. */
export function serverCodes(error: unknown): Record<string, string> | null {
  if (!(error instanceof ValidationError)) return null;
  const out: Record<string, string> = {};
  for (const e of error.fieldErrors as readonly FieldError[]) out[e.field] ??= e.codes[0] ?? '';
  return out;
}

/** §5.5's sentences for a field's code; `min`/`max` are the field's limits. */
export function useFieldErrorText() {
  const { t } = useTranslation('serviceAreas');
  return useCallback(
    (code: string | undefined, limits: { min?: number; max?: number; chars?: boolean } = {}) => {
      if (!code) return undefined;
      const required =
        limits.min === undefined
          ? 'required'
          : limits.chars && limits.min === 1
            ? 'requiredMinChar'
            : 'requiredMin';
      const table: ErrorTable = {
        any: {
          required,
          min: required,
          max: limits.chars ? 'maxChars' : 'max',
          ...ownKeys(
            'duplicate_floor',
            'duplicate_service_area',
            'duplicate_unique_link',
            'range_invalid',
            'section_not_found',
          ),
        },
      };
      return t(`errors.${errorKey(table, undefined, code)}` as 'errors.invalid', {
        n: code === 'max' ? limits.max : limits.min,
      });
    },
    [t],
  );
}
