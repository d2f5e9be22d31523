import type { Role } from '@app/contracts';

export interface CatalogAccess {
  /** Category and item editors, creating, deleting, sorting, moving, the banner. */
  canEdit: boolean;
  /** The schedule editor: owners, also when the menu is integrated. */
  canEditSchedule: boolean;
  /** Hiding and showing items: every role that sees the catalogue. */
  canToggleAvailability: boolean;
}

/**
 * menu-management.md §6: only a store owner opens the category, item and schedule editors;
 * category and item editors also need a menu that is not integrated.
 */
export function catalogAccess(role: Role | undefined, isIntegrated: boolean): CatalogAccess {
  const owner = role === 'StoreOwner';
  return {
    canEdit: owner && !isIntegrated,
    canEditSchedule: owner,
    canToggleAvailability: role !== undefined && role !== 'SuperAdmin',
  };
}
