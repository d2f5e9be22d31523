import { imagesRoutes } from '@app/contracts';
import { callApi } from './api-client.ts';

/**
 * POST api/admin/tenants/{tenantId}/ImagesHandler/images: multipart field `file`, 201 with the
 * url. Through the shared client, so a 401 or 403 is handled like any other call; a failure
 * (413 too large, 422 `image_type_not_allowed`, ...) is thrown as an ApiError with its status.
 */
export async function uploadImage(
  tenantId: string,
  image: Blob,
  fileName: string,
): Promise<string> {
  const form = new FormData();
  form.append('file', image, fileName);
  const { url } = await callApi(imagesRoutes.upload, { params: { tenantId }, form });
  return url;
}
