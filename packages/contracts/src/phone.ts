import { z } from 'zod';
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';

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
