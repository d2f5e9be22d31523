import { z } from 'zod';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { Currency } from './common.ts';
import { Language, Uuid } from './common.ts';
import { ADMIN_PATH, routesOf } from './http.ts';
import { InternationalPhone } from './phone.ts';

/**
 * Outlet sign-up (operations-platform §2.1 signup/outlet-signup-profile, §2.12, §5.6, §9). Kept
 * apart from identity.ts: the phone rule brings libphonenumber, which the sign-in landing must
 * not load.
 */
export const LIMITS_SIGNUP = {
  outletNameMin: 3,
  outletNameMax: 50,
  /** §1 and §9: 'a 30-day free trial'. */
  trialDays: 30,
} as const;

/**
 * The countries an outlet can sign up in: those whose currency the product offers (§9: EUR,
 * JOD, USD), each with the currency and time zone its tenant and first branch start with.
 */
export const SIGNUP_COUNTRIES = {
  JO: { currency: 'JOD', timeZone: 'Asia/Amman' },
  US: { currency: 'USD', timeZone: 'America/New_York' },
  ES: { currency: 'EUR', timeZone: 'Europe/Madrid' },
  FR: { currency: 'EUR', timeZone: 'Europe/Paris' },
  DE: { currency: 'EUR', timeZone: 'Europe/Berlin' },
  IT: { currency: 'EUR', timeZone: 'Europe/Rome' },
  PT: { currency: 'EUR', timeZone: 'Europe/Lisbon' },
  NL: { currency: 'EUR', timeZone: 'Europe/Amsterdam' },
  BE: { currency: 'EUR', timeZone: 'Europe/Brussels' },
  AT: { currency: 'EUR', timeZone: 'Europe/Vienna' },
  IE: { currency: 'EUR', timeZone: 'Europe/Dublin' },
  GR: { currency: 'EUR', timeZone: 'Europe/Athens' },
  CY: { currency: 'EUR', timeZone: 'Asia/Nicosia' },
} as const satisfies Record<string, { currency: Currency; timeZone: string }>;

export type SignupCountry = keyof typeof SIGNUP_COUNTRIES;
export const SignupCountry = z.enum(
  Object.keys(SIGNUP_COUNTRIES) as [SignupCountry, ...SignupCountry[]],
);

/**
 * §5.6: Latin letters and hyphens, 3 to 50 characters (a hyphen only between letters); the
 * outlet's storefront address is the name in lower case, so it is unique whatever the case.
 */
export const OutletName = z
  .string()
  .trim()
  .min(1)
  .min(LIMITS_SIGNUP.outletNameMin)
  .max(LIMITS_SIGNUP.outletNameMax)
  .regex(/^[A-Za-z]+(?:-[A-Za-z]+)*$/, { message: 'outlet_name_invalid' });

/** The slug (storefront address) of an outlet name. */
export const slugOfOutletName = (name: string): string => name.trim().toLowerCase();

/** Slugs that are paths of ours or could pass for the platform. */
export const RESERVED_SLUGS: readonly string[] = [
  'admin',
  'api',
  'assets',
  'auth',
  'emulators',
  'login',
  'new',
  'oidc',
  'orders',
  'platform',
  'signup',
  'static',
  'store',
  'support',
  'uploads',
  'www',
];

/** A number typed without its + and country code read in the chosen country, in E.164. */
export function phoneInCountry(value: string, country: SignupCountry | ''): string {
  const trimmed = value.trim();
  if (trimmed.startsWith('+') || !country || trimmed === '') return trimmed;
  const parsed = parsePhoneNumberFromString(trimmed, country as CountryCode);
  return parsed?.isValid() ? parsed.number : trimmed;
}

export const OutletSignupBody = z.object({
  country: SignupCountry,
  outletName: OutletName,
  phoneNumber: InternationalPhone,
  /** The admin language the outlet starts with (the language the owner signs up in). */
  language: Language.optional(),
});
export type OutletSignupBody = z.infer<typeof OutletSignupBody>;
export type OutletSignupInput = z.input<typeof OutletSignupBody>;

export const OutletSignupResult = z.object({
  tenantId: Uuid,
  branchId: Uuid,
  slug: z.string(),
  trialEndsAt: z.string(),
});
export type OutletSignupResult = z.infer<typeof OutletSignupResult>;

/** The codes of a refused sign-up. */
export const SIGNUP_ERROR_CODES = {
  nameTaken: 'outlet_name_taken',
  alreadyMember: 'already_has_tenant',
} as const;

const route = routesOf('identity');

export const outletSignupRoutes = {
  outletSignup: route({
    method: 'POST',
    path: `${ADMIN_PATH}/signup/outlet`,
    access: { signedIn: true },
    summary: 'A signed-in user without a tenant signs up an outlet and becomes its owner',
    description: [
      'Creates the tenant (currency and time zone of the country, a 30-day trial), its first',
      'branch with the phone, an empty menu section, and the caller as StoreOwner, in one',
      'transaction. 422 `outlet_name_taken` on `outletName` when the name (any case) or its',
      'storefront address is taken or reserved; 409 `already_has_tenant` for a member of a',
      'tenant or a super admin.',
    ].join(' '),
    body: OutletSignupBody,
    status: 201,
    results: OutletSignupResult,
    conflicts: [SIGNUP_ERROR_CODES.alreadyMember],
  }),
};
