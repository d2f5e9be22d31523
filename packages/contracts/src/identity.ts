import type { ErrorCode } from './error-codes.ts';
import { z } from 'zod';
import {
  CheckoutTemplate,
  Currency,
  Language,
  LocalizedText,
  TenantParams,
  Text,
  Uuid,
} from './common.ts';
import { MembershipRole, Permission } from './access.ts';
import { BranchOperatingStatus } from './branch-basics.ts';
import { ADMIN_PATH, routesOf, TENANT_PATH } from './http.ts';

/** What the SPA needs to start an OIDC sign-in (public, no token). */
export const AuthConfig = z.object({
  /** The OIDC authority (a B2C policy may be in its path); discovery is under it. */
  authority: z.string(),
  clientId: z.string(),
  scope: z.string(),
  /** The API's audience: send it as `resource` when the issuer needs it. */
  audience: z.string(),
  /** The token claim that carries the role. */
  roleClaim: z.string(),
  /** Where "forgot password" at the issuer (Azure AD B2C's AADB2C90118) continues; null: none. */
  passwordResetUrl: z.string().url().nullable(),
});
export type AuthConfig = z.infer<typeof AuthConfig>;

export const CurrentUser = z.object({
  userId: Uuid,
  email: z.string(),
  name: z.string(),
  isSuperAdmin: z.boolean(),
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const BranchSummary = z.object({
  branchId: Uuid,
  branchName: LocalizedText,
  timeZone: z.string(),
  checkoutTemplates: z.array(CheckoutTemplate),
  branchOperatingStatus: BranchOperatingStatus,
});
export type BranchSummary = z.infer<typeof BranchSummary>;

export const TenantSummary = z.object({
  tenantId: Uuid,
  localizedName: LocalizedText,
  defaultAdminLanguage: Language,
  defaultCurrency: Currency,
  isIntegrated: z.boolean(),
  view_ShowSection: z.boolean(),
  branches: z.array(BranchSummary),
});
export type TenantSummary = z.infer<typeof TenantSummary>;

/** One tenant of the signed-in user, for the tenant switcher. */
export const UserTenant = TenantSummary.extend({ role: MembershipRole });
export type UserTenant = z.infer<typeof UserTenant>;

export const TaxType = z.enum(['ADDITIVE', 'INCLUSIVE']);
export type TaxType = z.infer<typeof TaxType>;

export const TaxDefinition = z.object({
  id: Uuid,
  taxType: TaxType,
  /** Exact decimal as text, e.g. "16.0000". */
  percentage: z.string(),
  title: LocalizedText,
});
export type TaxDefinition = z.infer<typeof TaxDefinition>;

export const BranchProfileSummary = z.object({
  branchId: Uuid,
  branchName: LocalizedText,
  phoneNumber: z.string().nullable(),
  timeZone: z.string(),
  checkoutTemplates: z.array(CheckoutTemplate),
  defaultCurrency: Currency,
  branchOperatingStatus: BranchOperatingStatus,
});
export type BranchProfileSummary = z.infer<typeof BranchProfileSummary>;

/** Spec §3 "Tenant profile", as the signed-in user sees it (with their role and permissions). */
export const TenantProfile = z.object({
  tenantId: Uuid,
  localizedName: LocalizedText,
  defaultAdminLanguage: Language,
  defaultCurrency: Currency,
  landingImageUrl: z.string().nullable(),
  bannerImageUrl: z.string().nullable(),
  /** true means dine-in focused. */
  view_ShowSection: z.boolean(),
  // The spec's spelling.
  taxDefenitions: z.array(TaxDefinition),
  isIntegrated: z.boolean(),
  branchProfiles: z.array(BranchProfileSummary),
  role: MembershipRole,
  permissions: z.array(Permission),
});
export type TenantProfile = z.infer<typeof TenantProfile>;

export const TenantProfileQuery = z.object({
  // A tenant id, or 'notset' when the SPA has none stored.
  preferredTenantId: Text.max(64).optional(),
});
export type TenantProfileQuery = z.infer<typeof TenantProfileQuery>;

/** operations-platform §4.7, §5.6, §8, §9: e-mail verification and the legacy migration. */
export const LIMITS_EMAIL = {
  /** 'Email just sent please wait two minutes': one verification e-mail per this many seconds. */
  resendAfterSeconds: 120,
  /**
   * §9 counts down to a fixed date in April 2025 with a 7-day window; here the window starts
   * when the address is set (sign-up or migration), so every new address gets its 7 days.
   */
  verificationWindowDays: 7,
  emailMax: 254,
  /** §5.6: the owner's name, at least 3 characters. */
  ownerNameMin: 3,
  ownerNameMax: 100,
} as const;

/** An e-mail address (§5.6 'Please enter a valid email address'); codes required, email_invalid. */
export const EmailAddress = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS_EMAIL.emailMax)
  .pipe(z.email({ message: 'email_invalid' }))
  .transform((v) => v.toLowerCase())
  .meta({ examples: ['owner@example.com', 'Lina.Haddad@example.org'] });

/** Spec §3 "Email verification status", and when the countdown of §4.7 ends. */
export const EmailVerificationStatus = z.object({
  isVerified: z.boolean(),
  /** The account signs in with an address of the old system. */
  isLegacyEmail: z.boolean(),
  /** The platform asks this legacy account to move to a new address (the update banner). */
  forceLegacyEmailMigrate: z.boolean(),
  /** After the migration: the legacy address now linked to the new one; null before. */
  linkedLegacyEmail: z.string().nullable(),
  email: z.string(),
  /**
   * The address a legacy account asked to move to, waiting for its link to be opened (it then
   * becomes `email`); null when none waits. Until then `email` signs in.
   */
  pendingEmail: z.string().nullable(),
  /** The end of the verification window (§4.7 countdown); null once verified. */
  verificationDeadline: z.string().nullable(),
});
export type EmailVerificationStatus = z.infer<typeof EmailVerificationStatus>;

export const EmailVerificationSent = z.object({ sentTo: z.string() });
export type EmailVerificationSent = z.infer<typeof EmailVerificationSent>;

/** §5.6 legacy email dialog: the owner's name and the new address. */
export const EmailMigrationBody = z.object({
  name: Text.trim().min(1).min(LIMITS_EMAIL.ownerNameMin).max(LIMITS_EMAIL.ownerNameMax),
  newEmail: EmailAddress,
});
export type EmailMigrationBody = z.infer<typeof EmailMigrationBody>;

export const EmailMigrationResult = z.object({ success: z.boolean() });
export type EmailMigrationResult = z.infer<typeof EmailMigrationResult>;

/** The codes of the e-mail calls' refusals (400 and 409), for the clients. */
export const EMAIL_ERROR_CODES = {
  justSent: 'email_just_sent',
  alreadyVerified: 'email_already_verified',
  inUse: 'email_in_use',
  notLegacy: 'email_not_legacy',
  alreadyMigrated: 'email_already_migrated',
} as const satisfies Record<string, ErrorCode>;

/** The language of the e-mail a call sends (the admin's); else the browser's. */
export const MailLanguageQuery = z.object({ lang: Language.optional() });

const route = routesOf('identity');

/** Sign-in configuration and the signed-in user's own data (operations-platform §7.3). */
export const identityRoutes = {
  authConfig: route({
    method: 'GET',
    path: '/api/public/auth-config',
    access: { public: true },
    summary: 'What the admin needs to start an OpenID Connect sign-in',
    results: AuthConfig,
  }),
  me: route({
    method: 'GET',
    path: `${ADMIN_PATH}/users/me`,
    access: { signedIn: true },
    summary: 'The signed-in user',
    results: CurrentUser,
  }),
  userTenants: route({
    method: 'GET',
    path: `${ADMIN_PATH}/users/tenants`,
    access: { signedIn: true },
    summary: "The signed-in user's tenants, with the role in each and their branches",
    results: z.array(UserTenant),
  }),
  tenantProfile: route({
    method: 'GET',
    path: `${ADMIN_PATH}/tenants/`,
    access: { signedIn: true },
    summary:
      "The signed-in user's tenant profile: the preferred tenant when a member, else the first",
    description: '404 when the user belongs to no tenant (the admin sends them to sign-up).',
    query: TenantProfileQuery,
    results: TenantProfile,
  }),
  emailVerificationStatus: route({
    method: 'GET',
    path: `${TENANT_PATH}/emailverification/status`,
    access: { permission: 'EmailVerification' },
    summary: "The signed-in user's address: verified, legacy, migrated (the banners of §4.7)",
    params: TenantParams,
    results: EmailVerificationStatus,
  }),
  emailVerificationSend: route({
    method: 'POST',
    path: `${TENANT_PATH}/emailverification/send`,
    access: { permission: 'EmailVerification' },
    summary: 'Sends a verification e-mail with a link to the signed-in user',
    description:
      '400 `email_just_sent` within two minutes of the last one; 409 `email_already_verified`.',
    params: TenantParams,
    query: MailLanguageQuery,
    body: z.object({}),
    results: EmailVerificationSent,
    conflicts: [EMAIL_ERROR_CODES.alreadyVerified],
  }),
  emailVerificationMigrate: route({
    method: 'POST',
    path: `${TENANT_PATH}/emailverification/migrate`,
    access: { permission: 'EmailVerification' },
    summary: "Moves a legacy account to a new address (the owner's name with it)",
    description: [
      'The account then signs in with `newEmail` (same password), which gets a verification',
      'e-mail; the legacy address is kept as `linkedLegacyEmail`. 400 `email_in_use` when',
      'another account has that address; 409 `email_not_legacy` or `email_already_migrated`.',
    ].join(' '),
    params: TenantParams,
    query: MailLanguageQuery,
    body: EmailMigrationBody,
    results: EmailMigrationResult,
    conflicts: [EMAIL_ERROR_CODES.notLegacy, EMAIL_ERROR_CODES.alreadyMigrated],
  }),
};
