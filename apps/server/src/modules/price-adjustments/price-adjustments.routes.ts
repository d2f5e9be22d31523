import type { FastifyPluginAsync } from 'fastify';
import { priceAdjustmentsRoutes as routes } from '@app/contracts';
import { handle, handleDelete } from '../../plugins/handle.ts';
import type { PriceAdjustmentsService } from './price-adjustments.service.ts';

/** menu-management.md §7, price adjustments: the contracts' routes, answered by the service. */
export const priceAdjustmentsHandlers =
  (adjustments: PriceAdjustmentsService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.list, ({ params }) => adjustments.list(params.tenantId));
    handle(app, routes.create, ({ params, body }) => adjustments.create(params.tenantId, body));
    handle(app, routes.linkVariants, ({ params, body }) =>
      adjustments.linkVariants(
        params.tenantId,
        params.id,
        body.SelectedVariantsIds,
        body.removedVariantId,
      ),
    );
    handle(app, routes.get, ({ params }) => adjustments.get(params.tenantId, params.id));
    handle(app, routes.update, ({ params, body }) =>
      adjustments.update(params.tenantId, params.id, body),
    );
    handleDelete(app, routes.remove, adjustments.remove);
    handle(app, routes.schedule, ({ params }) =>
      adjustments.getSchedule(params.tenantId, params.id),
    );
    handle(app, routes.setSchedule, ({ params, body }) =>
      adjustments.setSchedule(params.tenantId, params.id, body),
    );
  };
