import { z } from 'zod';
import { CheckoutTemplate, Currency, Language, LocalizedText, Text, Uuid } from './common.ts';
import { MembershipRole, Permission } from './access.ts';
import { BranchOperatingStatus } from './branch-basics.ts';
import { routesOf } from './http.ts';

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
    path: '/api/admin/users/me',
    access: { signedIn: true },
    summary: 'The signed-in user',
    results: CurrentUser,
  }),
  userTenants: route({
    method: 'GET',
    path: '/api/admin/users/tenants',
    access: { signedIn: true },
    summary: "The signed-in user's tenants, with the role in each and their branches",
    results: z.array(UserTenant),
  }),
  tenantProfile: route({
    method: 'GET',
    path: '/api/admin/tenants/',
    access: { signedIn: true },
    summary:
      "The signed-in user's tenant profile: the preferred tenant when a member, else the first",
    description: '404 when the user belongs to no tenant (the admin sends them to sign-up).',
    query: TenantProfileQuery,
    results: TenantProfile,
  }),
};
