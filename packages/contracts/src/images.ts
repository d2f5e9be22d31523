import { z } from 'zod';
import { TenantParams } from './common.ts';
import { routesOf, TENANT_PATH } from './http.ts';

/** menu-management.md §5: image uploads, jpeg, png or bmp by content, at most 1 MB. */
export const IMAGE_LIMITS = { maxBytes: 1_048_576 } as const;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/bmp'] as const;

/** The preferred size of each image the editors crop (menu-management §5, operations §9). */
export const IMAGE_SIZES = {
  banner: { width: 1360, height: 600 },
  item: { width: 1000, height: 624 },
  section: { width: 900, height: 500 },
} as const;

export const UploadedImage = z.object({
  url: z.string(),
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

const route = routesOf('images');

export const imagesRoutes = {
  upload: route({
    method: 'POST',
    path: `${TENANT_PATH}/ImagesHandler/images`,
    // Every editor with an image is the owner's (menu-management §6).
    access: { permission: 'EditCatalog' },
    summary: 'Upload an image (multipart field "file"); 201 with its url',
    params: TenantParams,
    consumes: 'multipart/form-data',
    results: UploadedImage,
    status: 201,
  }),
};
