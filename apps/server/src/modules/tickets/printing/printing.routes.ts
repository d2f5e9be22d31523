import type { FastifyPluginAsync } from 'fastify';
import { printerRoutes as routes } from '@app/contracts';
import { handle } from '../../../plugins/handle.ts';
import type { PrintingService } from './printing.service.ts';

/** Issue 37: a branch's printers, and a ticket's print jobs and reprints. */
export const printingHandlers =
  (printing: PrintingService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.createPrinter, ({ params, body }) =>
      printing.create(params.tenantId, params.branchId, body),
    );
    handle(app, routes.branchPrinters, ({ params }) =>
      printing.branchPrinters(params.tenantId, params.branchId),
    );
    handle(app, routes.deletePrinter, ({ params }) =>
      printing.remove(params.tenantId, params.branchId, params.id),
    );
    handle(app, routes.ticketPrintJobs, ({ params }) =>
      printing.ticketJobs(params.tenantId, params.ticketId),
    );
    handle(app, routes.reprint, ({ params, body, auth }) =>
      printing.reprint(params.tenantId, params.ticketId, body, auth.userId),
    );
  };
