import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { serviceAreasRoutes as routes } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import { contentDisposition, type QrFile } from './qr-codes.ts';
import type { ServiceAreasService } from './service-areas.service.ts';

const sendFile = (reply: FastifyReply, file: QrFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.body);

/** operations-platform §7.2: sections, tables, unique links and QR codes, at the spec's paths. */
export const serviceAreasHandlers =
  (service: ServiceAreasService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.sections, ({ params }) =>
      service.sections(params.tenantId, params.branchId),
    );
    handle(app, routes.createSection, ({ params, body }) =>
      service.createSection(params.tenantId, params.branchId, body),
    );
    handle(app, routes.updateSection, ({ params, body }) =>
      service.updateSection(params.tenantId, params.branchId, params.id, body),
    );
    handle(app, routes.serviceAreas, ({ params, query }) =>
      service.serviceAreas(params.tenantId, params.branchId, query),
    );
    handle(app, routes.createServiceAreas, ({ params, body }) =>
      service.createServiceAreas(params.tenantId, params.branchId, body),
    );
    handle(app, routes.updateServiceArea, ({ params, body }) =>
      service.updateServiceArea(params.tenantId, params.branchId, params.id, body),
    );
    handle(app, routes.uniqueLinks, ({ params }) =>
      service.uniqueLinks(params.tenantId, params.branchId, params.template),
    );
    handle(app, routes.createUniqueLink, ({ params, body }) =>
      service.createUniqueLink(params.tenantId, params.branchId, params.template, body),
    );
    handle(app, routes.serviceAreaQrCodes, async ({ params, body, reply }) =>
      sendFile(reply, await service.serviceAreaQrCodes(params.tenantId, params.branchId, body)),
    );
    handle(app, routes.uniqueLinkQrCodes, async ({ params, body, reply }) =>
      sendFile(reply, await service.uniqueLinkQrCodes(params.tenantId, params.branchId, body)),
    );
  };
