import type { FastifyPluginAsync } from 'fastify';
import { modifierGroupsRoutes as routes } from '@app/contracts';
import { handle, handleDelete } from '../../plugins/handle.ts';
import type { ModifierGroupsService } from './modifier-groups.service.ts';

/** menu-management.md §7, modifier groups: the contracts' routes, answered by the service. */
export const modifierGroupsHandlers =
  (groups: ModifierGroupsService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.list, ({ params }) => groups.list(params.tenantId));
    handle(app, routes.query, ({ params, query }) =>
      groups.query(params.tenantId, query.modifierGroupIds),
    );
    handle(app, routes.create, ({ params, body }) => groups.create(params.tenantId, body));
    handle(app, routes.get, ({ params }) => groups.get(params.tenantId, params.id));
    handle(app, routes.update, ({ params, body }) =>
      groups.update(params.tenantId, params.id, body),
    );
    handleDelete(app, routes.remove, groups.remove);
    handle(app, routes.linkedItems, ({ params }) => groups.linkedItems(params.tenantId, params.id));
  };
