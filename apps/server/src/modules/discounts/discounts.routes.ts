import type { FastifyPluginAsync } from 'fastify';
import { discountsRoutes as routes } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import type { DiscountsService } from './discounts.service.ts';

/** operations-platform §7.1, discounts: the contracts' routes, answered by the service. */
export const discountsHandlers =
  (discounts: DiscountsService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.list, ({ params }) => discounts.list(params.tenantId));
    handle(app, routes.get, ({ params }) => discounts.get(params.tenantId, params.id));
    handle(app, routes.create, ({ params, body }) => discounts.create(params.tenantId, body));
    handle(app, routes.update, ({ params, body }) =>
      discounts.update(params.tenantId, params.id, body),
    );
  };
