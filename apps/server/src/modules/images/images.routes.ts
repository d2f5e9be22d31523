import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { IMAGE_LIMITS, imagesRoutes as routes } from '@app/contracts';
import { BadRequest, ValidationFailed } from '../../errors.ts';
import { handle } from '../../plugins/handle.ts';
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

/** The bytes of the upload's file part; a body that is not well-formed multipart answers 400. */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ValidationFailed('file', ['required']);
  try {
    const file = await request.file();
    if (!file) throw new ValidationFailed('file', ['required']);
    // Over the limit, toBuffer throws the 413 the error handler answers with.
    return await file.toBuffer();
  } catch (error) {
    // The parser's own errors (no boundary, data ending mid-part) carry no status.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw new BadRequest('The multipart body is malformed');
  }
}
