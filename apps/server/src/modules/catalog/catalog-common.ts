import type { Db, Tx } from '../../db/client.ts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import { catalogRepository as repo } from './catalog.repository.ts';

/** Recognises the image urls the upload call handed this tenant. */
export type TenantImages = { isTenantImage(tenantId: string, url: string): Promise<boolean> };

/** What the section, item and tree services of the catalogue are built from. */
export type CatalogDeps = {
  db: Db;
  images: TenantImages;
  treeCacheSize?: number;
};

export async function tenantFlags(q: Db | Tx, tenantId: string) {
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
