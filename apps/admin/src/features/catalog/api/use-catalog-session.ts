import { useMemo } from 'react';
import type { BranchProfileSummary, Currency, TaxDefinition } from '@app/contracts';
import { useCurrentTenant, useSession } from '../../../app/session.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { catalogAccess, type CatalogAccess } from '../lib/access.ts';

export interface CatalogSession extends CatalogAccess {
  tenantId: string;
  lang: ReturnType<typeof useLanguage>;
  currency: Currency | null;
  isIntegrated: boolean;
  /** view_ShowSection: false means the storefront is delivery focused. */
  showSections: boolean;
  taxes: readonly TaxDefinition[];
  branches: readonly BranchProfileSummary[];
}

/** What the catalogue screens need from the session and the tenant profile. */
export function useCatalogSession(): CatalogSession {
  const session = useSession();
  const tenant = useCurrentTenant();
  const lang = useLanguage();
  const { profile } = session;
  const role = session.user?.role;
  const isIntegrated = profile?.isIntegrated ?? tenant?.isIntegrated ?? false;
  return useMemo(
    () => ({
      ...catalogAccess(role, isIntegrated),
      tenantId: session.tenantId ?? '',
      lang,
      currency: profile?.defaultCurrency ?? null,
      isIntegrated,
      showSections: profile?.view_ShowSection ?? true,
      taxes: profile?.taxDefenitions ?? [],
      branches: profile?.branchProfiles ?? [],
    }),
    [role, isIntegrated, session.tenantId, lang, profile],
  );
}
