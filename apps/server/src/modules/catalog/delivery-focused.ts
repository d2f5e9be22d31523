import type { Db, Tx } from '../../db/client.ts';
import { Forbidden, NotFound } from '../../errors.ts';
import type { CatalogRepository } from './catalog.repository.ts';

/**
 * A delivery-focused store view shows no main sections, so none may be created, edited, deleted
 * or moved there (menu-management.md §2 screen 5: "editing main sections is disabled").
 */
export async function assertMainSectionsEditable(
  repo: CatalogRepository,
  q: Db | Tx,
  tenantId: string,
): Promise<void> {
  const flags = await repo.tenantFlags(q, tenantId);
  if (!flags) throw new NotFound('Tenant');
  if (!flags.viewShowSection) {
    throw new Forbidden('The store view is delivery focused', 'view_delivery_focused');
  }
}
