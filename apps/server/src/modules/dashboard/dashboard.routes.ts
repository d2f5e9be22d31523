import type { FastifyPluginAsync } from 'fastify';
import { dashboardRoutes as routes } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The owner's main dashboard (operations-platform §2.1 dashboard/main-dashboard). */
export const dashboardHandlers =
  (dashboard: DashboardService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.summary, ({ params, query }) => dashboard.summary(params.tenantId, query));
    handle(app, routes.setup, ({ params }) => dashboard.setup(params.tenantId));
  };
