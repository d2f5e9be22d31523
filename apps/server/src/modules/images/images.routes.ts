import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATALOG_LIMITS, ROUTE_ROLES, Uuid, envelope } from '@app/contracts';
import { ValidationFailed } from '../../errors.ts';
import type { ImagesService } from './images.service.ts';

const ImageResult = z.object({
  url: z.string(),
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});

/**
 * Image upload for the catalogue editors and branding: jpeg, png or bmp by content, at most 1 MB
 * and 25 megapixels, stored re-encoded (422 `image_invalid`, `image_too_large` otherwise).
 */
export const imagesRoutes =
  (images: ImagesService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: CATALOG_LIMITS.imageMaxBytes, files: 1, fields: 5, parts: 6 },
    });
    app.post(
      '/api/admin/tenants/:tenantId/ImagesHandler/images',
      {
        config: { access: { tenant: true, roles: ROUTE_ROLES.catalogEditors } },
        schema: {
          tags: ['images'],
          security: [{ bearer: [] }],
          summary: 'Upload an image (multipart field "file"); 201 with its url',
          consumes: ['multipart/form-data'],
          params: z.object({ tenantId: Uuid }),
          response: { 201: envelope(ImageResult) },
        },
      },
      async (req, reply) => {
        if (!req.isMultipart()) throw new ValidationFailed('file', ['required']);
        const file = await req.file();
        if (!file) throw new ValidationFailed('file', ['required']);
        // Over the limit, toBuffer throws the 413 the error handler answers with.
        const bytes = await file.toBuffer();
        return reply.status(201).send({ results: await images.upload(req.params.tenantId, bytes) });
      },
    );
  };
