import type { FastifyPluginAsync } from 'fastify';
import { posMappingRoutes as routes } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import type { PosMappingService } from './pos-mapping.service.ts';

/** menu-management §7: integration-posmapping and the HubRise reads. */
export const posMappingHandlers =
  (pos: PosMappingService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.list, ({ params }) => pos.list(params.tenantId));
    handle(app, routes.mapItem, ({ params, body }) =>
      pos.mapItem(params.tenantId, params.id, body),
    );
    handle(app, routes.mapModifierItem, ({ params, body }) =>
      pos.mapModifierItem(params.tenantId, params.id, body),
    );
    handle(app, routes.mapModifierGroup, ({ params, body }) =>
      pos.mapModifierGroup(params.tenantId, params.id, body),
    );
    handle(app, routes.hubriseProducts, ({ params, query }) =>
      pos.hubriseProducts(params.tenantId, query),
    );
    handle(app, routes.hubriseModifierGroups, ({ params, query }) =>
      pos.hubriseModifierGroups(params.tenantId, query),
    );
  };
