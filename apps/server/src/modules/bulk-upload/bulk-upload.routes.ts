import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { BULK_UPLOAD_LIMITS, XLSX_CONTENT_TYPE, bulkUploadRoutes as routes } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import { readUpload } from '../../plugins/upload.ts';
import type { BulkUploadService } from './bulk-upload.service.ts';

/** menu-management §7: the bulk upload (multipart field "file", at most 1 MB: 413 above). */
export const bulkUploadHandlers =
  (bulkUpload: BulkUploadService): FastifyPluginAsync =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: BULK_UPLOAD_LIMITS.maxBytes, files: 1, fields: 5, parts: 6 },
    });
    handle(app, routes.upload, async ({ params, request }) =>
      bulkUpload.upload(params.tenantId, await readUpload(request)),
    );
    handle(app, routes.menu, async ({ params, reply }) => {
      const file = await bulkUpload.menu(params.tenantId);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', 'attachment; filename="menu.xlsx"')
        .header('cache-control', 'no-store')
        .send(file);
    });
    handle(app, routes.template, async ({ reply }) => {
      const file = await bulkUpload.template();
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', 'attachment; filename="menu-bulk-upload-template.xlsx"')
        .header('cache-control', 'no-store')
        .send(file);
    });
  };
