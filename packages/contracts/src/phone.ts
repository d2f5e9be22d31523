import { z } from 'zod';
import {
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';

/**
 * The one phone rule, for a branch's phone, a delivery outlet's and a customer's (§5.3): an
 * international number (with its + and country code), valid for its country by libphonenumber;
 * stored in E.164. Code `phone_invalid`.
 */
export const InternationalPhone = z
  .string()
  .trim()
  .min(1)
  .refine((v) => v.startsWith('+') && isValidPhoneNumber(v), { message: 'phone_invalid' })
  .transform((v) => parsePhoneNumberFromString(v)!.number as string)
  .meta({ examples: ['+962791234567', '+34612345678'] });

/**
 * The country a branch's customers dial from, for numbers typed without their + and country
 * code: the branch's own phone's country, else the outlet's (sign-up), else none (ISO 3166).
 */
export function phoneCountryOf(
  branchPhone: string | null | undefined,
  tenantCountry: string | null | undefined,
): string | null {
  const own = branchPhone ? parsePhoneNumberFromString(branchPhone)?.country : undefined;
  return own ?? tenantCountry ?? null;
}

/**
 * A customer's phone as typed at a branch, in E.164, or null when it is no valid number:
 * international (+962 79 123 4567) or local to the branch's country (0791234567,
 * 079 123 4567 in Jordan). THE rule of the storefront's check as the customer types and of the
 * intake (code `phone_invalid`).
 */
export function customerPhone(value: string, country: string | null): string | null {
  const typed = value.trim();
  if (typed === '') return null;
  const parsed = typed.startsWith('+')
    ? parsePhoneNumberFromString(typed)
    : country
      ? parsePhoneNumberFromString(typed, country as CountryCode)
      : undefined;
  return parsed?.isValid() ? parsed.number : null;
}
