import type { FastifyPluginAsync } from 'fastify';
import { outletSettingsRoutes as routes } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import type { OutletStatusService } from './outlet-status.service.ts';

/** operations-platform §2.7 and §7.3: the outlet status of every branch. */
export const outletStatusHandlers =
  (status: OutletStatusService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.statuses, ({ params }) => status.list(params.tenantId));
    handle(app, routes.setStatus, ({ params, body }) =>
      status.update(params.tenantId, params.branchId, body),
    );
  };
