import { useMemo } from 'react';
import { useTenantSession, type TenantSession } from '../../../lib/use-tenant-session.ts';

export interface CatalogSession extends TenantSession {
  /** Category and item editors, creating, deleting, sorting, moving, the banner. */
  canEdit: boolean;
  /** The schedule editor: owners, also when the menu is integrated. */
  canEditSchedule: boolean;
  /** Hiding and showing items: every role that sees the catalogue. */
  canToggleAvailability: boolean;
}

/** The tenant session with the catalogue's rights, read from the one table of rights. */
export function useCatalogSession(): CatalogSession {
  const session = useTenantSession();
  return useMemo(
    () => ({
      ...session,
      canEdit: session.can('EditCatalog'),
      canEditSchedule: session.can('EditSchedules'),
      canToggleAvailability: session.can('ItemAvailability'),
    }),
    [session],
  );
}
