import { z } from 'zod';
import { CheckoutTemplate, Currency, Language, LocalizedText, Text, Uuid } from './common.ts';
import { Permission, Role } from './permissions.ts';
import { BranchOperatingStatus, TenantSummary } from './tenants.ts';

/** A role held inside one tenant; SuperAdmin is a platform role, never a membership. */
export const MembershipRole = Role.exclude(['SuperAdmin']);
export type MembershipRole = z.infer<typeof MembershipRole>;

/** The token claim that carries the user's role (spec §3, user profile claims). */
export const ROLE_CLAIM = 'extension_role';

/**
 * The roles allowed on each area's admin routes, from the spec's role tables
 * (operations-platform §6, menu-management §6). Routes reference these; never a literal list.
 */
export const ROUTE_ROLES = {
  // Operations (operations-platform §6).
  tickets: ['OrderTaker', 'StoreManager', 'StoreOwner'],
  reports: ['OrderTaker', 'StoreManager', 'StoreOwner'],
  discounts: ['StoreManager', 'StoreOwner'],
  operatingStatus: ['StoreManager', 'StoreOwner'],
  outletSettings: ['StoreOwner'],
  serviceAreas: ['StoreOwner'],
  deliveryFees: ['StoreOwner'],
  thirdPartyOutlet: ['StoreOwner'],
  branding: ['StoreOwner'],
  serviceAreaPaymentMethods: ['OrderTaker', 'StoreManager', 'StoreOwner'],
  tableBillPayments: ['StoreOwner'],
  dashboard: ['StoreOwner'],
  // Menu management (menu-management §6).
  catalog: ['StoreManager', 'StoreOwner'],
  // Only an owner opens the category, item and schedule editors.
  catalogEditors: ['StoreOwner'],
  // Every tenant user gets item availability (operations-platform §6 permission sets).
  itemAvailability: ['OrderTaker', 'StoreManager', 'StoreOwner'],
  modifierGroups: ['StoreManager', 'StoreOwner'],
  localization: ['StoreManager', 'StoreOwner'],
  arrange: ['StoreOwner'],
  priceAdjustments: ['StoreOwner'],
  posMapping: ['StoreOwner'],
  bulkUpload: ['StoreOwner'],
} as const satisfies Record<string, readonly MembershipRole[]>;
export type RouteArea = keyof typeof ROUTE_ROLES;

/** What the SPA needs to start an OIDC sign-in (public, no token). */
export const AuthConfig = z.object({
  /** The OIDC issuer; discovery lives at `${authority}/.well-known/openid-configuration`. */
  authority: z.string(),
  clientId: z.string(),
  scope: z.string(),
  /** The API's audience: send it as `resource` when the issuer needs it. */
  audience: z.string(),
  /** The token claim that carries the role. */
  roleClaim: z.string(),
});
export type AuthConfig = z.infer<typeof AuthConfig>;
export const AuthConfigResponse = z.object({ results: AuthConfig });
export type AuthConfigResponse = z.infer<typeof AuthConfigResponse>;

export const CurrentUser = z.object({
  userId: Uuid,
  email: z.string(),
  name: z.string(),
  isSuperAdmin: z.boolean(),
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;
export const CurrentUserResponse = z.object({ results: CurrentUser });
export type CurrentUserResponse = z.infer<typeof CurrentUserResponse>;

/** One tenant of the signed-in user, for the tenant switcher. */
export const UserTenant = TenantSummary.extend({ role: MembershipRole });
export type UserTenant = z.infer<typeof UserTenant>;
export const UserTenantsResponse = z.object({ results: z.array(UserTenant) });
export type UserTenantsResponse = z.infer<typeof UserTenantsResponse>;

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
export const TenantProfileResponse = z.object({ results: TenantProfile });
export type TenantProfileResponse = z.infer<typeof TenantProfileResponse>;

export const TenantProfileQuery = z.object({
  // A tenant id, or 'notset' when the SPA has none stored.
  preferredTenantId: Text.max(64).optional(),
});
export type TenantProfileQuery = z.infer<typeof TenantProfileQuery>;

/** One row of the super admin's tenant list (spec admin/tenants). */
export const PlatformTenant = z.object({
  tenantId: Uuid,
  slug: z.string(),
  localizedName: LocalizedText,
  defaultCurrency: Currency,
  isIntegrated: z.boolean(),
  branchCount: z.number().int(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type PlatformTenant = z.infer<typeof PlatformTenant>;
export const PlatformTenantsResponse = z.object({ results: z.array(PlatformTenant) });
export type PlatformTenantsResponse = z.infer<typeof PlatformTenantsResponse>;
