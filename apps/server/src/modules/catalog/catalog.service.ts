import type { CatalogDeps } from './catalog-common.ts';
import { createItemsService } from './items.service.ts';
import { createSectionsService } from './sections.service.ts';
import { createTreeService } from './tree.service.ts';

export type { TenantImages } from './catalog-common.ts';

export type CatalogService = ReturnType<typeof createCatalogService>;

/** The catalogue's calls: the tree and its arrangement, sections, items. */
export function createCatalogService(deps: CatalogDeps) {
  return {
    ...createTreeService(deps),
    ...createSectionsService(deps),
    ...createItemsService(deps),
  };
}
