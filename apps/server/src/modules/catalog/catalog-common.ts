import type { Db, Tx } from '../../db/client.ts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import type { CatalogRepository } from './catalog.repository.ts';

/** Recognises the image urls the upload call handed this tenant. */
export type TenantImages = { isTenantImage(tenantId: string, url: string): Promise<boolean> };

/**
 * An item's modifier groups: the links (stored by the modifier groups' module, which reads them
 * too) and which of the tenant's groups exist.
 */
export type ItemGroupLinks = {
  groupIdsOfItems(
    q: Db | Tx,
    tenantId: string,
    itemIds?: string[],
  ): Promise<{ itemId: string; groupId: string }[]>;
  groups(q: Db | Tx, tenantId: string, ids: string[]): Promise<unknown[]>;
  setItemGroups(q: Db | Tx, tenantId: string, itemId: string, groupIds: string[]): Promise<void>;
};

/** What the section, item and tree services of the catalogue are built from. */
export type CatalogDeps = {
  db: Db;
  repository: CatalogRepository;
  itemGroups: ItemGroupLinks;
  images: TenantImages;
  treeCacheSize?: number;
};

export async function tenantFlags(repo: CatalogRepository, q: Db | Tx, tenantId: string) {
  const f = await repo.tenantFlags(q, tenantId);
  if (!f) throw new NotFound('Tenant');
  return f;
}

/** Only this tenant's own uploads: never another tenant's file or an outside address. */
export async function imageErrors(images: TenantImages, tenantId: string, urls: readonly string[]) {
  const own = await Promise.all(urls.map((url) => images.isTenantImage(tenantId, url)));
  return own.every(Boolean) ? [] : [{ field: 'images', codes: ['image_url_invalid'] }];
}

export async function assertImages(
  images: TenantImages,
  tenantId: string,
  urls: readonly string[],
) {
  const errors = await imageErrors(images, tenantId, urls);
  if (errors.length > 0) throw new ValidationFailed(errors);
}
