import type { FastifyPluginAsync } from 'fastify';
import { ticketsRoutes as routes } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import type { TicketsService } from './tickets.service.ts';

/** operations-platform §7.4: live orders, the ticket view and its actions, printing. */
export const ticketsHandlers =
  (tickets: TicketsService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.list, ({ auth, query }) => tickets.list(auth.tenantIds ?? [], query));
    handle(app, routes.counters, ({ auth, query }) =>
      tickets.counters(auth.tenantIds ?? [], query.tenantId),
    );
    handle(app, routes.get, ({ params }) => tickets.get(params.tenantId, params.ticketId));
    handle(app, routes.updateStatus, ({ params, body, auth }) =>
      tickets.updateStatus(params.tenantId, params.ticketId, body, auth.userId),
    );
    handle(app, routes.transfer, ({ params, body, auth }) =>
      tickets.transfer(params.tenantId, params.branchId, body, auth.userId),
    );
    handle(app, routes.createPrint, ({ params, body, auth }) =>
      tickets.createPrint(params.tenantId, body.cartTicketId, auth.userId),
    );
    handle(app, routes.receipt, async ({ params, query, reply }) => {
      const html = await tickets.receipt(
        params.tenantId,
        params.printId,
        params.adminLanguage,
        query.size,
      );
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    });
  };
