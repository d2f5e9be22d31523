import type { FastifyPluginAsync } from 'fastify';
import { reportsRoutes as routes, XLSX_CONTENT_TYPE } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import type { ReportsService } from './reports.service.ts';

/** operations-platform §7.1: the orders report, its Excel export and the zones of its filter. */
export const reportsHandlers =
  (reports: ReportsService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.cartTickets, ({ params, body }) =>
      reports.cartTickets(params.tenantId, body),
    );
    handle(app, routes.exportCartTickets, async ({ params, body, reply }) => {
      const file = await reports.exportCartTickets(params.tenantId, body);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    });
    handle(app, routes.deliveryZones, ({ params }) => reports.deliveryZones(params.tenantId));
  };
