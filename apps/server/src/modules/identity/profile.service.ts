import {
  currencyOf,
  DEFAULT_LANGUAGE,
  Language,
  permissionsFor,
  type BranchProfileSummary,
  type CurrentUser,
  type TenantProfile,
  type UserTenant,
} from '@app/contracts';
import { NotFound } from '../../errors.ts';
import { inactive } from '../../plugins/auth.ts';
import { branchSummary } from './branches.ts';
import type { BranchRow, TenantRow } from './identity.table.ts';
import type { ProfileRepository } from './profile.repository.ts';

const languageOf = (value: string): Language => Language.catch(DEFAULT_LANGUAGE).parse(value);

function branchProfile(b: BranchRow, tenant: TenantRow): BranchProfileSummary {
  return {
    ...branchSummary(b),
    phoneNumber: b.phoneNumber,
    defaultCurrency: currencyOf(tenant.defaultCurrency),
  };
}

function tenantSummary(t: TenantRow, branches: BranchRow[]) {
  return {
    tenantId: t.id,
    localizedName: t.name,
    defaultAdminLanguage: languageOf(t.defaultAdminLanguage),
    defaultCurrency: currencyOf(t.defaultCurrency),
    isIntegrated: t.isIntegrated,
    view_ShowSection: t.viewShowSection,
    branches: branches.filter((b) => b.tenantId === t.id).map(branchSummary),
  };
}

/** The signed-in user, their tenants and tenant profile. */
export function createProfileService(deps: { repository: ProfileRepository }) {
  const { repository } = deps;
  return {
    async currentUser(userId: string): Promise<CurrentUser> {
      const user = await repository.findUser(userId);
      if (!user) throw new NotFound('User');
      return {
        userId: user.id,
        email: user.email,
        name: user.displayName,
        isSuperAdmin: user.isSuperAdmin,
        emailVerified: user.emailVerified,
      };
    },

    /** The tenants the user may work in: a deactivated one is left out. */
    async userTenants(userId: string): Promise<UserTenant[]> {
      const rows = (await repository.tenantsOfUser(userId)).filter((r) => r.tenant.active);
      const branches = await repository.branchesOf(rows.map((r) => r.tenant.id));
      return rows.map(({ tenant, role }) => ({ ...tenantSummary(tenant, branches), role }));
    },

    /**
     * The preferred tenant when the user belongs to it, else their first; 404 without one (the
     * admin's sign-up), 403 `tenant_inactive` when every tenant of theirs is deactivated.
     */
    async tenantProfile(userId: string, preferredTenantId: string | undefined) {
      const all = await repository.tenantsOfUser(userId);
      const rows = all.filter((r) => r.tenant.active);
      const chosen = rows.find((r) => r.tenant.id === preferredTenantId) ?? rows[0];
      if (!chosen && all.length > 0) throw inactive();
      if (!chosen) throw new NotFound('Tenant profile');
      const { tenant, role } = chosen;
      const [branches, taxes] = await Promise.all([
        repository.branchesOf([tenant.id]),
        repository.taxesOf(tenant.id),
      ]);
      const profile: TenantProfile = {
        tenantId: tenant.id,
        localizedName: tenant.name,
        defaultAdminLanguage: languageOf(tenant.defaultAdminLanguage),
        defaultCurrency: currencyOf(tenant.defaultCurrency),
        landingImageUrl: tenant.landingImageUrl,
        bannerImageUrl: tenant.bannerImageUrl,
        view_ShowSection: tenant.viewShowSection,
        taxDefenitions: taxes.map((t) => ({
          id: t.id,
          taxType: t.taxType,
          percentage: t.percentage,
          title: t.title,
        })),
        isIntegrated: tenant.isIntegrated,
        branchProfiles: branches.map((b) => branchProfile(b, tenant)),
        role,
        permissions: [...permissionsFor({ role, isIntegrated: tenant.isIntegrated })],
      };
      return profile;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
