import { useMemo } from 'react';
import type { BranchProfileSummary, Currency, Permission, TaxDefinition } from '@app/contracts';
import { useLanguage } from './i18n.ts';
import { useCurrentTenant, usePermissions, useSession } from './session.tsx';

export interface TenantSession {
  tenantId: string;
  lang: ReturnType<typeof useLanguage>;
  currency: Currency | null;
  isIntegrated: boolean;
  /** view_ShowSection: false means the storefront is delivery focused. */
  showSections: boolean;
  taxes: readonly TaxDefinition[];
  branches: readonly BranchProfileSummary[];
  /** Whether the user holds a right in this tenant (the contracts' one table of rights). */
  can: (permission: Permission) => boolean;
}

/** What a tenant's screens need from the session and the tenant profile. */
export function useTenantSession(): TenantSession {
  const session = useSession();
  const tenant = useCurrentTenant();
  const permissions = usePermissions();
  const lang = useLanguage();
  const { profile } = session;
  const isIntegrated = profile?.isIntegrated ?? tenant?.isIntegrated ?? false;
  return useMemo(
    () => ({
      tenantId: session.tenantId ?? '',
      lang,
      currency: profile?.defaultCurrency ?? null,
      isIntegrated,
      showSections: profile?.view_ShowSection ?? true,
      taxes: profile?.taxDefenitions ?? [],
      branches: profile?.branchProfiles ?? [],
      can: (permission: Permission) => permissions.has(permission),
    }),
    [isIntegrated, session.tenantId, lang, profile, permissions],
  );
}
