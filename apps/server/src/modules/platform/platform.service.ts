import type { PlatformTenant } from '@app/contracts';
import { currencyOf } from '@app/contracts';
import type { PlatformRepository } from './platform.repository.ts';

/** The super admin's tenant list. */
export function createPlatformService(deps: { repository: PlatformRepository }) {
  const { repository } = deps;
  return {
    async allTenants(): Promise<PlatformTenant[]> {
      const [rows, branchCounts, memberCounts] = await Promise.all([
        repository.allTenants(),
        repository.branchCounts(),
        repository.memberCounts(),
      ]);
      return rows.map((t) => ({
        tenantId: t.id,
        slug: t.slug,
        localizedName: t.name,
        defaultCurrency: currencyOf(t.defaultCurrency),
        isIntegrated: t.isIntegrated,
        branchCount: branchCounts.get(t.id) ?? 0,
        memberCount: memberCounts.get(t.id) ?? 0,
        createdAt: t.createdAt.toISOString(),
      }));
    },
  };
}

export type PlatformService = ReturnType<typeof createPlatformService>;
