import { ERROR_CODES, type ErrorCode } from '@app/contracts';
import i18n from 'i18next';
import { isApiError } from './api-client.ts';

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether `code` is one the server sends in its envelope (contracts' ERROR_CODES). */
export const isErrorCode = (code: string | undefined): code is ErrorCode =>
  code !== undefined && KNOWN.has(code);

/**
 * The admin's words for a failed call, in the UI language: the text of its envelope code
 * (common:serverErrors), never the server's own English; null when the code is not one of
 * ERROR_CODES (the caller says what fits its screen).
 */
export function serverErrorText(error: unknown): string | null {
  if (!isApiError(error) || !isErrorCode(error.code)) return null;
  return i18n.t(`serverErrors.${error.code}`, { ns: 'common' });
}
