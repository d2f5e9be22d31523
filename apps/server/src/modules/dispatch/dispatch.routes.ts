import type { FastifyPluginAsync } from 'fastify';
import { dispatchRoutes as routes } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import type { DispatchService } from './dispatch.service.ts';

/** operations-platform §7.4 dispatchdriver and §7.3 talabatExpress/outlet. */
export const dispatchHandlers =
  (dispatch: DispatchService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.request, ({ params, body }) => dispatch.request(params.tenantId, body));
    handle(app, routes.cancel, ({ params, body }) => dispatch.cancel(params.tenantId, body));
    handle(app, routes.status, ({ params, body }) => dispatch.status(params.tenantId, body));
    handle(app, routes.config, ({ params }) => dispatch.config(params.tenantId, params.id));
    handle(app, routes.outlet, ({ params }) => dispatch.outlet(params.tenantId, params.branchId));
    handle(app, routes.saveOutlet, ({ params, body }) =>
      dispatch.saveOutlet(params.tenantId, params.branchId, body),
    );
  };
