import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { IMAGE_LIMITS, imagesRoutes as routes } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import { readUpload } from '../../plugins/upload.ts';
import type { ImagesService } from './images.service.ts';

/**
 * Image upload for the catalogue editors and branding: jpeg, png or bmp by content, at most 1 MB
 * and 25 megapixels, stored re-encoded (422 `image_invalid`, `image_too_large` otherwise).
 */
export const imagesHandlers =
  (images: ImagesService): FastifyPluginAsync =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: IMAGE_LIMITS.maxBytes, files: 1, fields: 5, parts: 6 },
    });
    handle(app, routes.upload, async ({ params, request }) =>
      images.upload(params.tenantId, await readUpload(request)),
    );
  };
